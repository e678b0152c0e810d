// Draws a double tap (touch), a pinch (two touches) and a checkmark (mouse)
// on the playground in headless Chromium, then prints the samples the page
// sent, the gestures it showed as recognized or begun, and a screenshot.
//   node --experimental-websocket playground.mjs URL SHOT.png
import { writeFileSync } from 'node:fs';
import { open, sleep } from './cdp.mjs';

const [, , url, shot] = process.argv;
const timer = setTimeout(() => { console.log(JSON.stringify({ error: 'timeout' })); process.exit(1); }, 60000);
const page = await open(url);
try {
  await page.evaluate('window.playground.ready.then(() => true)');
  // Before anything is drawn: real diagnostics shown, and no request left open.
  const atLoad = await page.evaluate(`({ diagnostics: document.getElementById('diagnostics').textContent,
    stream: window.playground.streamOpen(), views: document.getElementById('view').disabled })`);
  await page.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  const box = await page.evaluate(`(() => { const r = document.getElementById('surface').getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height }; })()`);
  const at = (fx, fy) => ({ x: box.x + fx * box.w, y: box.y + fy * box.h });
  const touch = (type, points) => page.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, i) => ({ ...p, id: i + 1 })) });

  // A double tap.
  for (let i = 0; i < 2; i++) {
    await touch('touchStart', [at(0.2, 0.3)]); await sleep(60);
    await touch('touchEnd', []); await sleep(120);
  }
  await sleep(500);
  // A pinch: two fingers moving apart.
  await touch('touchStart', [at(0.5, 0.5), at(0.55, 0.5)]); await sleep(20);
  for (let k = 1; k <= 15; k++) { await touch('touchMove', [at(0.5 - k * 0.01, 0.5), at(0.55 + k * 0.01, 0.5)]); await sleep(16); }
  await touch('touchEnd', []); await sleep(500);
  // A checkmark with the mouse: down-right, then up-right.
  const mouse = (type, p) => page.send('Input.dispatchMouseEvent', { type, x: p.x, y: p.y, button: 'left', buttons: type === 'mouseReleased' ? 0 : 1, clickCount: 1 });
  const step = 9;  // CSS pixels per move
  let p = at(0.7, 0.3);
  await mouse('mousePressed', p);
  for (let k = 1; k <= 8; k++) { p = { x: p.x + step, y: p.y + step }; await mouse('mouseMoved', p); await sleep(16); }
  for (let k = 1; k <= 14; k++) { p = { x: p.x + step, y: p.y - 1.3 * step }; await mouse('mouseMoved', p); await sleep(16); }
  await mouse('mouseReleased', p);
  await sleep(700);
  // With the mouse and Shift, a second finger mirrored about the first one's start: a pinch.
  const shifted = (type, q) => page.send('Input.dispatchMouseEvent', { type, x: q.x, y: q.y, button: 'left', buttons: type === 'mouseReleased' ? 0 : 1, clickCount: 1, modifiers: 8 });
  p = at(0.3, 0.7);
  await shifted('mousePressed', p);
  for (let k = 1; k <= 15; k++) { p = { x: p.x + 6, y: p.y }; await shifted('mouseMoved', p); await sleep(16); }
  await shifted('mouseReleased', p);
  await sleep(500);
  const seen = await page.evaluate(`(() => ({ samples: window.playground.samples, recognized: window.playground.recognized,
    latencies: window.playground.latencies, lanes: [...document.querySelectorAll('.lane')].map(l => l.dataset.gesture),
    chips: document.querySelectorAll('.chip').length, stream: window.playground.streamOpen(),
    engineWhere: window.playground.engineWhere, coloured: window.playground.coloured || 0,
    ticks: document.querySelectorAll('#axis .tick').length,
    overflow: document.documentElement.scrollWidth - window.innerWidth }))()`);
  // Switch the double tap off with its lane's box: a double tap is then two single taps.
  await page.evaluate(`(() => { const box = document.querySelector('.lane[data-gesture="doubleTap"] input'); box.click(); return true; })()`);
  const before = await page.evaluate('window.playground.recognized.length');
  for (let i = 0; i < 2; i++) {
    await touch('touchStart', [at(0.2, 0.3)]); await sleep(60);
    await touch('touchEnd', []); await sleep(120);
  }
  await sleep(600);
  const switchedOff = await page.evaluate(`window.playground.recognized.slice(${before})`);
  // Without its rule the set has a conflict: play its witness and count the events it shows.
  const witness = await page.evaluate(`(async () => {
    const spec = document.getElementById('spec');
    spec.value = spec.value.replace('singleTap requires doubleTap to fail', '');
    await window.playground.check();
    const button = document.querySelector('#conflicts button');
    if (!button) return { conflicts: 0, events: 0 };
    const before = window.playground.events.length;
    button.click();
    await new Promise((ok) => setTimeout(ok, 1500));
    return { conflicts: document.querySelectorAll('#conflicts button').length,
             events: window.playground.events.length - before,
             gestures: window.playground.events.slice(before).map(e => e.gesture + ' ' + e.state) };
  })()`);
  writeFileSync(shot, await page.screenshot());
  console.log(JSON.stringify({ ...seen, witness, atLoad, switchedOff }));
} finally {
  clearTimeout(timer);
  page.close();
}
process.exit(0);
