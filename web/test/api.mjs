// The JavaScript API of web/dist/gspec.mjs, in node: loading, engines,
// errors, control calls, heap use over many engines and a long trace, and
// random calls. Usage: node api.mjs TAP.gtab TRACE.jsonl EXPECTED SHEET.gtab
// A11Y A11Y-EXPECTED (EXPECTED: the `gspec run --all-states` output of the trace; SHEET: a set
// with `listScroll hands over to sheetDrag` and back; A11Y: the golden accessibility set, and
// A11Y-EXPECTED its accessibility-actions trace's output); exits 1 on the first failure.
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { loadRuntime, pace, GSpecTableError } from '../dist/gspec.mjs';

const [tablePath, tracePath, expectedPath, sheetPath, a11yPath, a11yExpectedPath] = process.argv.slice(2);
const table = readFileSync(tablePath);
const checks = [];
const check = (name, body) => checks.push([name, body]);

function samples(text) {
  const out = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const o = JSON.parse(line);
    if ('touch' in o) out.push(o);
  }
  return out;
}

const runtime = await loadRuntime();

check('loads from bytes, a Module and a URL', async () => {
  const bytes = readFileSync(new URL('../dist/gspec.wasm', import.meta.url));
  for (const wasm of [bytes, await WebAssembly.compile(bytes), new URL('../dist/gspec.wasm', import.meta.url)]) {
    const r = await loadRuntime({ wasm });
    assert.deepEqual(r.engine(table).gestures, runtime.engine(table).gestures);
  }
  await assert.rejects(loadRuntime({ wasm: new Uint8Array([0, 1, 2]) }));
  await assert.rejects(loadRuntime(42), /options/);
});

check('an engine gives the events gspec run gives', () => {
  const engine = runtime.engine(table);
  const events = [];
  for (const s of samples(readFileSync(tracePath, 'utf8'))) {
    engine.feed(s);
    events.push(...engine.takeEvents());
  }
  engine.finish();
  events.push(...engine.takeEvents());
  const expected = readFileSync(expectedPath, 'utf8').split('\n').filter((l) => l).map((l) => JSON.parse(l));
  assert.deepEqual(events, expected);
  engine.free();
  // Ending each frame before a later sample: the same events, and none waits for the next sample.
  const framed = runtime.engine(table);
  const got = [];
  let latest = -Infinity;
  for (const s of samples(readFileSync(tracePath, 'utf8'))) {
    if (s.t > latest && latest > -Infinity) {
      framed.endFrame();
      assert.equal(framed.nextDeadline() === null || framed.nextDeadline() > latest, true);
      got.push(...framed.takeEvents());
    }
    latest = Math.max(latest, s.t);
    framed.feed(s);
  }
  framed.finish();
  got.push(...framed.takeEvents());
  assert.deepEqual(got, expected);
  framed.free();
});

check('corrupt and truncated tables throw GSpecTableError', () => {
  for (const bad of [new Uint8Array(0), table.subarray(0, 10), table.subarray(0, table.length - 1),
    Uint8Array.from(table, (b, i) => (i === 5 ? b ^ 0xff : b)), new TextEncoder().encode('gesture a: tap')]) {
    assert.throws(() => runtime.engine(bad), (e) => e instanceof GSpecTableError && e.name === 'GSpecTableError' && e.message.length > 0);
  }
  assert.throws(() => runtime.engine('not bytes'), TypeError);
});

check('bad arguments are refused with clear errors', () => {
  const engine = runtime.engine(table);
  const good = { t: 0, touch: 1, phase: 'began', x: 1, y: 1 };
  assert.throws(() => engine.feed(null), /sample object/);
  assert.throws(() => engine.feed({ ...good, t: '0' }), /'t' must be a number of seconds/);
  assert.throws(() => engine.feed({ ...good, touch: 1.5 }), /'touch' must be an integer/);
  assert.throws(() => engine.feed({ ...good, touch: 2 ** 60 }), /'touch' must be an integer/);
  assert.throws(() => engine.feed({ ...good, phase: 'press' }), /unknown phase 'press'/);
  assert.throws(() => engine.feed({ ...good, x: '1' }), /'x' and 'y' must be numbers/);
  assert.throws(() => engine.feed({ ...good, pointer: 'finger' }), /'pointer' must be/);
  assert.throws(() => engine.advance(Infinity), /finite number/);
  assert.throws(() => engine.feed({ ...good, t: 1e300 }), /out of range/);
  // A trace's t has at most 18 digits of microseconds: 10^12 s is refused, just under it is a time.
  assert.throws(() => engine.feed({ ...good, t: 1e12 }), /out of range/);
  assert.throws(() => engine.advance(-1e12), /out of range/);
  assert.throws(() => engine.setEnabled('nosuch', true), /unknown gesture 'nosuch'/);
  assert.throws(() => engine.setEnabled(engine.gestures[0], 'yes'), /true or false/);
  assert.throws(() => engine.set(engine.gestures[0], 'slop', 'lots'), /no valid value/);
  assert.throws(() => engine.set(engine.gestures[0], 'taps', '3'), /./);
  assert.throws(() => engine.setMode('nosuch', true), /unknown mode 'nosuch'/);
  // A refused call changes nothing, not even the pending frame (its time is still the next deadline).
  engine.feed({ ...good, t: 0.5 });
  const pending = engine.nextDeadline();
  assert.throws(() => engine.set(engine.gestures[0], 'slop', 'lots'), /no valid value/);
  assert.equal(engine.nextDeadline(), pending);
  engine.feed(good);
  engine.free();
  assert.throws(() => engine.feed(good), /freed/);
  engine.free(); // twice is harmless
});

check('control calls act as control lines', () => {
  const engine = runtime.engine(table);
  const name = engine.gestures[0];
  assert.equal(engine.isEnabled(name), true);
  engine.setEnabled(name, false);
  assert.equal(engine.isEnabled(name), false);
  engine.feed({ t: 0, touch: 1, phase: 'began', x: 10, y: 10 });
  engine.feed({ t: 0.05, touch: 1, phase: 'ended', x: 10, y: 10 });
  engine.finish();
  assert.ok(!engine.takeEvents().some((e) => e.gesture === name && e.state === 'recognized'), 'a disabled gesture fired');
  engine.setEnabled(name, true);
  engine.set(name, 'slop', '1pt');
  engine.feed({ t: 1, touch: 2, phase: 'began', x: 10, y: 10 });
  assert.equal(typeof (engine.nextDeadline() ?? 0), 'number');
  engine.feed({ t: 1.02, touch: 2, phase: 'moved', x: 20, y: 10 });
  engine.feed({ t: 1.05, touch: 2, phase: 'ended', x: 20, y: 10 });
  engine.finish();
  assert.equal(engine.nextDeadline(), null);
  assert.ok(!engine.takeEvents().some((e) => e.gesture === name && e.state === 'recognized'), 'a 10pt move passed a 1pt slop');
  engine.free();
});

// Feeds an engine and makes control calls as a page does, keeping them as
// trace lines (a control line at `engine.clock`) and the events as they come;
// `replayed()` is what gspec-run.wasm prints for those lines.
async function recording(bytes) {
  const runner = await loadRuntime({ wasm: new URL('../dist/gspec-run.wasm', import.meta.url) });
  const engine = runtime.engine(bytes);
  const lines = [];
  const events = [];
  const take = () => events.push(...engine.takeEvents());
  return {
    engine,
    events,
    take,
    feed(s) {
      lines.push(JSON.stringify(s));
      engine.feed(s);
      take();
    },
    control(call, line) {
      call();
      lines.push(JSON.stringify({ t: engine.clock, ...line }));
      take();
    },
    replayed() {
      let out = '';
      const status = runner.run({ table: bytes, trace: new TextEncoder().encode(lines.join('\n') + '\n'), flags: { allStates: true }, out: (t) => { out += t; } });
      assert.equal(status, 0);
      return out.split('\n').filter((l) => l).map((l) => JSON.parse(l));
    },
  };
}

check("a control call replays as a trace line at engine.clock", async () => {
  const r = await recording(table);
  const { engine } = r;
  const name = engine.gestures[0];
  // Between a tap's samples (its frame still pending), after them, and while a deadline runs.
  r.feed({ t: 0, touch: 1, phase: 'began', x: 10, y: 10 });
  r.control(() => engine.set(name, 'slop', '5pt'), { set: name, slop: '5pt' });
  r.feed({ t: 0.05, touch: 1, phase: 'ended', x: 10, y: 10 });
  engine.advance(0.05); // as attach does once the input task ends: the frame applies
  r.take();
  r.control(() => engine.setEnabled(name, false), { set: name, enabled: false });
  r.feed({ t: 0.1, touch: 2, phase: 'began', x: 10, y: 10 });
  r.feed({ t: 0.15, touch: 2, phase: 'ended', x: 10, y: 10 });
  engine.advance(0.2);
  r.take();
  r.control(() => engine.setEnabled(name, true), { set: name, enabled: true });
  r.feed({ t: 1, touch: 3, phase: 'began', x: 10, y: 10 });
  r.feed({ t: 1.05, touch: 3, phase: 'ended', x: 10, y: 10 });
  engine.finish();
  r.take();
  engine.free();
  assert.deepEqual(r.events, r.replayed());
  assert.ok(r.events.some((e) => e.gesture === name && e.state === 'failed'), 'disabling did nothing');
});

check('handOver acts as a trace line does, and replays as one at engine.clock', async () => {
  const r = await recording(readFileSync(sheetPath));
  const { engine, events } = r;
  const step = (s) => {
    r.feed(s);
    engine.advance(s.t);
    r.take();
  };
  const handOver = (name) => r.control(() => engine.handOver(name), { handOver: name });
  assert.throws(() => engine.handOver('nosuch'), /unknown gesture 'nosuch'/);
  assert.throws(() => engine.handOver('openRow'), /hands over to no gesture/);
  step({ t: 0, touch: 1, phase: 'began', x: 200, y: 500, view: 'list' });
  handOver('listScroll'); // not active yet: nothing changes, no error
  assert.equal(events.length, 0);
  for (let k = 1; k <= 3; k++) step({ t: k * 0.016, touch: 1, phase: 'moved', x: 200, y: 500 - 20 * k, view: 'list' });
  handOver('listScroll');
  const [cancelled, began] = events.slice(-2);
  assert.deepEqual([cancelled.gesture, cancelled.state, began.gesture, began.state], ['listScroll', 'cancelled', 'sheetDrag', 'began']);
  assert.deepEqual(began.translation, [0, 0]);
  for (let k = 4; k <= 6; k++) step({ t: k * 0.016, touch: 1, phase: 'moved', x: 200, y: 440 + 20 * (k - 3) });
  handOver('sheetDrag');
  step({ t: 0.12, touch: 1, phase: 'ended', x: 200, y: 480 });
  engine.finish();
  r.take();
  engine.free();
  assert.deepEqual(events, r.replayed());
  assert.deepEqual(events.filter((e) => e.state === 'ended').map((e) => e.gesture), ['listScroll']);
});

check('run takes the options of gspec run by name, and refuses others', async () => {
  const runner = await loadRuntime({ wasm: new URL('../dist/gspec-run.wasm', import.meta.url) });
  const names = runner.runOptions().map((o) => o.name);
  assert.deepEqual(names, ['allStates', 'deliveries', 'explain', 'screen', 'staleTouchTimeout']);
  assert.ok(runner.runOptions().every((o) => o.flag.startsWith('--') && o.help.length > 0));
  assert.throws(() => runner.run({ table, trace: new Uint8Array(), flags: { allState: true } }), /unknown run option 'allState'; the options are allStates/);
  assert.throws(() => runner.run({ table, trace: new Uint8Array(), flags: { screen: '1x1\nexplain' } }), /takes one line/);
  // A flag given a false value is off, as `false` is.
  let quiet = '';
  runner.run({ table, trace: new TextEncoder().encode('{"t":0,"touch":1,"phase":"began","x":1,"y":1}\n{"t":0.9,"touch":1,"phase":"ended","x":1,"y":1}\n'),
    flags: { explain: 0, allStates: '' }, out: (t) => { quiet += t; } });
  assert.ok(!quiet.includes('"explain"') && !quiet.includes('"failed"'), quiet);
  let err = '';
  const status = runner.run({ table, trace: new Uint8Array(), flags: { staleTouchTimeout: '-1' }, err: (t) => { err += t; } });
  assert.equal(status, 2);
  assert.match(err, /--stale-touch-timeout takes a positive number of seconds, got '-1'/);
});

check('anomalies are counted as natively, and times in milliseconds are said once', () => {
  const engine = runtime.engine(table);
  const zero = engine.anomalies;
  assert.ok(Object.values(zero).every((n) => n === 0) && 'timeWentBackwards' in zero && 'nonFiniteCoordinate' in zero);
  engine.feed({ t: 1, touch: 1, phase: 'began', x: 10, y: 10 });
  engine.feed({ t: 0.5, touch: 1, phase: 'moved', x: 11, y: 10 });
  engine.feed({ t: NaN, touch: 1, phase: 'moved', x: 12, y: 10 });
  engine.feed({ t: 1.1, touch: 1, phase: 'moved', x: NaN, y: 10 });
  engine.feed({ t: 1.2, touch: 9, phase: 'ended', x: 0, y: 0 });
  engine.advance(1.3); // the last frame is applied when the clock moves past it
  const a = engine.anomalies;
  assert.equal(a.timeWentBackwards, 2, JSON.stringify(a));
  assert.equal(a.nonFiniteCoordinate, 1, JSON.stringify(a));
  assert.equal(a.unknownTouch, 1, JSON.stringify(a));
  assert.ok(engine.clock >= 1);
  engine.free();
  // Through pace too: a time that is not finite is counted and holds no clock back.
  const paced = runtime.engine(table);
  const p = pace(paced, { onEvents() {}, window: { setTimeout: () => 0, clearTimeout() {}, performance: { now: () => 0 } } });
  p.feed({ t: 1, touch: 1, phase: 'began', x: 10, y: 10 });
  p.feed({ t: Infinity, touch: 1, phase: 'moved', x: 11, y: 10 });
  p.feed({ t: 1.1, touch: 1, phase: 'ended', x: 12, y: 10 });
  paced.advance(2);
  assert.equal(paced.anomalies.timeWentBackwards, 1, JSON.stringify(paced.anomalies));
  assert.ok(paced.clock >= 2);
  p.stop();
  paced.free();
  // Milliseconds: one warning, however many samples.
  const warnings = [];
  const warn = console.warn;
  console.warn = (m) => warnings.push(m);
  try {
    const ms = runtime.engine(table);
    let t = 1500;
    ms.feed({ t, touch: 1, phase: 'began', x: 0, y: 0 });
    for (let k = 0; k < 8; k++) ms.feed({ t: (t += 16), touch: 1, phase: 'moved', x: k, y: 0 });
    ms.feed({ t: 2e6, touch: 2, phase: 'began', x: 0, y: 0 });
    ms.free();
    const seconds = runtime.engine(table);
    t = 1.5;
    seconds.feed({ t, touch: 1, phase: 'began', x: 0, y: 0 });
    for (let k = 0; k < 8; k++) seconds.feed({ t: (t += 0.016), touch: 1, phase: 'moved', x: k, y: 0 });
    seconds.free();
  } finally {
    console.warn = warn;
  }
  assert.equal(warnings.length, 1, warnings.join('\n'));
  assert.match(warnings[0], /look like milliseconds.*divide by 1000/);
});

check('100 engines created and freed leave the heap flat', () => {
  const cycle = () => {
    const e = runtime.engine(table);
    e.feed({ t: 0, touch: 1, phase: 'began', x: 1, y: 1 });
    e.finish();
    e.takeEvents();
    e.free();
  };
  for (let i = 0; i < 10; i++) cycle();
  const before = runtime.heap();
  for (let i = 0; i < 100; i++) cycle();
  const after = runtime.heap();
  assert.equal(after.inUse, before.inUse, `in use: ${before.inUse} -> ${after.inUse}`);
  assert.equal(after.size, before.size, `heap grew: ${before.size} -> ${after.size}`);
});

check('a ten-minute trace leaves the heap flat', () => {
  const engine = runtime.engine(table);
  let t = 0;
  const run = (seconds) => {
    for (const end = t + seconds; t < end; t += 0.5) {
      engine.feed({ t, touch: 1, phase: 'began', x: 100, y: 100 });
      for (let k = 1; k <= 5; k++) engine.feed({ t: t + k * 0.016, touch: 1, phase: 'moved', x: 100 + k, y: 100 });
      engine.feed({ t: t + 0.1, touch: 1, phase: 'ended', x: 105, y: 100 });
      engine.takeEvents();
    }
  };
  run(60);
  const before = runtime.heap();
  run(540);
  const after = runtime.heap();
  assert.ok(after.size === before.size && after.inUse <= before.inUse + 4096, `heap ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
  engine.free();
});

check('random calls never break an engine', () => {
  let seed = 12345;
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const pick = (a) => a[Math.floor(rand() * a.length)];
  const engine = runtime.engine(table);
  const weird = [0, -0, 1e308, -1e308, NaN, Infinity, 2 ** 53 - 1, -(2 ** 53) + 1, 1e-300, 123.456];
  for (let i = 0; i < 20000; i++) {
    const sample = {
      t: rand() < 0.05 ? pick(weird) : i * 0.004 + rand() * 0.01,
      touch: rand() < 0.05 ? pick([2 ** 53 - 1, -(2 ** 53) + 1, 0, 2 ** 31, -1]) : Math.floor(rand() * 4),
      phase: pick(['began', 'moved', 'moved', 'stationary', 'ended', 'cancelled']),
      x: rand() < 0.03 ? pick(weird) : rand() * 300,
      y: rand() < 0.03 ? pick(weird) : rand() * 300,
      pointer: pick([undefined, 'touch', 'pen', 'mouse']),
    };
    try {
      engine.feed(sample);
    } catch (e) {
      assert.ok(e instanceof TypeError, `feed threw ${e}`);
    }
    if (rand() < 0.01) engine.advance(i * 0.004 + 1);
    // Control calls, good and bad (a refusal throws and changes nothing), and screens.
    if (rand() < 0.02) {
      const name = rand() < 0.9 ? pick(engine.gestures) : 'nosuch';
      const call = pick([
        () => engine.setEnabled(name, rand() < 0.5),
        () => engine.set(name, pick(['slop', 'maxDuration', 'minDistance', 'taps', 'bogus']), pick(['5pt', '300ms', 'x', '', '1e400pt', 'NaN'])),
        () => engine.setMode(pick([...engine.modes, 'nosuch']), rand() < 0.5),
        () => engine.setScreen(pick([320, 0, -5, NaN, 1e308]), pick([480, Infinity, 1])),
        () => engine.handOver(name),
        () => engine.setMomentum(name, rand() < 0.5),
        () => engine.scrollBegan(name),
        () => engine.setScrollEdges(name, [pick(['top', 'bottom', 'left', 'right'])]),
        () => engine.performAction(name, { x: rand() * 300, y: rand() * 300 }),
        // The typed exports themselves, with any numbers (gspec.mjs checks before calling; the module must not need it).
        () => {
          const e = runtime.exports, h = engine.handle, int = () => pick([-1, 0, 1, 2, 7, 13, 14, 255, 2 ** 31 - 1, -(2 ** 31)]);
          pick([
            () => e.gspec_engine_set_parameter(h, int(), int(), pick([-2, -1, 0, 3, 6, 7, 99]), pick(weird)),
            () => e.gspec_engine_set_enabled(h, int(), int()),
            () => e.gspec_engine_set_mode(h, int(), int()),
            () => e.gspec_engine_hand_over(h, int()),
            () => e.gspec_engine_set_scroll_edges(h, int(), int()),
            () => e.gspec_engine_scroll_began(h, int()),
            () => e.gspec_engine_set_momentum(h, int(), int()),
            () => e.gspec_engine_action(h, pick(weird), int(), pick(weird), pick(weird)),
          ])();
        },
      ]);
      const before = engine.clock;
      try {
        call();
        assert.ok(engine.clock >= before, 'a control call moved the clock back');
      } catch (e) {
        assert.ok(e instanceof Error && e.message.startsWith('gspec: '), `a control call threw ${e}`);
      }
    }
    for (const event of engine.takeEvents()) {
      assert.ok(engine.gestures.includes(event.gesture));
      for (const key of ['t', 'x', 'y']) assert.ok(event[key] === null || Number.isFinite(event[key]), `${key}: ${event[key]}`);
      // Reentrant: a handler calls back into the engine.
      engine.nextDeadline();
      if (rand() < 0.1) engine.takeEvents();
      if (rand() < 0.01) {
        try {
          engine.setEnabled(event.gesture, rand() < 0.5);
        } catch {
          // a gesture enabled by modes refuses
        }
      }
    }
  }
  engine.finish();
  engine.takeEvents();
  assert.equal(engine.nextDeadline(), null, 'a timer is still pending after finish');
  engine.free();
});

check('actions and ranges (v4) do what their trace lines do', () => {
  const engine = runtime.engine(readFileSync(a11yPath));
  const offered = (view) => engine.actions(view).map((a) => `${a.gesture} ${a.action} ${a.shortcut}`).sort();
  assert.deepEqual(offered('row'), ['deleteRow Delete Delete']);
  assert.deepEqual(offered('card'), ['open Enter Enter']);
  assert.deepEqual(offered(), ['pinItem P P', 'spin R R', 'zoom Plus Plus']);
  const expected = readFileSync(a11yExpectedPath, 'utf8').split('\n').filter((l) => l).map((l) => JSON.parse(l));
  // The trace's first action lines, as calls: the same events, but for the time (the engine's clock, 1 µs on).
  engine.performAction('deleteRow', { x: 160, y: 40 });
  engine.performAction('zoom', { x: 160, y: 300 });
  engine.performAction('open', { x: 160, y: 40, view: 'card' });
  const untimed = (events) => events.map(({ t, ...rest }) => rest);
  assert.deepEqual(untimed(engine.takeEvents()), untimed([expected[0], expected[1], expected[4]]));
  assert.throws(() => engine.performAction('reorder'), /^Error: gspec: 'reorder' has no action/);
  assert.throws(() => engine.performAction('open', { view: 'nowhere' }), /'open' is not on view 'nowhere'/);
  engine.setEnabled('zoom', false);
  assert.throws(() => engine.performAction('zoom'), /'zoom' is disabled: its action is not offered/);
  assert.deepEqual(offered(), ['pinItem P P', 'spin R R']);
  // A value outside the spec's range is refused with the native message; one inside is taken.
  assert.throws(() => engine.set('holdMenu', 'duration', '300ms'), /^Error: gspec: 'duration' must be from 500ms to 1500ms$/);
  engine.set('holdMenu', 'duration', '1200ms');
  engine.free();
});

check('importing touches no browser global', async () => {
  for (const name of ['window', 'document', 'navigator']) assert.equal(typeof globalThis[name], 'undefined');
  await import('../dist/gspec.mjs');
});

let failed = 0;
for (const [name, body] of checks) {
  try {
    await body();
    process.stdout.write(`ok ${name}\n`);
  } catch (e) {
    failed++;
    process.stdout.write(`FAIL ${name}: ${e.stack}\n`);
  }
}
process.exitCode = failed ? 1 : 0;
