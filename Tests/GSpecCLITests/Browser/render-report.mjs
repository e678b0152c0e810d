// Loads a gspec HTML report in headless Chromium over the DevTools protocol
// (node's built-in WebSocket; no packages), moves its time cursor, takes a
// screenshot, and prints what it saw as JSON.
//   node --experimental-websocket render-report.mjs REPORT.html SHOT.png
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inflateSync } from 'node:zlib';

const [, , report, shot] = process.argv;
const profile = mkdtempSync(join(tmpdir(), 'gspec-chromium-'));
const chrome = spawn(process.env.CHROMIUM || 'chromium', [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--remote-debugging-port=0',
  `--user-data-dir=${profile}`, '--window-size=1200,900', 'about:blank',
], { stdio: ['ignore', 'ignore', 'pipe'] });
const timer = setTimeout(() => { console.log(JSON.stringify({ error: 'timeout' })); finish(1); }, 60000);
function finish(code) {
  clearTimeout(timer);
  chrome.kill('SIGKILL');
  try { rmSync(profile, { recursive: true, force: true }); } catch {}
  process.exit(code);
}

const url = await new Promise((ok, fail) => {
  let text = '';
  chrome.stderr.on('data', (d) => {
    text += d;
    const m = text.match(/DevTools listening on (ws:\/\/\S+)/);
    if (m) ok(m[1]);
  });
  chrome.on('exit', () => fail(new Error('chromium exited: ' + text)));
});
const ws = new WebSocket(url);
await new Promise((ok) => ws.addEventListener('open', ok));
let next = 1;
const waiting = new Map(), listeners = [];
ws.addEventListener('message', (e) => {
  const m = JSON.parse(e.data);
  if (m.id && waiting.has(m.id)) { waiting.get(m.id)(m); waiting.delete(m.id); }
  else for (const l of listeners) l(m);
});
function send(method, params = {}, sessionId) {
  const id = next++;
  ws.send(JSON.stringify({ id, method, params, sessionId }));
  return new Promise((ok, fail) => waiting.set(id, (m) => (m.error ? fail(new Error(JSON.stringify(m.error))) : ok(m.result))));
}

const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
await send('Page.enable', {}, sessionId);
const loaded = new Promise((ok) => listeners.push((m) => m.method === 'Page.loadEventFired' && ok()));
await send('Page.navigate', { url: 'file://' + resolve(report) }, sessionId);
await loaded;
async function evaluate(expression) {
  const r = await send('Runtime.evaluate', { expression, returnByValue: true }, sessionId);
  return r.result.value;
}
const page = await evaluate(`(() => {
  const lanes = [...document.querySelectorAll('g.lane')].map(g => g.dataset.name);
  const svg = document.getElementById('lanes').getBoundingClientRect();
  const slider = document.getElementById('time');
  slider.value = slider.max / 2; slider.dispatchEvent(new Event('input'));
  return { title: document.title, lanes, width: svg.width, height: svg.height, loadMs: Math.round(performance.getEntriesByType('navigation')[0].loadEventEnd),
           marks: document.querySelectorAll('g.lane rect, g.lane use').length,
           fingersAtMiddle: document.querySelectorAll('#fingers circle').length,
           now: document.getElementById('now').textContent, errors: window.__errors || [] };
})()`);
const { data } = await send('Page.captureScreenshot', { format: 'png' }, sessionId);
const png = Buffer.from(data, 'base64');
writeFileSync(shot, png);

// Not blank: the decoded pixels hold more than one colour.
function colours(buffer) {
  let pos = 8, width = 0, height = 0, idat = [];
  while (pos < buffer.length) {
    const len = buffer.readUInt32BE(pos), type = buffer.toString('ascii', pos + 4, pos + 8);
    if (type === 'IHDR') { width = buffer.readUInt32BE(pos + 8); height = buffer.readUInt32BE(pos + 12); }
    if (type === 'IDAT') idat.push(buffer.subarray(pos + 8, pos + 8 + len));
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const seen = new Set();
  const stride = 1 + width * 4;  // RGBA, one filter byte per row
  for (let y = 0; y < height && seen.size < 50; y += 7) {
    for (let x = 0; x < width; x += 5) {
      const i = y * stride + 1 + x * 4;
      seen.add(raw[i] * 65536 + raw[i + 1] * 256 + raw[i + 2]);
    }
  }
  return seen.size;
}
console.log(JSON.stringify({ ...page, screenshotBytes: png.length, colours: colours(png) }));
finish(0);
