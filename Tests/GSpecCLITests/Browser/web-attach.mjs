// The web runtime's `attach` in headless Chromium: touches dispatched through
// the browser's input pipeline (Input.dispatchTouchEvent), a mouse drag, a cancelled touch and a ctrl+wheel trackpad pinch reach a page that attaches
// a set to an element. Prints what the page recorded (its samples, as trace
// lines, and its events) for WebRuntimeTests to replay with `gspec run`.
// Usage: node --experimental-websocket web-attach.mjs DIST TABLE.gtab
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { open, sleep, touchInput } from './cdp.mjs';

const [dist, tablePath, touchOnlyPath] = process.argv.slice(2);
const page = `<!doctype html><meta charset="utf-8"><style>body{margin:0}#area{position:absolute;left:0;top:0;width:800px;height:600px;background:#eee}</style>
<div id="area"><div id="cell" style="position:absolute;left:60px;top:60px;width:80px;height:80px;background:#ddd"></div></div><div id="plain" style="position:absolute;left:700px;top:0;width:100px;height:100px;background:#ccc"></div>
<script type="module">
import { loadRuntime } from './gspec.mjs';
const table = new Uint8Array(await (await fetch('./set.gtab')).arrayBuffer());
const touchOnly = new Uint8Array(await (await fetch('./touch-only.gtab')).arrayBuffer());
const runtime = await loadRuntime();
window.recorded = { samples: [], events: [], targets: [] };
window.warnings = [];
const warn = console.warn;
console.warn = (...args) => { window.warnings.push(args.join(' ')); warn(...args); };
const area = document.getElementById('area');
const a = runtime.attach(area, table, {
  onEvent: (e) => { recorded.events.push(e); recorded.targets.push(e.gesture + ' ' + (e.target.id || '?')); },
  onSample: (s) => recorded.samples.push(s),
});
// A second set on the same element is an error; after detach() the element takes one again.
try { runtime.attach(area, table, { onEvent() {} }); } catch (e) { window.twice = e.message; }
const plain = document.getElementById('plain');
runtime.attach(plain, touchOnly, { onEvent() {} }).detach();
// A bad 'items' is refused before attach changes anything: the element takes a set afterwards.
for (const items of [{ nope: '.row' }, null]) {
  try { runtime.attach(plain, touchOnly, { onEvent() {}, items }); } catch (e) { (window.itemsErrors ??= []).push(e.message); }
}
window.plainEvents = [];
runtime.attach(plain, touchOnly, { onEvent: (e) => window.plainEvents.push(e) });
window.touchAction = area.style.touchAction;
window.derived = a.engine.touchAction;
window.ready = true;
</script>`;
const server = createServer((req, res) => {
  const types = { '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.gtab': 'application/octet-stream' };
  try {
    if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    const name = req.url.slice(1);
    if (!/^[a-z.-]+$/.test(name)) throw new Error('bad path');
    const body = readFileSync(name === 'set.gtab' ? tablePath : name === 'touch-only.gtab' ? touchOnlyPath : join(dist, name));
    res.writeHead(200, { 'content-type': types[name.slice(name.lastIndexOf('.'))] ?? 'text/plain' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
}).listen(0, '127.0.0.1');
await new Promise((ok) => server.on('listening', ok));
const browser = await open(`http://127.0.0.1:${server.address().port}/`, { width: 800, height: 600 });
try {
  for (let i = 0; i < 50 && !(await browser.evaluate('window.ready === true')); i++) await sleep(100);
  const { touch, tap, doubleTap, drag, pinch } = touchInput(browser);
  // A tap, then the double tap's wait runs out.
  await tap(100, 100);
  await sleep(600);
  // A double tap.
  await doubleTap(301, 100);
  await sleep(600);
  // A pinch that turns: two fingers about (400, 300) moving apart and around.
  await pinch(400, 300, 50, 6, 0.05);
  await sleep(300);
  // A one-finger pan.
  await drag(200, 400, 120, 0);
  // A mouse drag (primary button): Pointer Events of type mouse, which only `mouseDrag` takes.
  const mouse = (type, x, y, buttons) => browser.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons, clickCount: 1 });
  // (Not near the bottom: the headless window's viewport is shorter than it, and a scrollbar takes the mouse there.)
  await mouse('mouseMoved', 500, 250, 0);
  await mouse('mousePressed', 500, 250, 1);
  for (let k = 1; k <= 10; k++) {
    await mouse('mouseMoved', 500 + k * 12, 250 - k * 3, 1);
    await sleep(16);
  }
  await mouse('mouseReleased', 620, 220, 0);
  await sleep(300);
  // A touch the system cancels.
  await touch('touchStart', [[600, 400, 1]]);
  await touch('touchMove', [[630, 400, 1]]);
  await sleep(16);
  await touch('touchCancel', []);
  await sleep(300);
  // A trackpad pinch: ctrl+wheel.
  for (let k = 0; k < 8; k++) {
    await browser.send('Input.dispatchMouseEvent', { type: 'mouseWheel', x: 500, y: 200, deltaX: 0, deltaY: -20, modifiers: 2 });
    await sleep(16);
  }
  await sleep(800);
  // Two mouse clicks on an element whose set takes no mouse: one console message, no events.
  for (let k = 0; k < 2; k++) {
    await mouse('mousePressed', 750, 50, 1);
    await mouse('mouseReleased', 750, 50, 0);
    await sleep(50);
  }
  await sleep(400);
  const result = await browser.evaluate(`({ ...window.recorded, touchAction: window.touchAction, derived: window.derived,
    twice: window.twice, itemsErrors: window.itemsErrors, warnings: window.warnings, plainEvents: window.plainEvents })`);
  process.stdout.write(JSON.stringify(result));
} finally {
  browser.close();
  server.close();
}
