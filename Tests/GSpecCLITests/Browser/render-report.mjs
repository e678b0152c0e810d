// Loads a gspec HTML report in headless Chromium, moves its time cursor,
// takes a screenshot, and prints what it saw as JSON.
//   node --experimental-websocket render-report.mjs REPORT.html SHOT.png
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { inflateSync } from 'node:zlib';
import { open } from './cdp.mjs';

const [, , report, shot] = process.argv;
const timer = setTimeout(() => { console.log(JSON.stringify({ error: 'timeout' })); process.exit(1); }, 60000);
const page = await open('file://' + resolve(report));
try {
  const seen = await page.evaluate(`(() => {
    const lanes = [...document.querySelectorAll('g.lane')].map(g => g.dataset.name);
    const svg = document.getElementById('lanes').getBoundingClientRect();
    const slider = document.getElementById('time');
    slider.value = slider.max / 2; slider.dispatchEvent(new Event('input'));
    return { title: document.title, lanes, width: svg.width, height: svg.height,
             loadMs: Math.round(performance.getEntriesByType('navigation')[0].loadEventEnd),
             marks: document.querySelectorAll('g.lane rect, g.lane use').length,
             fingersAtMiddle: document.querySelectorAll('#fingers circle').length,
             now: document.getElementById('now').textContent };
  })()`);
  const png = await page.screenshot();
  writeFileSync(shot, png);
  console.log(JSON.stringify({ ...seen, screenshotBytes: png.length, colours: colours(png) }));
} finally {
  clearTimeout(timer);
  page.close();
}
process.exit(0);

// Not blank: the decoded rows hold more than a few distinct byte triples.
function colours(buffer) {
  let pos = 8, width = 0, height = 0;
  const idat = [];
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
