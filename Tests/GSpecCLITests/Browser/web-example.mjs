// The example web page (Examples/web/, served by `gspec serve --files`) in
// headless Chromium: touches through the browser's input pipeline
// (Input.dispatchTouchEvent) perform each of the photo viewer's gestures.
// Prints the page's state, its events, its session as a trace, and how long
// loadRuntime took, for WebRuntimeTests to replay with `gspec run`.
// Usage: node --experimental-websocket web-example.mjs URL
import { open, pressKey, sleep, touchInput } from './cdp.mjs';

const [url] = process.argv.slice(2);
const browser = await open(url, { width: 500, height: 800 });
try {
  for (let i = 0; i < 100 && !(await browser.evaluate('window.photoViewer !== undefined')); i++) await sleep(100);
  const { tap, doubleTap, drag, pinch } = touchInput(browser);
  // A single tap: the toolbar hides once no second tap follows.
  await tap(195, 300);
  await sleep(500);
  // A double tap zooms in (the app turns the mode `zoomed` on) ...
  await doubleTap(195, 300);
  await sleep(400);
  // ... so a one-finger drag moves the photo ...
  await drag(195, 300, 60, 20);
  // ... and a double tap zooms back out.
  await doubleTap(195, 300);
  await sleep(400);
  // A pinch that turns.
  await pinch(195, 300, 45, 5, 0.04);
  await sleep(400);
  // Zoomed by the pinch: a double tap brings it back.
  await doubleTap(195, 300);
  await sleep(400);
  // A long press opens the menu; a tap closes it.
  await tap(195, 250, 700);
  await sleep(400);
  await tap(195, 250);
  await sleep(500);
  // The fourth thumbnail, tapped on the strip.
  await tap(10 + 3 * 68 + 30, 660);
  await sleep(400);
  // The actions from the keyboard (v4): R turns the photo, Space would page
  // it but moving is off while not zoomed, ArrowRight scrolls the focused strip.
  await browser.evaluate("document.getElementById('viewer').focus()");
  await pressKey(browser, 'r');
  await pressKey(browser, ' ');
  await browser.evaluate("document.getElementById('strip').focus()");
  await pressKey(browser, 'ArrowRight');
  await sleep(100);
  // What assistive technology sees: each element's shortcuts.
  await browser.send('Accessibility.enable');
  const { nodes } = await browser.send('Accessibility.getFullAXTree');
  const shortcuts = nodes.flatMap((n) => (n.properties ?? []).filter((p) => p.name === 'keyshortcuts').map((p) => p.value.value));
  const focusable = await browser.evaluate("[document.getElementById('viewer').tabIndex, document.getElementById('strip').tabIndex]");
  // A swipe from the left edge goes back; a pull down dismisses.
  await drag(3, 300, 150, 0);
  await drag(195, 250, 0, 180);
  await sleep(300);
  const result = await browser.evaluate(`({ state: window.photoViewer.state, events: window.photoViewer.events,
    trace: window.photoViewer.trace(), touchAction: document.getElementById('viewer').style.touchAction,
    loadMs: window.photoViewer.loadMs })`);
  Object.assign(result, { shortcuts, focusable });
  process.stdout.write(JSON.stringify(result));
} finally {
  browser.close();
}
