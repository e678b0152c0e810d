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
  const seen = await page.evaluate(`(() => ({ samples: window.playground.samples, recognized: window.playground.recognized,
    latencies: window.playground.latencies, lanes: [...document.querySelectorAll('.lane')].map(l => l.dataset.gesture),
    chips: document.querySelectorAll('.chip').length }))()`);
  writeFileSync(shot, await page.screenshot());
  console.log(JSON.stringify(seen));
} finally {
  clearTimeout(timer);
  page.close();
}
process.exit(0);
