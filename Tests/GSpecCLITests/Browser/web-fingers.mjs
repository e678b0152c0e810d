// v5's transforms over every finger in headless Chromium: a page attaches a
// set (Golden/specs/fingers.gesture: a pinch and a rotation of 2...5
// fingers, a pan of 1...5) to an element, and touches go through the
// browser's input pipeline (Input.dispatchTouchEvent): one finger, a
// second, a third landing mid-gesture, the first lifting, the others going
// on. A point left out of a touchMove is released, one added is pressed.
// Prints what the page recorded (samples as trace lines, events) for
// WebRuntimeTests to replay with `gspec run`.
// Usage: node --experimental-websocket web-fingers.mjs DIST TABLE.gtab
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { open, sleep, touchInput } from './cdp.mjs';

const [dist, tablePath] = process.argv.slice(2);
const page = `<!doctype html><meta charset="utf-8"><style>body{margin:0}#area{position:absolute;left:0;top:0;width:800px;height:600px;background:#eee}</style>
<div id="area"></div>
<script type="module">
import { loadRuntime } from './gspec.mjs';
const table = new Uint8Array(await (await fetch('./set.gtab')).arrayBuffer());
const runtime = await loadRuntime();
window.recorded = { samples: [], events: [] };
runtime.attach(document.getElementById('area'), table, {
  onEvent: (e) => recorded.events.push(e),
  onSample: (s) => recorded.samples.push(s),
});
window.ready = true;
</script>`;
const server = createServer((req, res) => {
  const types = { '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.gtab': 'application/octet-stream' };
  try {
    if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    const name = req.url.slice(1);
    if (!/^[a-z.-]+$/.test(name)) throw new Error('bad path');
    const body = readFileSync(name === 'set.gtab' ? tablePath : join(dist, name));
    res.writeHead(200, { 'content-type': types[name.slice(name.lastIndexOf('.'))] ?? 'text/plain' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
}).listen(0, '127.0.0.1');
await new Promise((ok) => server.on('listening', ok));
const browser = await open(`http://127.0.0.1:${server.address().port}/`, { width: 800, height: 600 });
try {
  for (let i = 0; i < 50 && !(await browser.evaluate('window.ready === true')); i++) await sleep(100);
  const { touch } = touchInput(browser);
  const frame = async (type, points) => { await touch(type, points); await sleep(16); };
  // 1 finger, then 2: they spread.
  await frame('touchStart', [[300, 300, 1]]);
  await frame('touchMove', [[295, 300, 1]]);
  await frame('touchStart', [[295, 300, 1], [400, 300, 2]]);
  for (let k = 1; k <= 5; k++) await frame('touchMove', [[295 - 8 * k, 300, 1], [400 + 8 * k, 300, 2]]);
  // A third lands; all three spread about their centre.
  await frame('touchStart', [[255, 300, 1], [440, 300, 2], [350, 420, 3]]);
  for (let k = 1; k <= 5; k++) await frame('touchMove', [[255 - 6 * k, 300, 1], [440 + 6 * k, 300, 2], [350, 420 + 6 * k, 3]]);
  // The first lifts; the other two spread on.
  await frame('touchEnd', [[225, 300, 1]]);
  for (let k = 1; k <= 5; k++) await frame('touchMove', [[470 + 8 * k, 300, 2], [350, 450 + 8 * k, 3]]);
  // The second lifts; the last finger drags.
  await frame('touchEnd', [[510, 300, 2]]);
  for (let k = 1; k <= 4; k++) await frame('touchMove', [[350 + 10 * k, 490, 3]]);
  await frame('touchEnd', []);
  await sleep(300);
  process.stdout.write(JSON.stringify(await browser.evaluate('window.recorded')));
} finally {
  browser.close();
  server.close();
}
