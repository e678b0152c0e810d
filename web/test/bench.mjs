// Touch samples per second through the WebAssembly engine, for
// docs/performance.md: node bench.mjs TABLE.gtab TRACE.jsonl [RUNS]. Feeds
// every sample (parsed beforehand) through engine.feed, taking the events
// after each, as attach does; prints the median of the runs. --feed-only
// takes the events once, at the end; --engine-only calls the module's two
// exports per sample (feed, then take the event records), with each sample's
// arguments converted beforehand: what `gspec-bench engine --engine-only`
// times natively (feed, then clear the events), for the wasm-to-native ratio.
// --in-module runs that loop inside the module (gspec-run.wasm's
// gspec_bench_run: the samples converted to touch events beforehand, the
// engine fed and its events cleared, no call across the boundary per
// sample): the engine alone, as the native benchmark times it.
import { readFileSync } from 'node:fs';
import { loadRuntime } from '../dist/gspec.mjs';

const [tablePath, tracePath, runsText, mode] = process.argv.slice(2);
const feedOnly = mode === '--feed-only', engineOnly = mode === '--engine-only', inModule = mode === '--in-module';
const runs = Number(runsText ?? 5);
const runtime = await loadRuntime(inModule ? { wasm: new URL('../dist/gspec-run.wasm', import.meta.url) } : {});
const table = readFileSync(tablePath);
const samples = readFileSync(tracePath, 'utf8').split('\n')
  .filter((l) => l.trim() && !l.startsWith('#')).map((l) => JSON.parse(l)).filter((o) => 'touch' in o);
const rates = [];
let events = 0;
if (inModule) {
  const e = runtime.exports;
  const args = new Float64Array(samples.length * 5);
  const described = runtime.engine(table), phases = described.phases;
  described.free();
  samples.forEach((s, k) => args.set([s.t, s.touch, phases.indexOf(s.phase), s.x, s.y], k * 5));
  const copy = (bytes) => {
    const p = e.gspec_alloc(bytes.byteLength);
    new Uint8Array(e.memory.buffer, p, bytes.byteLength).set(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return p;
  };
  if (e.gspec_bench_load(copy(table), table.byteLength, copy(args), samples.length) !== 0) throw new Error('the module refused the table or a sample');
}
// Warm-up runs, not timed: one; in the module as many as a second takes
// (at least five). V8 first runs WebAssembly unoptimized (Liftoff) and
// compiles the optimized code (TurboFan) in the background, used from the
// next call on: on a loaded machine of two cores a short trace's first
// 0.2 s of runs were up to 5x, and whole runs of 30 rounds 1.5x, slower
// than the steady state a page reaches within its first second.
let warmups = 1;
if (inModule) {
  const until = process.hrtime.bigint() + 1_000_000_000n;
  for (warmups = 0; warmups < 5 || process.hrtime.bigint() < until; warmups++) events += runtime.exports.gspec_bench_run();
}
for (let r = inModule ? warmups : 0; r < runs + warmups; r++) {
  if (inModule) {
    const start = process.hrtime.bigint();
    events += runtime.exports.gspec_bench_run();
    if (r >= warmups) rates.push(samples.length / (Number(process.hrtime.bigint() - start) / 1e9));
    continue;
  }
  const engine = runtime.engine(table);
  const e = runtime.exports, h = engine.handle;
  // Five numbers per sample in one flat array: t, touch, phase, x, y (the root view, a touch pointer).
  const args = new Float64Array(engineOnly ? samples.length * 5 : 0);
  if (engineOnly) samples.forEach((s, k) => args.set([s.t, s.touch, engine.phases.indexOf(s.phase), s.x, s.y], k * 5));
  const start = process.hrtime.bigint();
  if (engineOnly) {
    for (let k = 0; k < args.length; k += 5) {
      e.gspec_engine_feed(h, args[k], args[k + 1], args[k + 2], args[k + 3], args[k + 4], 0, 0);
      events += e.gspec_engine_take_events(h);
    }
  } else {
    for (const s of samples) {
      engine.feed(s);
      if (!feedOnly) events += engine.takeEvents().length;
    }
  }
  engine.finish();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  events += engine.takeEvents().length;
  engine.free();
  if (r >= warmups) rates.push(samples.length / seconds);
}
rates.sort((a, b) => a - b);
const median = rates[Math.floor(rates.length / 2)];
console.log(`wasm engine${feedOnly ? ' (feed only)' : engineOnly ? ' (exports only)' : inModule ? ' (in the module)' : ''}: ${samples.length} touch events, median of ${runs}: ${Math.round(median)} events/s, ${(1e9 / median).toFixed(1)} ns/event (${events / (runs + warmups)} gesture events per run)`);
