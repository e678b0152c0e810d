// Touch samples per second through the WebAssembly engine, for
// docs/performance.md: node bench.mjs TABLE.gtab TRACE.jsonl [RUNS]. Feeds
// every sample (parsed beforehand) through engine.feed, taking the events
// after each, as attach does; prints the median of the runs.
import { readFileSync } from 'node:fs';
import { loadRuntime } from '../dist/gspec.mjs';

const [tablePath, tracePath, runsText, mode] = process.argv.slice(2);
// --feed-only: events are taken once at the end, to time the engine apart from event objects.
const feedOnly = mode === '--feed-only';
const runs = Number(runsText ?? 5);
const runtime = await loadRuntime();
const table = readFileSync(tablePath);
const samples = readFileSync(tracePath, 'utf8').split('\n')
  .filter((l) => l.trim() && !l.startsWith('#')).map((l) => JSON.parse(l)).filter((o) => 'touch' in o);
const rates = [];
let events = 0;
for (let r = 0; r < runs + 1; r++) {
  const engine = runtime.engine(table);
  const start = process.hrtime.bigint();
  for (const s of samples) {
    engine.feed(s);
    if (!feedOnly) events += engine.takeEvents().length;
  }
  engine.finish();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  events += engine.takeEvents().length;
  engine.free();
  if (r > 0) rates.push(samples.length / seconds); // the first run warms up
}
rates.sort((a, b) => a - b);
const median = rates[Math.floor(rates.length / 2)];
console.log(`wasm engine${feedOnly ? ' (feed only)' : ''}: ${samples.length} touch events, median of ${runs}: ${Math.round(median)} events/s, ${(1e9 / median).toFixed(1)} ns/event (${events} gesture events)`);
