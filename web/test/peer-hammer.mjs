// The peer benchmark: Hammer.js 2.0.8 against the WebAssembly engine, in node,
// on the same trace with the same seven gestures (Hammer's default preset,
// pinch and rotate enabled; web/test/hammer-set.gesture is the same set with
// Hammer's defaults), runs alternated in one sitting.
//
//   node peer-hammer.mjs HAMMER.min.js SET.gtab TRACE.jsonl [RUNS]
//
// Hammer.js is not part of this repository (no dependencies): give the path
// of a copy of hammer.min.js 2.0.8. It runs in a `vm` context with the few
// DOM objects it touches (an element, its window, Pointer Events) and a
// virtual clock: `Date.now` and its timers follow the trace's `t`, so its
// taps, double taps and presses are timed as the trace says. Both sides get
// each sample as the browser would give it: Hammer a PointerEvent-like
// object dispatched to its listeners, the engine `feed` and `takeEvents`
// (an object per event), each with a handler counting what it reports.
// Each side's input objects are built before its timed loop (the trace's
// sample objects for the engine, Hammer's Pointer Events for Hammer): what
// is timed is what each library does with them.
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { loadRuntime } from '../dist/gspec.mjs';

const [hammerPath, tablePath, tracePath, runsText] = process.argv.slice(2);
const runs = Number(runsText ?? 5);
const samples = readFileSync(tracePath, 'utf8').split('\n')
  .filter((l) => l.trim() && !l.startsWith('#')).map((l) => JSON.parse(l)).filter((o) => 'touch' in o);
const hammerSource = readFileSync(hammerPath, 'utf8');
const table = readFileSync(tablePath);
const runtime = await loadRuntime();

/** A fresh Hammer manager on a fake element, and a function feeding it one sample. */
function hammer() {
  let now = 0;
  const timers = [];
  const listeners = (target) => {
    const byType = new Map();
    target.addEventListener = (type, fn) => byType.set(type, [...(byType.get(type) ?? []), fn]);
    target.removeEventListener = (type, fn) => byType.set(type, (byType.get(type) ?? []).filter((f) => f !== fn));
    target.dispatch = (event) => { for (const fn of byType.get(event.type) ?? []) fn(event); };
    return target;
  };
  const window = listeners({
    PointerEvent() {},
    navigator: { userAgent: 'node' },
    console,
    setTimeout: (fn, ms) => { timers.push({ at: now + ms, fn }); return timers.at(-1); },
    clearTimeout: (timer) => { const i = timers.indexOf(timer); if (i >= 0) timers.splice(i, 1); },
  });
  const document = { defaultView: window, createElement: () => ({ style: { touchAction: '' } }), createEvent: () => ({ initEvent() {} }) };
  const element = listeners({ style: { touchAction: '' }, ownerDocument: document, parentNode: null });
  const context = vm.createContext({
    window, document, navigator: window.navigator, console, Math, Object, Array, Error, TypeError,
    setTimeout: window.setTimeout, clearTimeout: window.clearTimeout, Date: { now: () => now },
  });
  vm.runInContext(hammerSource, context);
  const manager = new window.Hammer(element, {});
  manager.get('pinch').set({ enable: true });
  manager.get('rotate').set({ enable: true });
  let events = 0;
  manager.on('tap doubletap press pressup panstart panmove panend pancancel swipe pinchstart pinchmove pinchend pinchcancel '
    + 'rotatestart rotatemove rotateend rotatecancel', () => { events++; });
  const types = { began: 'pointerdown', moved: 'pointermove', stationary: 'pointermove', ended: 'pointerup', cancelled: 'pointercancel' };
  const advance = (ms) => {
    for (;;) {
      const due = timers.filter((t) => t.at <= ms).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers.splice(timers.indexOf(due), 1);
      now = due.at;
      due.fn();
    }
    now = ms;
  };
  const preventDefault = () => {};
  // Each sample's Pointer Event, its time and where the browser would dispatch it, made before the timed loop.
  const inputs = samples.map((s) => ({
    ms: s.t * 1000,
    to: s.phase === 'began' ? element : window,
    event: { type: types[s.phase], pointerId: s.touch, pointerType: 'touch', clientX: s.x, clientY: s.y, button: 0,
      target: element, preventDefault },
  }));
  const feed = (input) => {
    advance(input.ms);
    input.to.dispatch(input.event);
  };
  return { inputs, feed, finish: () => advance(now + 10_000), events: () => events };
}

function runHammer() {
  const h = hammer();
  const inputs = h.inputs;
  const start = process.hrtime.bigint();
  for (const input of inputs) h.feed(input);
  h.finish();
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, events: h.events() };
}

function runEngine() {
  const engine = runtime.engine(table);
  let events = 0;
  const start = process.hrtime.bigint();
  for (const s of samples) {
    engine.feed(s);
    for (const e of engine.takeEvents()) if (e.state !== 'failed' && e.state !== 'possible') events++;
  }
  engine.finish();
  for (const e of engine.takeEvents()) if (e.state !== 'failed' && e.state !== 'possible') events++;
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  engine.free();
  return { seconds, events };
}

const rates = { hammer: [], engine: [] };
const reported = {};
// Three untimed rounds first, the same for both sides: V8 runs JavaScript and
// WebAssembly unoptimized at first and swaps in optimized code for later
// calls; after one warm-up round the engine's first timed round on the
// 30,076-sample trace still ran partly unoptimized (9.4x where the rest were 16-20x).
const warmups = 3;
for (let r = 0; r < runs + warmups; r++) {
  for (const [name, run] of [['hammer', runHammer], ['engine', runEngine]]) {
    const { seconds, events } = run();
    reported[name] = events;
    if (r >= warmups) rates[name].push(samples.length / seconds);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const [h, e] = [median(rates.hammer), median(rates.engine)];
console.log(`${samples.length} touch samples, median of ${runs} alternated runs`);
console.log(`  Hammer.js ${hammerSource.match(/v(\d+\.\d+\.\d+)/)?.[1] ?? '?'}: ${Math.round(h)} samples/s (${reported.hammer} events to its handler)`);
console.log(`  gspec wasm engine: ${Math.round(e)} samples/s (${reported.engine} events that are not 'failed')`);
console.log(`  engine / Hammer.js: ${(e / h).toFixed(1)}x`);
// Each round's own ratio (its Hammer run and the engine run right after it): a claim holds on every one, not only the median.
const each = rates.engine.map((x, k) => x / rates.hammer[k]);
console.log(`  each round: ${each.map((x) => x.toFixed(1) + 'x').join(' ')} (least ${Math.min(...each).toFixed(1)}x)`);
console.log(`  rounds, thousands of samples/s: Hammer.js ${rates.hammer.map((x) => Math.round(x / 1e3)).join(' ')}; engine ${rates.engine.map((x) => Math.round(x / 1e3)).join(' ')}`);
