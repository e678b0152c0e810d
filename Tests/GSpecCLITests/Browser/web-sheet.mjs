// The sheet example (Examples/web/sheet/, specs/sheet-with-list.gesture) in
// headless Chromium: touches through the browser's input pipeline
// (Input.dispatchTouchEvent). The list is an `overflow-y: auto` element the
// browser scrolls natively; the set declares that scroll. Each step records
// the list's scrollTop, the page's scroll and zoom, and the events it
// caused, for WebRuntimeTests to check; the session, as a trace, replays
// through `gspec run`.
// Usage: node --experimental-websocket web-sheet.mjs URL
import { open, pressKey, sleep, touchInput } from './cdp.mjs';

const [url] = process.argv.slice(2);
const browser = await open(url, { width: 500, height: 800 });
const steps = {};
try {
  for (let i = 0; i < 100 && !(await browser.evaluate('window.sheetExample !== undefined')); i++) await sleep(100);
  const { touch, tap, pinch } = touchInput(browser);
  const look = () => browser.evaluate(`({ scrollTop: document.getElementById('list').scrollTop, pageY: window.scrollY,
    zoom: visualViewport.scale, sheet: sheetExample.state.sheet, events: sheetExample.events.length })`);
  // The events since `before`, as "gesture state", failures left out.
  const since = async (before) => (await browser.evaluate(`sheetExample.events.slice(${before.events})`))
    .filter((e) => e.state !== 'failed').map((e) => `${e.gesture} ${e.state}`);
  // The list's top is at y = 100 + 36 on the screen; (200, 500) is well inside it.
  // Each event carries its own time, a frame apart: the browser's fling speed
  // comes from them, not from how fast a loaded machine dispatches them.
  const fling = async (x, y, dy, steps = 8) => {
    const start = Date.now() / 1000;
    const at = (type, points, k) => browser.send('Input.dispatchTouchEvent', {
      type, timestamp: start + k * 0.016, touchPoints: points.map(([px, py, id]) => ({ x: px, y: py, id, radiusX: 1, radiusY: 1, force: 1 })),
    });
    await at('touchStart', [[x, y, 1]], 0);
    for (let k = 1; k <= steps; k++) {
      await at('touchMove', [[x, y + (dy * k) / steps, 1]], k);
      await sleep(16);
    }
    await at('touchEnd', [], steps + 0.5);
  };
  const step = async (name, act, settle = 400) => {
    const before = await look();
    const lift = await act();
    const after = await (async () => { await sleep(settle); return look(); })();
    steps[name] = { before, lift, after, events: await since(before) };
  };
  steps.touchAction = await browser.evaluate(`({ list: getComputedStyle(document.getElementById('list')).touchAction,
    screen: document.getElementById('screen').style.touchAction })`);
  // One finger flung up: the list scrolls natively and keeps moving after the lift (the browser's momentum).
  await step('scroll', async () => { await fling(200, 600, -240); return look(); }, 800);
  // Flung again, and a row tapped 100 ms after the lift while the list still moves: the tap
  // stops the list (the browser's doing) and opens nothing (v5: a touch that stops momentum).
  await step('tapInMomentum', async () => {
    await fling(200, 600, -120);
    await sleep(100);
    const moving = await look();
    await tap(150, 400);
    return moving;
  }, 600);
  // Scrolled down, a pull down scrolls the list back; the sheet does not move.
  await step('pullScrolled', async () => { await fling(200, 300, 150, 10); return look(); });
  // At the top, a pull down drags the sheet; the list stays at 0.
  await browser.evaluate(`document.getElementById('list').scrollTop = 0`);
  await sleep(100);
  await step('pullAtTop', async () => { await fling(200, 300, 200, 12); return look(); });
  // Back up: the app's state, as a page would restore it.
  await browser.evaluate(`sheetExample.state.sheet = 0; document.getElementById('sheet').style.transform = ''`);
  await sleep(100);
  // Mid-scroll on the web: a touch the browser scrolls stays the browser's. From near the top, one pull
  // down scrolls the list to its top and on past it; the sheet does not begin in that touch, and the
  // page sees the touch's later moves as uncancelable.
  await browser.evaluate(`document.getElementById('list').scrollTop = 60;
    window.uncancelable = 0; document.getElementById('list').addEventListener('touchmove', (e) => { if (!e.cancelable) uncancelable++; })`);
  await sleep(100);
  await step('reachTop', async () => { await fling(200, 300, 240, 16); return look(); });
  steps.reachTop.uncancelable = await browser.evaluate('window.uncancelable');
  // Scrolled to the middle, so that any scrolling would show in scrollTop.
  await browser.evaluate(`document.getElementById('list').scrollTop = 300`);
  await sleep(100);
  // Two fingers spread on the list: the text zooms; neither the list nor the page scrolls or zooms.
  await step('pinch', () => pinch(200, 450, 40, 8, 0, 12));
  // A fast swipe left on a row deletes it; the list does not scroll.
  await step('swipe', async () => {
    await touch('touchStart', [[330, 420, 1]]);
    for (let k = 1; k <= 6; k++) {
      await touch('touchMove', [[330 - 30 * k, 420 + k, 1]]);
      await sleep(16);
    }
    await touch('touchEnd', []);
  });
  // A tap opens a row.
  await step('tap', () => tap(150, 300));
  // A trackpad pinch (ctrl+wheel, as Chromium sends it) over the list, a view nested in the
  // sheet: its touches begin on the list, so the list's pinch zooms the text; the page does not zoom.
  await step('trackpadPinch', async () => {
    for (let k = 0; k < 6; k++) {
      await browser.send('Input.dispatchMouseEvent', { type: 'mouseWheel', x: 200, y: 450, deltaX: 0, deltaY: -25, modifiers: 2 });
      await sleep(16);
    }
  });
  steps.trackpadPinch.target = await browser.evaluate(`(() => { const e = sheetExample.events.filter((e) => e.gesture === 'zoomText').at(-1);
    return [e.target.className, e.target.parentElement.id]; })()`);
  // The keyboard: the list's rows are one tab stop (a headless page has no window focus for Tab
  // to move, so the test focuses the tab stop as Tab would), ArrowDown twice moves two rows down,
  // Delete deletes that row (the spec's action: "Delete"), and the next row takes the focus.
  const focused = () => browser.evaluate(`document.activeElement.textContent`);
  const rows = () => browser.evaluate(`[...document.querySelectorAll('#list .row')].map((r) => r.textContent)`);
  const rowsBefore = await rows();
  await browser.evaluate(`document.querySelector('#list .row[tabindex="0"]').focus()`);
  const tabbed = await focused();
  await pressKey(browser, 'ArrowDown');
  await pressKey(browser, 'ArrowDown');
  const moved = await focused();
  await step('keyDelete', () => pressKey(browser, 'Delete'), 100);
  steps.keyDelete.keys = { rowsBefore, tabbed, moved, after: await focused(), rowsAfter: await rows(),
    tabStops: await browser.evaluate(`[...document.querySelectorAll('#list .row')].filter((r) => r.tabIndex === 0).length`) };
  // Delete typed in a text field inside a row is the field's; with the list focused and its
  // aria-activedescendant naming a row (a page managing its own focus), Delete deletes that row.
  await browser.evaluate(`(() => { const row = document.querySelectorAll('#list .row')[1];
    const field = document.createElement('input'); field.id = 'field'; field.value = 'abc'; row.append(field); field.focus();
    field.setSelectionRange(0, 0); })()`);
  await pressKey(browser, 'Delete');
  steps.keyDelete.field = await browser.evaluate(`[document.getElementById('field').value, sheetExample.state.deleted.length]`);
  await browser.evaluate(`(() => { const list = document.getElementById('list'), row = list.querySelectorAll('.row')[0];
    document.getElementById('field').remove(); row.id = 'active-row'; list.tabIndex = 0;
    list.setAttribute('aria-activedescendant', 'active-row'); list.focus(); })()`);
  await pressKey(browser, 'Delete');
  steps.keyDelete.active = await browser.evaluate(`[sheetExample.state.deleted.at(-1), document.getElementById('active-row') === null]`);
  // CSS scroll snapping is the browser's: with `scroll-snap-type` on the list, a fling comes to rest at a
  // row's start (attach writes no scroll position or snap style), and the momentum attach reports ends
  // at the browser's scrollend, after the snap.
  await browser.evaluate(`document.getElementById('list').style.scrollSnapType = 'y mandatory';
    for (const row of document.querySelectorAll('#list .row')) row.style.scrollSnapAlign = 'start';
    document.getElementById('list').scrollTop = 0`);
  await sleep(300);
  const linesBefore = await browser.evaluate(`sheetExample.trace().split('\\n').length - 1`);
  await step('snap', async () => { await fling(200, 600, -200); return look(); }, 1500);
  steps.snap.rest = await browser.evaluate(`(() => {
    const list = document.getElementById('list'), rows = [...list.querySelectorAll('.row')];
    return { snapped: rows.some((r) => Math.abs(r.offsetTop - rows[0].offsetTop - list.scrollTop) < 1),
      snapType: getComputedStyle(list).scrollSnapType, momentum: sheetExample.trace().split('\\n').slice(${linesBefore}).filter((l) => l.includes('"momentum"')) };
  })()`);
  const result = await browser.evaluate(`({ state: { ...sheetExample.state, opened: sheetExample.state.opened?.textContent ?? null },
    events: sheetExample.events, trace: sheetExample.trace() })`);
  process.stdout.write(JSON.stringify({ steps, ...result }));
} finally {
  browser.close();
}
