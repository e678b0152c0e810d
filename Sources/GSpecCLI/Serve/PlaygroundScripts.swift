// Generated from the files below by PlaygroundScriptsTests (GSPEC_RECORD=1 swift test
// --filter PlaygroundScriptsTests): do not edit. `gspec serve` serves them from here.

enum PlaygroundScripts {
    /// Served path: module text.
    static let modules: [String: String] = [
        // web/playground/playground.mjs
        "/playground/playground.mjs": ##"""
// The playground's page (`gspec serve`): a spec editor coloured by the
// editors' grammar, with diagnostics, the latency table and conflicts (each
// with its witness to play), a drawing surface taking Pointer Events, and a
// lane per gesture on a time axis, updated live. The engine runs in the page
// (gspec.wasm, when the server has a built web/dist) or on the server.
// Pointer Events become samples through gspec.mjs's `pointerInput`, as they
// do for `attach`. Importing this module touches no browser global: `start`
// does. `gspec serve` serves it embedded in the binary (PlaygroundScripts.swift,
// which a test keeps equal to this file).
import { loadRuntime, pace, pointerInput } from '../src/gspec.mjs';

// Syntax colouring by the editors' TextMate grammar (editors/gesture.tmLanguage.json), run on the text
// with JavaScript regular expressions: each rule's next match is kept until the text passes it.
const scopeClass = [['comment', 'm'], ['keyword.other.unit', 'c'], ['keyword', 'k'], ['entity.name', 'n'], ['storage.type', 't'],
  ['variable.parameter', 'p'], ['variable.other', 'n'], ['constant.numeric', 'c'], ['constant', 's'], ['support', 's']];
const classOf = (scope) => (scopeClass.find(([prefix]) => scope && scope.startsWith(prefix)) || [])[1];
/** The TextMate grammar's patterns as regular expressions, in order. */
export function grammarRules(g) {
  const out = [];
  const add = (p) => {
    if (p.include) { (g.repository[p.include.slice(1)].patterns || []).forEach(add); return; }
    const source = p.begin ? p.begin + '[\\s\\S]*?(?:' + p.end + '|(?![\\s\\S]))' : p.match;
    out.push({ re: new RegExp(source, 'gmd'), name: p.name, captures: p.captures || {} });
  };
  g.patterns.forEach(add);
  return out;
}
const esc = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
function span(text, scope) { const c = classOf(scope); return c ? '<span class="' + c + '">' + esc(text) + '</span>' : esc(text); }
/** The spec's text as HTML, each token in the class of its grammar scope. */
export function highlight(text, rules) {
  let out = '', i = 0;
  const next = rules.map(() => null);
  while (i < text.length) {
    let best = -1;
    rules.forEach((r, k) => {
      if (next[k] === undefined || (next[k] && next[k].index >= i)) return;
      r.re.lastIndex = i;
      let m = r.re.exec(text);
      while (m && m[0].length === 0) { r.re.lastIndex = m.index + 1; m = r.re.exec(text); }
      next[k] = m || undefined;
    });
    rules.forEach((r, k) => { if (next[k] && (best < 0 || next[k].index < next[best].index)) best = k; });
    if (best < 0) { out += esc(text.slice(i)); break; }
    const m = next[best], r = rules[best];
    out += esc(text.slice(i, m.index));
    if (r.name) out += span(m[0], r.name);
    else {
      let at = m.index;
      for (let g = 1; g < m.length; g++) {
        if (!m.indices[g] || !r.captures[g]) continue;
        const [a, b] = m.indices[g];
        out += esc(text.slice(at, a)) + span(text.slice(a, b), r.captures[g].name); at = b;
      }
      out += esc(text.slice(at, m.index + m[0].length));
    }
    i = m.index + m[0].length;
  }
  return out;
}

/** Runs the page: `document` is the playground's (PlaygroundPage.html). */
export function start() {
  const pg = window.playground = { session: null, samples: [], events: [], recognized: [], latencies: [] };
  const $ = (id) => document.getElementById(id);
  const surface = $('surface'), ctx = surface.getContext('2d');
  const t0 = performance.now();
  const page = {
    pg, $, surface, ctx,
    now: () => (performance.now() - t0) / 1000,
    // A sample's mark on the surface, coloured by its touch.
    dot: (x, y, id) => { ctx.fillStyle = ['#4a90d9', '#d0021b', '#2e9d4a', '#f5a623'][id % 4]; ctx.fillRect(x - 2, y - 2, 4, 4); },
  };
  const lines = timeline(page, (l) => link.post(l));
  const link = engineLink(page, lines);
  canvasInput(page, (samples) => { pg.samples.push(...samples); link.post(samples); });
  const spec = editor(page, () => check());
  let checks = 0;

  function analysis(c) {
    $('diagnostics').textContent = c.rendered || 'no diagnostics';
    $('latency').textContent = c.latency || '';
    $('conflicts').innerHTML = '';
    (c.conflicts || []).forEach((k) => {
      const d = document.createElement('div'); const b = document.createElement('button');
      b.textContent = 'Play witness'; b.onclick = () => play(page, lines, k.witness);
      const m = document.createElement('span'); m.textContent = ' ' + k.message; d.append(b, m); $('conflicts').appendChild(d);
    });
  }
  // First the front end's diagnostics and a session (at once), then the analysis (conflicts, latency),
  // which can take seconds; a newer edit wins over both.
  async function check() {
    const text = $('spec').value, mine = ++checks;
    const c = await (await fetch('/api/check?analysis=0', { method: 'POST', body: text })).json();
    if (mine !== checks) return;
    analysis(c);
    if (c.session) {
      pg.session = c.session; lines.lanes(c.gestures, c.enabled, c.conditions); lines.modes(c.modes);
      if (c.table) link.load(c.table);
      $('view').innerHTML = ''; $('view').disabled = !c.views.length;
      for (const v of c.views.length ? c.views : ['window']) { const o = document.createElement('option'); o.textContent = v; $('view').appendChild(o); }
      link.closeStream();
      screen();
      $('latency').textContent = 'analysing';
      const a = await (await fetch('/api/analyze', { method: 'POST', body: text })).json();
      if (mine !== checks) return;
      analysis(a); c.diagnostics = a.diagnostics; c.conflicts = a.conflicts; c.latency = a.latency;
    }
    pg.checked = c;
  }
  pg.check = check;
  function screen() {
    const m = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/.exec($('screen').value.trim());
    if (m) link.post([{ screen: [Number(m[1]), Number(m[2])] }]);
  }
  $('screen').addEventListener('change', screen);
  $('clear').onclick = () => { ctx.clearRect(0, 0, surface.width, surface.height); pg.samples = []; };
  $('save').onclick = async () => {
    const body = pg.samples.map((s) => JSON.stringify(s)).join('\n') + '\n';
    const r = await fetch('/api/save?session=' + pg.session + '&name=' + encodeURIComponent($('name').value), { method: 'POST', body });
    $('saved').textContent = r.ok ? 'saved ' + (await r.json()).saved : 'not saved: ' + (await r.text());
  };
  // The web runtime and the grammar come from the source checkout gspec was built from, when it has them.
  // ?engine=server keeps the engine on the server (as without the web runtime).
  const runtime = new URLSearchParams(location.search).get('engine') === 'server' ? Promise.resolve()
    : loadRuntime({ wasm: '/web/gspec.wasm' }).then((r) => { link.runtime = r; }, () => {});
  const grammar = fetch('/editors/gesture.tmLanguage.json').then((r) => (r.ok ? r.json() : null))
    .then((g) => { if (g) spec.rules = grammarRules(g); }, () => {});
  pg.ready = Promise.all([fetch('/api/spec').then((r) => r.json()), runtime, grammar]).then(([s]) => {
    pg.engineWhere = link.runtime ? 'page' : 'server';
    $('where').textContent = link.runtime ? 'engine: in this page (WebAssembly)' : 'engine: on the server (bash web/build.sh runs it in the page)';
    $('spec').value = s.text; $('path').textContent = s.path || '(example)';
    $('save').disabled = !s.canSave; spec.colour(); return check();
  });
}

/**
 * The lanes: one per gesture on a time axis of the last `SPAN` seconds, with
 * a switch that enables or disables it (a control line, as a trace would; a
 * gesture enabled by modes follows the mode switches instead), and the mode
 * switches. `post` sends control lines.
 */
function timeline({ pg, $, now }, post) {
  const SPAN = 10;
  let axisEnd = SPAN;
  const at = () => Number(now().toFixed(4));
  function lanes(names, enabled, conditions) {
    $('lanes').innerHTML = ''; axisEnd = SPAN;
    names.forEach((n, i) => {
      const on = enabled[i] !== false;
      const row = document.createElement('div'); row.className = 'lane' + (on ? '' : ' off'); row.dataset.gesture = n;
      const box = document.createElement('input'); box.type = 'checkbox'; box.checked = on; box.title = 'enabled';
      if (conditions[i]) { box.disabled = true; box.title = 'enabled: ' + conditions[i]; }
      box.onchange = () => { row.classList.toggle('off', !box.checked); post([{ t: at(), set: n, enabled: box.checked }]); };
      const name = document.createElement('span'); name.className = 'name'; name.textContent = n; name.title = n;
      const chips = document.createElement('span'); chips.className = 'chips';
      row.append(box, name, chips); $('lanes').appendChild(row);
    });
  }
  function modes(names) {
    $('modes').innerHTML = names.length ? 'Modes ' : '';
    for (const m of names) {
      const label = document.createElement('label'), box = document.createElement('input');
      box.type = 'checkbox'; box.dataset.mode = m;
      box.onchange = () => post([{ t: at(), mode: m, on: box.checked }]);
      label.append(box, ' ' + m + ' '); $('modes').appendChild(label);
    }
  }
  // After a control line, the switches show what the engine enables now: `on(gesture, index)`.
  function switches(on) {
    document.querySelectorAll('.lane').forEach((row, i) => {
      const enabled = on(row.dataset.gesture, i);
      row.classList.toggle('off', !enabled); row.querySelector('input').checked = enabled;
    });
  }
  function place(chip) { chip.style.left = ((Number(chip.dataset.t) - (axisEnd - SPAN)) / SPAN * 100) + '%'; }
  function axis() {
    const ticks = document.querySelector('#axis .chips'); ticks.innerHTML = '';
    for (let k = Math.ceil(axisEnd - SPAN); k <= axisEnd; k++) {
      const tick = document.createElement('span'); tick.className = 'tick'; tick.dataset.t = k; tick.textContent = k + 's';
      place(tick); ticks.appendChild(tick);
    }
    document.querySelectorAll('.lane .chip').forEach((chip) => { if (Number(chip.dataset.t) < axisEnd - SPAN) chip.remove(); else place(chip); });
  }
  // Events (objects with the keys of gspec run's lines) on their lanes.
  function show(events, sentAt) {
    for (const e of events) {
      pg.events.push(e);
      if (e.state === 'recognized' || e.state === 'began') pg.recognized.push(e.gesture);
      if (sentAt !== undefined) pg.latencies.push(performance.now() - sentAt);
      const row = document.querySelector('.lane[data-gesture="' + CSS.escape(e.gesture) + '"] .chips');
      if (!row) continue;
      const chip = document.createElement('span'); chip.className = 'chip ' + e.state; chip.dataset.t = e.t;
      // A mark for each `changed` and `failed` (many, and the line on hover), a label for the rest.
      if (e.state !== 'changed' && e.state !== 'failed') { chip.textContent = e.state; chip.style.zIndex = 1; }
      chip.title = JSON.stringify(e); row.appendChild(chip);
      while (row.childElementCount > 400) row.firstChild.remove();
      if (e.t > axisEnd) axisEnd = e.t + 1;
      place(chip);
    }
    if (events.length) axis();
  }
  // The server's answers: JSON Lines of events, and after a control line what the engine enables.
  function showLines(text, sentAt) {
    const events = [];
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      const e = JSON.parse(line);
      if (e.enabled) switches((_, i) => e.enabled[i]);
      else events.push(e);
    }
    show(events, sentAt);
  }
  // A fresh axis from 0 (a witness's own times).
  function clear() { document.querySelectorAll('.lane .chip').forEach((chip) => chip.remove()); axisEnd = SPAN; axis(); }
  return { lanes, modes, switches, show, showLines, clear };
}

/**
 * Where samples and control lines go: the engine in this page (the web
 * runtime, `runtime` once it loaded) paced as `attach` paces Pointer Events
 * (gspec.mjs's `pace`: frames, one timer at its next deadline), else the
 * server's session, whose events come back in the answers and, for those a
 * deadline decides, on an event stream.
 */
function engineLink({ pg, $, now }, lines) {
  const local = { engine: null, paced: null, sentAt: undefined };
  let stream = null, queue = Promise.resolve();
  const link = {
    runtime: null,
    // A new table from the server: the page's engine runs it, unless this gspec.wasm is from another build.
    load(table) {
      if (!link.runtime) return;
      if (local.engine) { local.paced.stop(); local.engine.free(); }
      try {
        local.engine = link.runtime.engine(Uint8Array.from(atob(table), (ch) => ch.charCodeAt(0)));
        local.paced = pace(local.engine, { now, onEvents: (events) => lines.show(events, local.sentAt) });
      } catch (error) {
        [local.engine, local.paced, link.runtime] = [null, null, null];
        $('where').textContent = `engine: on the server (${error.message})`;
      }
    },
    closeStream() { if (stream) { stream.close(); stream = null; } },
    post(samples) {
      if (local.engine) {
        local.sentAt = performance.now();
        apply(samples);
        lines.show(local.engine.takeEvents(), local.sentAt);  // what the control lines decided
        local.sentAt = undefined;
        local.paced.schedule();
        return Promise.resolve();
      }
      if (samples.some((l) => l.touch !== undefined)) listen();
      const body = samples.map((s) => JSON.stringify(s)).join('\n') + '\n', sentAt = performance.now(), session = pg.session;
      queue = queue.then(() => fetch('/api/samples?session=' + session, { method: 'POST', body })
        .then((r) => r.text()).then((t) => lines.showLines(t, sentAt)).catch(() => {}));
      return queue;
    },
  };
  // The event stream is opened with the first sample: a page nobody draws on keeps no request
  // open, so a headless browser's virtual time can settle.
  pg.streamOpen = () => stream !== null;
  function listen() {
    if (stream || !pg.session) return;
    stream = new EventSource('/api/stream?session=' + pg.session);
    stream.onmessage = (m) => { if (!m.data.startsWith('{"connected"')) lines.showLines(m.data); };
  }
  function apply(samples) {
    const e = local.engine;
    let controls = false;
    for (const l of samples) {
      try {
        if (l.screen) e.setScreen(l.screen[0], l.screen[1]);
        else if (l.mode !== undefined) { e.setMode(l.mode, l.on); controls = true; }
        else if (l.set !== undefined) { e.setEnabled(l.set, l.enabled); controls = true; }
        else local.paced.feed({ ...l });
      } catch (err) {
        $('diagnostics').textContent = err.message;
      }
    }
    if (controls) lines.switches((gesture) => e.isEnabled(gesture));
  }
  return link;
}

/**
 * The drawing surface: Pointer Events become samples as `attach` makes them
 * (gspec.mjs's `pointerInput`), timed by the page's clock, in the canvas's
 * points; with the mouse, Shift adds a finger mirrored about the first one's
 * start.
 */
function canvasInput({ $, surface, now, dot }, onSamples) {
  const mirror = new Map(); // pointerId -> { id, x, y }
  const mirrored = (e, sample, phase) => {
    const m = mirror.get(e.pointerId);
    if (!m) return [sample];
    dot(2 * m.x - sample.x, 2 * m.y - sample.y, m.id);
    return [sample, { ...sample, touch: m.id, phase, x: 2 * m.x - sample.x, y: 2 * m.y - sample.y }];
  };
  const input = pointerInput(surface, {
    // The page's clock when the input is handled (coalesced moves share it): what the server's
    // engine maps to its own clock, and what a frame of the page's engine is applied by.
    time: () => Number(now().toFixed(4)),
    point: (e) => {
      const r = surface.getBoundingClientRect();
      return { x: Number(((e.clientX - r.left) * surface.width / r.width).toFixed(1)), y: Number(((e.clientY - r.top) * surface.height / r.height).toFixed(1)) };
    },
    pointer: (e) => (e.pointerType === 'mouse' ? $('mouse').value : e.pointerType === 'pen' ? 'pen' : 'touch'),
    began: (e, sample) => {
      if (!$('view').disabled) sample.view = $('view').value;
      dot(sample.x, sample.y, sample.touch);
      if (e.pointerType !== 'mouse' || !e.shiftKey) return [sample];
      const m = { id: input.nextId(), x: sample.x, y: sample.y };
      mirror.set(e.pointerId, m);
      return [sample, { ...sample, touch: m.id, x: sample.x + 1, y: sample.y + 1 }];
    },
    moved: (e, sample) => { dot(sample.x, sample.y, sample.touch); return mirrored(e, sample, 'moved'); },
    ended: (e, sample) => { const out = mirrored(e, sample, sample.phase); mirror.delete(e.pointerId); return out; },
    onSamples,
  });
}

/** The spec's text area: coloured by `rules` (the editors' grammar, once loaded) over it; `changed` a moment after an edit. */
function editor({ pg, $ }, changed) {
  let timer = null;
  const spec = {
    rules: null,
    colour() {
      if (!spec.rules) return;
      $('highlight').innerHTML = highlight($('spec').value, spec.rules) + '\n';
      $('spec').classList.add('coloured');
      pg.coloured = $('highlight').querySelectorAll('span').length;
    },
  };
  $('spec').addEventListener('input', () => { spec.colour(); clearTimeout(timer); timer = setTimeout(changed, 150); });
  $('spec').addEventListener('scroll', () => { $('highlight').scrollTop = $('spec').scrollTop; $('highlight').scrollLeft = $('spec').scrollLeft; });
  return spec;
}

/** A witness trace: drawn at its own pace, and its events shown as a fresh run of the session decides them. */
async function play({ pg, surface, ctx, dot }, lines, witness) {
  ctx.clearRect(0, 0, surface.width, surface.height);
  lines.clear();
  const samples = witness.split('\n').filter((l) => l.trim().startsWith('{'));
  const r = await fetch('/api/run?session=' + pg.session, { method: 'POST', body: samples.join('\n') + '\n' });
  const events = (await r.text()).split('\n').filter((l) => l.trim());
  for (const l of samples) { const s = JSON.parse(l); if (s.touch) setTimeout(() => dot(s.x, s.y, s.touch), s.t * 1000); }
  for (const l of events) { const e = JSON.parse(l); setTimeout(() => lines.show([e]), e.t * 1000); }
}

"""##,
        // web/src/gspec.mjs
        "/src/gspec.mjs": ##"""
// gspec's web runtime: compiled gesture tables (.gtab) run by the same engine
// as on iOS, compiled to WebAssembly (gspec.wasm beside this module).
// No dependencies; importing this module touches no browser global: only
// `attach` does, so it is safe in server-side rendering.

import { attach, fail, keyShortcut, pace, pointerInput } from './gspec-dom.mjs';

// The DOM part (gspec-dom.mjs) is this module's too: a page imports gspec.mjs only.
export { pace, pointerInput };

// What the table decides (names, kinds, views, modes, touch-action) each
// engine reads from gspec.wasm (`describe`); the event record's layout and
// the names of states, directions, phases and pointer kinds are the block
// below, generated from the runtime's own lists (EventDescription.swift),
// with the stamp `describe` must give for a gspec.wasm of the same lists.
// BEGIN generated from the runtime's lists (JavaScriptRuntimeEmitter.moduleConstants): do not edit by hand
/** The event record's layout (EventSlot): its size, and each slot's offset and storage. */
const RECORD = Object.freeze({ bytes: 104, slots: Object.freeze({ time: [0, 'f64'], x: [8, 'f64'], y: [16, 'f64'], value0: [24, 'f64'], value1: [32, 'f64'], velocity0: [40, 'f64'], velocity1: [48, 'f64'], gesture: [56, 'i32'], taps: [60, 'i32'], view: [64, 'i32'], state: [68, 'u8'], direction: [69, 'u8'], input: [70, 'u8'], touch: [72, 'i32'], fingers: [76, 'i32'], projected: [80, 'f64'], rest: [88, 'f64'], anchor: [96, 'i32'] }) });
/** What `describe` of a gspec.wasm built from the same lists gives as its `stamp` (EventSlot.layoutStamp). */
const STAMP = 2001404517;
/** Names by raw value: event states, directions, touch phases, pointer kinds (bit k: kind k), gesture kinds. */
const STATES = Object.freeze(['possible', 'began', 'changed', 'ended', 'cancelled', 'failed', 'recognized', 'provisional', 'retracted', 'marked']);
const DIRECTIONS = Object.freeze(['right', 'up-right', 'up', 'up-left', 'left', 'down-left', 'down', 'down-right']);
const PHASES = Object.freeze(['began', 'moved', 'stationary', 'ended', 'cancelled']);
const POINTERS = Object.freeze(['touch', 'pen', 'mouse']);
const KINDS = Object.freeze(['tap', 'longPress', 'swipe', 'pan', 'pinch', 'rotation', 'stroke', 'scroll']);
/** The states whose events carry no position or values. */
const BARE_STATES = Object.freeze(['failed', 'marked']);
/** A scroll's edges by the bit that stands for each (1 << a direction; '' for a direction that is no edge). */
const EDGES = Object.freeze(['right', '', 'top', '', 'left', '', 'bottom', '']);
/** Each kind's event with the values it carries (EventValue), by kind, read from the record at `at` (`number` rounds as `gspec run` prints). */
const EVENTS = Object.freeze([
  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y, taps: d.getInt32(at + 60, true) }),
  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y, velocity: [number(d.getFloat64(at + 40, true)), number(d.getFloat64(at + 48, true))] }),
  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y, direction: DIRECTIONS[d.getUint8(at + 69)] ?? DIRECTIONS[0] }),
  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y, translation: [number(d.getFloat64(at + 24, true)), number(d.getFloat64(at + 32, true))], velocity: [number(d.getFloat64(at + 40, true)), number(d.getFloat64(at + 48, true))], fingers: d.getInt32(at + 76, true) }),
  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y, scale: number(d.getFloat64(at + 24, true)), velocity: number(d.getFloat64(at + 40, true)), fingers: d.getInt32(at + 76, true) }),
  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y, rotation: number(d.getFloat64(at + 24, true)), velocity: number(d.getFloat64(at + 40, true)), fingers: d.getInt32(at + 76, true) }),
  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y }),
  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y, translation: [number(d.getFloat64(at + 24, true)), number(d.getFloat64(at + 32, true))], velocity: [number(d.getFloat64(at + 40, true)), number(d.getFloat64(at + 48, true))] }),
]);
/** The words of a control call or line that name no run-time parameter (ControlKey.reserved). */
const RESERVED = Object.freeze(['enabled', 'handOver', 'scroll', 'began', 'momentum', 't', 'set', 'mode', 'on', 'at', 'action']);
/** Run-time parameters (RuntimeParameter), by the index gspec_engine_set_parameter takes; then the names that cannot change at run time. */
const PARAMETERS = Object.freeze(['maxInterval', 'maxDuration', 'duration', 'slop', 'tapDistance', 'minDistance', 'edgeWidth', 'segment', 'minVelocity', 'maxAngle', 'hysteresis', 'minScore', 'maxRotation', 'threshold']);
const STRUCTURAL = Object.freeze(['taps', 'touches', 'directions', 'axis', 'edges', 'activeOffsetX', 'activeOffsetY', 'failOffsetX', 'failOffsetY', 'match', 'recognize', 'series', 'resample', 'minSegment', 'hooks', 'smoothing', 'chord', 'cancelsTouches', 'delaysTouchesBegan', 'delaysTouchesEnded', 'maxLatency', 'enabled', 'examples', 'maxTemplates', 'turning', 'corners', 'cornerAngle', 'firstLeg', 'closure', 'straightness', 'aspect', 'counterTurn', 'counterSpan', 'input', 'provisional', 'action', 'alternative', 'startX', 'startY', 'endX', 'endY', 'fingers', 'together', 'duringMomentum', 'hookLength', 'varyAspect', 'varyEnds', 'varyRounding', 'varyOvershoot', 'cancelsTouchesInView']);
/** Unit spellings (Unit), by the index gspec_engine_set_parameter takes. */
const UNITS = Object.freeze(['pt', 'ms', 's', 'deg', 'rad', 'pt/s', '%']);
/** Why a control call is refused (RefusalCode): a refused call returns 1 + the index of its key. */
const REFUSALS = Object.freeze({
  handsOverToNone: "'{gesture}' hands over to no gesture: it needs a rule such as '{gesture} hands over to other'",
  notOnView: "'{gesture}' is not on view '{view}'",
  noAction: "'{gesture}' has no action: the spec gives it one with 'action: \"...\"'",
  disabledAction: "'{gesture}' is disabled: its action is not offered",
  noMomentum: "'{gesture}' is a {kind} without 'settle': momentum is a scroll's or a settle's",
  notAScroll: "'{gesture}' is a {kind}: a 'scroll' line speaks of a scroll",
  enabledByModes: "'{gesture}' is enabled by modes ('enabled: {condition}'): set the mode instead",
  noValidValue: "'{parameter}' has no valid value: '{value}'",
  structural: "'{parameter}' is part of the compiled gesture and cannot change at run time",
  unknownParameter: "unknown parameter '{parameter}'",
  enabledIsNotAParameter: "'enabled' is switched on and off, not set as a parameter",
  notOfKind: "a {kind} has no parameter '{parameter}'",
  wrongUnit: "'{parameter}' takes {expected}",
  outOfRange: "'{parameter}' must be {range}",
  noSuchGesture: 'no gesture {index} in the table',
});
/** What a value in the wrong unit should have been (ExpectedValue), by index. */
const EXPECTED = Object.freeze(["a duration with its unit, such as '300ms' or '0.3s'", "a distance with its unit, such as '10pt'", "a distance ('10pt') or, for a relative segment, a percentage ('5%')", "a speed with its unit, such as '300pt/s'", "an angle with its unit, such as '30deg'", "a plain number (|scale - 1|), such as '0.1'", "a percentage, such as '5%'", 'a number', "a percentage: this stroke's segment is relative", "a distance: this stroke's segment is in points"]);
// END generated (JavaScriptRuntimeEmitter.moduleConstants)
const encoder = new TextEncoder();
// What takeEvents returns when nothing happened, most calls: no array per call.
const NO_EVENTS = Object.freeze([]);
const decoder = new TextDecoder();
// Room for a table's error message: the longest the runtime writes is under 200 bytes.
const ERROR_BYTES = 512;

/**
 * A number as `gspec run` prints it, read back: rounded to 1e-6 half away
 * from zero (EventFormatter.number). The quotient of the rounded integer by
 * 1e6 is the double nearest the printed decimal, as JSON.parse would give;
 * beyond 9e12 a double has no sixth decimal and prints as itself.
 */
function number(x) {
  if (!Number.isFinite(x)) return null;
  const scaled = x * 1e6;
  const n = scaled < 0 ? -Math.round(-scaled) : Math.round(scaled);
  if (Math.abs(n) >= 9e18) return x;
  return n / 1e6 + 0; // never -0: "-0.0" is not printed
}

/** Refusal `key`'s message (REFUSALS), its placeholders filled from `slots`, as the native library words it (RefusalCode.fill). */
function refusal(key, slots) {
  return new Error(`gspec: ${REFUSALS[key].replace(/\{(\w+)\}/g, (_, slot) => slots[slot] ?? '')}`);
}

/**
 * `x` as the runtime's messages print it (NumberText.swift's `shortest`:
 * C's `%g`, six significant digits of the shortest decimal form), from
 * the same digits: gspec.wasm takes them from `toExponential` too.
 */
function shortest(x) {
  if (!Number.isFinite(x) || x === 0) return x === 0 ? (Object.is(x, -0) ? '-0' : '0') : Number.isNaN(x) ? 'nan' : x < 0 ? '-inf' : 'inf';
  const [mantissa, e] = Math.abs(x).toExponential().split('e');
  const digits = [...mantissa.replace('.', '')].map(Number);
  let exponent = Number(e);
  if (digits.length > 6) {
    const dropped = digits.splice(6);
    // An exact tie rounds to even, as printf does; an integer is exact.
    const tie = dropped[0] === 5 && dropped.every((d, k) => k === 0 || d === 0) && Number.isInteger(x);
    if (dropped[0] > 5 || (dropped[0] === 5 && (!tie || digits[5] % 2 === 1))) {
      let i = 5;
      while (i >= 0 && digits[i] === 9) digits[i--] = 0;
      if (i >= 0) digits[i] += 1;
      else {
        digits.unshift(1);
        digits.pop();
        exponent += 1;
      }
    }
  }
  while (digits.length > 1 && digits[digits.length - 1] === 0) digits.pop();
  const sign = x < 0 ? '-' : '';
  if (exponent < -4 || exponent >= 6) {
    const a = Math.abs(exponent);
    return `${sign}${digits[0]}${digits.length > 1 ? `.${digits.slice(1).join('')}` : ''}e${exponent < 0 ? '-' : '+'}${a < 10 ? '0' : ''}${a}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits.join('')}`;
  while (digits.length < exponent + 1) digits.push(0);
  const fraction = digits.slice(exponent + 1);
  return sign + digits.slice(0, exponent + 1).join('') + (fraction.length ? `.${fraction.join('')}` : '');
}

/** A value in the runtime's unit written in `UNITS[unit]` as a spec writes it (Unit.literal): `12.5pt`, `30deg`, `300ms`, `2s`. */
function literal(v, unit) {
  const spelling = UNITS[unit];
  if ((spelling === 'ms' || spelling === 's') && Number.isInteger(v) && Math.abs(v) < 9e18) {
    // Whole microseconds, exactly (DurationText.literal).
    const us = BigInt(v), magnitude = us < 0n ? -us : us;
    if (us >= 1000000n && us % 1000000n === 0n) return `${us / 1000000n}s`;
    const fraction = magnitude % 1000n;
    return `${us < 0n ? '-' : ''}${magnitude / 1000n}${fraction ? `.${String(fraction).padStart(3, '0').replace(/0+$/, '')}` : ''}ms`;
  }
  const inUnit = { ms: v / 1000, s: v / 1000000, deg: (v * 180) / Math.PI, '%': v * 100 }[spelling] ?? v;
  return shortest(inUnit) + (spelling ?? '');
}

/** A parameter's allowed range as the engine returns it, [lower, upper, lower open (1), unit], in words (ParameterRange.text). */
function rangeText([lower, upper, open, unit]) {
  const low = literal(lower, unit), high = literal(upper, unit);
  if (lower === upper) return `exactly ${low}`;
  if (upper === Infinity) return (open ? 'greater than ' : 'at least ') + low;
  return open ? `greater than ${low} and at most ${high}` : `from ${low} to ${high}`;
}

/** A parameter value's text (`15pt`, `0.3s`, `5%`, `0.1`) as [number, unit index (-1: none)], as the trace reader reads it; null for none. */
function parameterValue(text) {
  // The longest unit spelling that ends the text (`pt/s`, not `s`).
  const unit = UNITS.reduce((best, u, k) => (text.endsWith(u) && (best < 0 || u.length > UNITS[best].length) ? k : best), -1);
  const number = unit < 0 ? text : text.slice(0, -UNITS[unit].length);
  // A plain decimal (JSON.decimal): sign, digits with at most one point, an exponent; no hexadecimal, inf or nan.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(number)) return null;
  const v = Number(number);
  return Number.isFinite(v) ? [v, unit] : null;
}

/** A table the runtime refused: corrupt, truncated, or from a newer gspec. */
export class GSpecTableError extends Error {
  constructor(message) {
    super(message);
    this.name = 'GSpecTableError';
  }
}

async function wasmModule(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  const url = source === undefined ? new URL('./gspec.wasm', import.meta.url) : new URL(String(source), import.meta.url);
  if (url.protocol === 'file:') {
    // node: fetch() does not read files.
    const { readFile } = await import('node:fs/promises');
    return WebAssembly.compile(await readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`gspec: cannot load ${url}: HTTP ${response.status}`);
  if (WebAssembly.compileStreaming && response.headers.get('content-type') === 'application/wasm') {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * Loads and instantiates the WebAssembly runtime. `options.wasm` may give the
 * module's bytes, a compiled `WebAssembly.Module`, or its URL; by default it
 * is `gspec.wasm` beside this module.
 */
export async function loadRuntime(options = {}) {
  if (options === null || typeof options !== 'object') fail('loadRuntime takes an options object');
  const module = await wasmModule(options.wasm);
  const runtime = new Runtime();
  const instance = await WebAssembly.instantiate(module, { env: runtime.imports() });
  runtime.exports = instance.exports;
  return runtime;
}

/** One instance of the WebAssembly module: its memory holds every engine made from it. */
export class Runtime {
  constructor() {
    this.exports = null;
    this.memoryView = null; // view()
    this.writers = [null, null, null];
    this.options = null;
  }

  /** @internal The functions the module imports. */
  imports() {
    return {
      gspec_write: (fd, ptr, len) => {
        const text = decoder.decode(this.bytes(ptr, len));
        const writer = this.writers[fd];
        if (writer) writer(text);
        else if (fd === 2 && typeof console !== 'undefined') console.error(text);
      },
      gspec_parse_decimal: (ptr, len) => Number(decoder.decode(this.bytes(ptr, len))),
      gspec_shortest: (x, ptr, capacity) => {
        const text = encoder.encode(x.toExponential());
        const n = Math.min(text.length, capacity);
        new Uint8Array(this.exports.memory.buffer, ptr, n).set(text.subarray(0, n));
        return n;
      },
    };
  }

  /**
   * @internal A DataView of the module's whole memory, made again only when
   * the memory grew: its old buffer is then detached, and a detached buffer's
   * length is 0, which costs less to read than `memory.buffer` on every call.
   */
  view() {
    if (this.memoryView === null || this.memoryView.buffer.byteLength === 0) this.memoryView = new DataView(this.exports.memory.buffer);
    return this.memoryView;
  }

  /** @internal A copy of module memory. */
  bytes(ptr, len) {
    return new Uint8Array(this.exports.memory.buffer, ptr, len).slice();
  }

  /** @internal gspec-run.wasm's output buffer (`gspec_run_options`), as text. */
  output() {
    const e = this.exports;
    return decoder.decode(this.bytes(e.gspec_output_ptr(), e.gspec_output_len()));
  }

  /** @internal Calls `body(ptr, len)` with `data` (bytes or text) in module memory. */
  withBytes(data, body) {
    const bytes = typeof data === 'string' ? encoder.encode(data) : data;
    const e = this.exports;
    const ptr = e.gspec_alloc(bytes.length);
    new Uint8Array(e.memory.buffer, ptr, bytes.length).set(bytes);
    try {
      return body(ptr, bytes.length);
    } finally {
      e.gspec_dealloc(ptr);
    }
  }

  /** Bytes of the module's heap: grown so far, and in use now. */
  heap() {
    return { size: this.exports.gspec_heap_size() >>> 0, inUse: this.exports.gspec_heap_in_use() >>> 0 };
  }

  /**
   * An engine for a compiled table (`.gtab` bytes). A corrupt table throws a
   * `GSpecTableError` saying what is wrong.
   */
  engine(table) {
    return new Engine(this, tableBytes(table));
  }

  /**
   * `gspec run TABLE --trace TRACE`: `table` and `trace` are bytes, `flags`
   * the command's options by name (`runOptions()`: allStates, explain, ...;
   * `true` for a flag, text for an option with a value), `input` and
   * `tracePath` the names messages use. Output goes to `out` and `err` as it
   * is decided; returns the exit status. Only on a runtime loaded from
   * gspec-run.wasm, which adds the trace runner (GestureTrace) to the
   * engine; gspec.wasm, which pages load, leaves it out.
   */
  run({ table, trace, flags = {}, input = 'table.gtab', tracePath = 'trace.jsonl', out, err }) {
    const e = this.exports;
    const options = this.runOptions();
    const lines = [];
    for (const [name, value] of Object.entries(flags)) {
      const option = options.find((o) => o.name === name);
      if (!option) fail(`unknown run option '${name}'; the options are ${options.map((o) => o.name).join(', ')}`);
      if (option.placeholder === null) {
        if (value) lines.push(name);
      } else if (value !== undefined && value !== null) {
        const text = String(value);
        if (text.includes('\n')) fail(`run option '${name}' takes one line, got ${JSON.stringify(text)}`);
        lines.push(`${name}=${text}`);
      }
    }
    this.writers = [null, out ?? null, err ?? null];
    const blocks = [tableBytes(table), trace instanceof Uint8Array ? trace : new Uint8Array(trace)]
      .concat([lines.join('\n'), input, tracePath].map((t) => encoder.encode(String(t))));
    const ptrs = blocks.map((b) => e.gspec_alloc(b.length));
    blocks.forEach((b, i) => new Uint8Array(e.memory.buffer, ptrs[i], b.length).set(b));
    try {
      return e.gspec_run(...blocks.flatMap((b, i) => [ptrs[i], b.length]));
    } finally {
      ptrs.forEach((p) => e.gspec_dealloc(p));
      this.writers = [null, null, null];
    }
  }

  /**
   * The options `run` takes, as `gspec run` has them: `{ name, flag,
   * placeholder, help }` (`placeholder` null for a flag without a value).
   * Only on a runtime loaded from gspec-run.wasm.
   */
  runOptions() {
    const e = this.exports;
    if (typeof e.gspec_run_options !== 'function') {
      fail("run needs the trace runner: loadRuntime({ wasm: new URL('gspec-run.wasm', import.meta.url) })");
    }
    this.options ??= (e.gspec_run_options(), JSON.parse(this.output()));
    return this.options;
  }

  /**
   * Runs `table`'s gestures on Pointer Events over `element`: see docs/web.md.
   * Returns `{ engine, detach() }`.
   */
  attach(element, table, options = {}) {
    return attach(this, element, table, options);
  }
}

// Samples checked for times in milliseconds (Engine.checkUnit).
const UNIT_CHECKS = 256;

// A trace's `t` has at most 18 digits of microseconds (|t| < 10^12 s), and the engine refuses what a trace cannot write.
const MAX_SECONDS = 1e12;

function checkTime(t, what) {
  if (typeof t !== 'number' || !Number.isFinite(t)) fail(`${what} must be a finite number of seconds, got ${t}`);
  if (Math.abs(t) >= MAX_SECONDS) fail(`${what} is out of range: ${t} seconds`);
}

function tableBytes(table) {
  if (table instanceof Uint8Array) return table;
  if (table instanceof ArrayBuffer) return new Uint8Array(table);
  if (ArrayBuffer.isView(table)) return new Uint8Array(table.buffer, table.byteOffset, table.byteLength);
  fail('a table is the bytes of a .gtab file (Uint8Array or ArrayBuffer)');
}

/**
 * Reads event records (`describe`'s `record`) as the objects of their
 * `gspec run` lines: `t`, `gesture`, `state`, `x`, `y`, the values its kind
 * carries (the generated `EVENTS`, unless the state is bare), then `view` with
 * declared views; numbers rounded as `gspec run` prints them (so equal to
 * JSON.parse of the line). A class, not a closure per engine: every engine's
 * reader then has one hidden class and its methods one call target, so code
 * optimized for one engine stays optimized for the next (a closure per
 * engine deoptimized `takeEvents` at each new engine).
 */
class EventReader {
  constructor(gestures, views, kinds) {
    // Offsets from the record's layout. Reads are direct DataView calls at
    // numeric offsets: this runs for every event a page gets.
    const offset = (name) => {
      if (!RECORD.slots[name]) throw new Error(`gspec: gspec.mjs reads record slot '${name}', which the record has not`);
      return RECORD.slots[name][0];
    };
    [this.T, this.X, this.Y, this.G, this.V, this.U, this.S, this.I, this.P, this.R, this.A, this.D] =
      ['time', 'x', 'y', 'gesture', 'view', 'touch', 'state', 'input', 'projected', 'rest', 'anchor', 'direction'].map((n) => offset(n));
    // v5 settles: a mark crossed has no position or values; an ended with a decision adds it.
    [this.MARKED, this.ENDED, this.DOWN] = [STATES.indexOf('marked'), STATES.indexOf('ended'), DIRECTIONS.indexOf('down')];
    // Per gesture, the function making its kind's events (the generated EVENTS).
    this.makers = kinds.map((k) => EVENTS[k]);
    this.carried = STATES.map((s) => !BARE_STATES.includes(s));
    [this.gestures, this.states, this.views] = [gestures, STATES, views];
    this.hasViews = this.views.length > 0;
  }

  /** The first touch of the event at `at` (-1: none). */
  touch(d, at) {
    return d.getInt32(at + this.U, true);
  }

  read(d, at) {
    const g = d.getInt32(at + this.G, true);
    const s = d.getUint8(at + this.S);
    if (s === this.MARKED) {
      const event = { t: d.getFloat64(at + this.T, true) / 1e6, gesture: this.gestures[g], state: this.states[s],
        mark: d.getInt32(at + this.A, true), crossed: d.getUint8(at + this.D) === this.DOWN ? 'down' : 'up' };
      if (this.hasViews) event.view = this.views[d.getInt32(at + this.V, true)];
      return event;
    }
    const t = d.getFloat64(at + this.T, true) / 1e6, gesture = this.gestures[g], state = this.states[s];
    const x = number(d.getFloat64(at + this.X, true)), y = number(d.getFloat64(at + this.Y, true));
    const event = this.carried[s] ? this.makers[g](d, at, t, gesture, state, x, y) : { t, gesture, state, x, y };
    if (s === this.ENDED) {
      const projected = d.getFloat64(at + this.P, true);
      if (projected === projected) {
        event.projected = number(projected);
        const anchor = d.getInt32(at + this.A, true);
        if (anchor !== -2147483648) event.anchor = anchor;
        event.rest = number(d.getFloat64(at + this.R, true));
      }
    }
    if (d.getUint8(at + this.I) === 1) event.input = 'action';
    if (this.hasViews) event.view = this.views[d.getInt32(at + this.V, true)];
    return event;
  }
}

/** One gesture set's engine: feed it touch samples, take its gesture events. */
export class Engine {
  constructor(runtime, bytes) {
    this.runtime = runtime;
    const e = runtime.exports;
    // The table's error, if it has one, in a buffer of ours: the module keeps no state of its own.
    const error = e.gspec_alloc(ERROR_BYTES);
    let handle;
    try {
      handle = runtime.withBytes(bytes, (p, n) => e.gspec_engine_new(p, n, error, ERROR_BYTES));
      if (handle === 0) {
        const text = new Uint8Array(e.memory.buffer, error, ERROR_BYTES);
        throw new GSpecTableError(decoder.decode(text.slice(0, text.indexOf(0))));
      }
    } finally {
      e.gspec_dealloc(error);
    }
    this.handle = handle;
    e.gspec_engine_describe(handle);
    const names = JSON.parse(this.output());
    if (names.stamp !== STAMP) throw new Error('gspec: gspec.wasm does not match gspec.mjs (another version)');
    /** Gesture names in table order. */
    this.gestures = Object.freeze(names.gestures);
    /** View names (empty when the spec declares none). */
    this.views = Object.freeze(names.views);
    /** Mode names. */
    this.modes = Object.freeze(names.modes);
    /** The CSS touch-action the set leaves to the browser. */
    this.touchAction = names.touchAction;
    this.kinds = names.kinds.map((k) => KINDS[k]);
    /** The pointer kinds each gesture takes (its `input`), in table order. */
    this.inputs = Object.freeze(names.inputs.map((bits) => Object.freeze(POINTERS.filter((_, k) => bits & (1 << k)))));
    this.phases = PHASES;
    this.edges = EDGES;
    this.pointers = POINTERS;
    this.gestureViews = names.gestureViews.map((v) => this.views[v] ?? ''); // each gesture's view name ('' without views)
    this.conditions = names.conditions; // each gesture's `enabled:` condition on modes ('' for none)
    /** The touch-action for each view's element (v4), in the order of `views`. */
    this.viewTouchActions = Object.freeze(names.viewTouchActions);
    /** Each gesture's accessibility action (v4 `action:`), or null, in table order. */
    this.actionNames = Object.freeze(names.actions.map((a) => a || null));
    this.recordBytes = RECORD.bytes;
    this.eventTouches = null; // attach sets an array: the first touch of each event taken
    this.lastMove = new Map(); // touch -> { t, slow }: for checkUnit
    this.toldAboutUnit = false;
    this.unitChecks = 0;
    this.reader = new EventReader(this.gestures, this.views, names.kinds);
  }

  live() {
    if (this.handle === 0) throw new Error('gspec: the engine was freed');
    return this.runtime.exports;
  }

  /** @internal The output of this engine's last call that produced one, as text. */
  output() {
    const e = this.runtime.exports;
    return decoder.decode(this.runtime.bytes(e.gspec_engine_output_ptr(this.handle), e.gspec_engine_output_len(this.handle)));
  }

  /** One touch sample, with the fields of a trace line (`t` in seconds). */
  feed(sample) {
    const e = this.live();
    if (sample === null || typeof sample !== 'object') fail('feed takes a sample object { t, touch, phase, x, y }');
    const { t, touch, phase, x, y, view, pointer } = sample;
    // A time that is not finite is the engine's to count (engine.anomalies), as a sample going back in time.
    if (typeof t !== 'number') fail(`'t' must be a number of seconds, got ${t}`);
    if (Number.isFinite(t)) {
      if (Math.abs(t) >= MAX_SECONDS) fail(`'t' is out of range: ${t} seconds`);
      this.checkUnit(t, touch, phase);
    }
    if (!Number.isSafeInteger(touch)) fail(`'touch' must be an integer, got ${touch}`);
    const p = this.phases.indexOf(phase);
    if (p < 0) fail(`unknown phase '${phase}'; expected ${this.phases.join(', ')}`);
    if (typeof x !== 'number' || typeof y !== 'number') fail("'x' and 'y' must be numbers");
    let v = 0;
    if (view !== undefined && view !== null && this.views.length > 0) {
      v = this.views.indexOf(view);
      if (v < 0) fail(`unknown view '${view}'`);
    }
    const k = pointer === undefined ? 0 : this.pointers.indexOf(pointer);
    if (k < 0) fail(`'pointer' must be one of ${this.pointers.map((n) => `"${n}"`).join(', ')}, got ${pointer}`);
    // Everything the engine refuses was checked above; a refusal is still the engine's message, not silence.
    if (e.gspec_engine_feed(this.handle, t, touch, p, x, y, v, k)) fail(this.output());
  }

  /**
   * @internal Times are seconds. Milliseconds (a timeStamp not divided by
   * 1000) make every duration a thousand times too short and every sample a
   * new frame: said once, in the console, when the first sample is over
   * 10^5 s, or when a touch's moves come 2 s or more apart five times in a row.
   */
  checkUnit(t, touch, phase) {
    if (this.toldAboutUnit) return;
    // A stream in milliseconds shows within its first samples; after those, feed pays nothing for this.
    if (++this.unitChecks > UNIT_CHECKS) {
      this.toldAboutUnit = true;
      this.lastMove.clear();
      return;
    }
    let suspect = this.unitChecks === 1 && t > 1e5; // the first sample
    const last = this.lastMove.get(touch);
    if (phase === 'moved' && last !== undefined) {
      const slow = t - last.t >= 2 ? last.slow + 1 : 0;
      this.lastMove.set(touch, { t, slow });
      suspect ||= slow >= 5;
    } else if (phase === 'began' || phase === 'moved') {
      this.lastMove.set(touch, { t, slow: 0 });
    } else {
      this.lastMove.delete(touch);
    }
    if (suspect && typeof console !== 'undefined') {
      this.toldAboutUnit = true;
      console.warn(`gspec: sample times look like milliseconds (t = ${t}); the engine counts seconds: divide by 1000 (a Pointer Event's timeStamp / 1000)`);
    }
  }

  /**
   * The repaired stream anomalies so far, by kind (docs/semantics.md): samples
   * going back in time or with a time that is not finite (clamped), a
   * `began` for a touch already down, events for unknown touches,
   * non-finite coordinates, touches over capacity, stale touches, touches on
   * views the table lacks.
   */
  get anomalies() {
    this.live().gspec_engine_anomalies(this.handle);
    return JSON.parse(this.output());
  }

  /**
   * The screen's size in points: edge pans (`edges: left`, ...) start within
   * `edgeWidth` of its sides. `attach` sets it to the element's box.
   */
  setScreen(width, height) {
    if (typeof width !== 'number' || typeof height !== 'number' || !(width > 0) || !(height > 0) || !Number.isFinite(width + height)) {
      fail('setScreen takes a width and a height in points, both greater than 0');
    }
    this.live().gspec_engine_set_screen(this.handle, width, height);
  }

  /** Moves the clock to `t` seconds: applies the pending frame and fires the deadlines due. */
  advance(t) {
    checkTime(t, 'advance');
    if (this.live().gspec_engine_advance(this.handle, t)) fail(this.output());
  }

  /** Applies the pending frame now (the host's frame of input is all in), with the deadlines due by its time. */
  endFrame() {
    this.live().gspec_engine_end_frame(this.handle);
  }

  /** Runs the clock on until no timer is pending. */
  finish() {
    this.live().gspec_engine_finish(this.handle);
  }

  /** The events decided so far (every state, `failed` included), cleared from the engine; none: one shared, frozen empty array. */
  takeEvents() {
    const e = this.live();
    const count = e.gspec_engine_take_events(this.handle);
    if (count === 0) return NO_EVENTS;
    const data = this.runtime.view(), base = e.gspec_engine_output_ptr(this.handle), size = this.recordBytes;
    const events = new Array(count);
    for (let i = 0; i < count; i++) events[i] = this.reader.read(data, base + i * size);
    // For attach: each event's first touch (-1: none), to find the element it began on.
    if (this.eventTouches) {
      this.eventTouches.length = count;
      for (let i = 0; i < count; i++) this.eventTouches[i] = this.reader.touch(data, base + i * size);
    }
    return events;
  }

  /** The engine's clock in seconds: the latest sample's, `advance`'s or control call's time. */
  get clock() {
    return this.live().gspec_engine_clock(this.handle);
  }

  /** The time of the next timer in seconds, or null. */
  nextDeadline() {
    const d = this.live().gspec_engine_next_deadline(this.handle);
    return d < 0 ? null : d;
  }

  /**
   * @internal Throws the refusal of a control call about gesture `g`
   * (`status`: 1 + the index of a REFUSALS key, 0 for none), worded from the
   * catalogue with the numbers the engine left in its output.
   */
  control(status, g, slots = {}) {
    if (status === 0) return;
    const key = Object.keys(REFUSALS)[status - 1];
    const data = this.runtime.view(), base = this.live().gspec_engine_output_ptr(this.handle);
    const numbers = (n) => Array.from({ length: n }, (_, k) => data.getFloat64(base + 8 * k, true));
    const name = this.gestures[g];
    const shared = this.gestures.filter((n) => n === name).length > 1 && this.views.length > 0;
    throw refusal(key, {
      gesture: key === 'disabledAction' && shared ? `${name} on ${this.gestureViews[g]}` : name,
      kind: this.kinds[g],
      condition: this.conditions[g],
      index: g,
      expected: key === 'wrongUnit' ? EXPECTED[numbers(1)[0]] : '',
      range: key === 'outOfRange' ? rangeText(numbers(4)) : '',
      ...slots,
    });
  }

  gestureIndex(name) {
    const g = this.gestures.indexOf(name);
    if (g < 0) fail(`unknown gesture '${name}'; the set has ${[...new Set(this.gestures)].join(', ')}`);
    return g;
  }

  /** Whether the gesture is enabled now (by `setEnabled`, or by the modes its `enabled:` names). */
  isEnabled(name) {
    return this.live().gspec_engine_is_enabled(this.handle, this.gestureIndex(name)) === 1;
  }

  /** Enables or disables a gesture, as a trace's {"set":NAME,"enabled":..} line. */
  setEnabled(name, on) {
    if (typeof name !== 'string' || typeof on !== 'boolean') fail('setEnabled takes a gesture name and true or false');
    const g = this.gestureIndex(name);
    this.control(this.live().gspec_engine_set_enabled(this.handle, g, on ? 1 : 0), g);
  }

  /** Changes a run-time parameter (`"slop"`, `"15pt"`), as a trace's {"set":NAME,PARAMETER:VALUE} line. */
  set(name, parameter, value) {
    if (typeof name !== 'string' || typeof parameter !== 'string' || parameter === '') {
      fail('set takes a gesture name, a parameter name and a value');
    }
    if (RESERVED.includes(parameter)) fail(`'${parameter}' is not a parameter`);
    const g = this.gestureIndex(name), p = PARAMETERS.indexOf(parameter);
    if (p < 0) throw refusal(STRUCTURAL.includes(parameter) ? 'structural' : 'unknownParameter', { parameter });
    const text = String(value), read = parameterValue(text);
    if (!read) throw refusal('noValidValue', { parameter, value: text });
    this.control(this.live().gspec_engine_set_parameter(this.handle, g, p, read[1], read[0]), g, { parameter });
  }

  /**
   * Hands an active gesture over (`A hands over to B`), as a trace's
   * {"handOver":NAME} line: NAME reports `cancelled` and the first gesture it
   * hands over to that is enabled and free reports `began` with its touches.
   * A gesture that is not active changes nothing; one with no such rule throws.
   */
  handOver(name) {
    if (typeof name !== 'string') fail('handOver takes a gesture name');
    const g = this.gestureIndex(name);
    this.control(this.live().gspec_engine_hand_over(this.handle, g), g);
  }

  /**
   * Says which edges of its content a `scroll` gesture is at now (v4), as a
   * trace's {"scroll":NAME,"at":[...]} line: `['top']` while the list's
   * `scrollTop` is 0, `[]` once it has scrolled. A pull past an edge that
   * its `at` hand-over names then goes to that gesture instead of scrolling.
   */
  setScrollEdges(name, edges) {
    if (typeof name !== 'string' || !Array.isArray(edges) || edges.some((e) => typeof e !== 'string')) {
      fail('setScrollEdges takes a gesture name and a list of edges (top, bottom, left, right)');
    }
    let bits = 0;
    for (const edge of edges) {
      const d = edge ? this.edges.indexOf(edge) : -1;
      if (d < 0) fail(`'${edge}' is no edge; a scroll is at ${this.edges.filter(Boolean).join(', ')}, or none`);
      bits |= 1 << d;
    }
    const g = this.gestureIndex(name);
    this.control(this.live().gspec_engine_set_scroll_edges(this.handle, g, bits), g);
  }

  /**
   * Says that the platform began scrolling with a `scroll` gesture's touches
   * (v4), as a trace's {"scroll":NAME,"began":true} line: a scroll still in
   * its attempt claims them now (its `began` is among the next events;
   * none when another gesture had taken the touches). `attach` calls it on
   * a browser `pointercancel` in the scroll's view.
   */
  scrollBegan(name) {
    if (typeof name !== 'string') fail('scrollBegan takes a gesture name');
    const g = this.gestureIndex(name);
    this.control(this.live().gspec_engine_scroll_began(this.handle, g), g);
  }

  /**
   * Says whether a `scroll` gesture's platform momentum runs (v5), as a
   * trace's {"scroll":NAME,"momentum":true|false} line (or ends a settle's
   * momentum early): meanwhile a touch on its view stops it and is no tap
   * or long press of the set. `attach` calls it for its native scrolls.
   */
  setMomentum(name, running) {
    if (typeof name !== 'string' || typeof running !== 'boolean') fail('setMomentum takes a gesture name and a boolean');
    const g = this.gestureIndex(name);
    this.control(this.live().gspec_engine_set_momentum(this.handle, g, running ? 1 : 0), g);
  }

  /**
   * Performs a gesture's accessibility action (v4 `action:`), as a trace's
   * {"action":NAME,"x":..,"y":..} line: the gesture reports `recognized`
   * once at (x, y), its view's centre, with neutral values and
   * `input: 'action'`. `view` picks the instance of a gesture on several
   * views. Throws when the gesture has no action or is disabled.
   */
  performAction(name, { x = 0, y = 0, view } = {}) {
    if (typeof name !== 'string' || !Number.isFinite(x) || !Number.isFinite(y)) fail('performAction takes a gesture name and { x, y, view }');
    let g = this.gestureIndex(name);
    if (view !== undefined) {
      g = this.gestures.findIndex((n, k) => n === name && this.gestureViews[k] === view);
      if (g < 0) fail(`'${name}' is not on view '${view}'`);
    }
    this.act(g, x, y);
  }

  /** @internal Performs the action of gesture index `g` (this instance) at (x, y). */
  act(g, x, y) {
    this.control(this.live().gspec_engine_action(this.handle, NaN, g, x, y), g);
  }

  /**
   * The accessibility actions offered on a view (v4; without views, the
   * set's): [{ gesture, action, shortcut }], `shortcut` the key `attach`
   * binds (an `aria-keyshortcuts` value) or null, in declaration order.
   */
  actions(view) {
    const on = view ?? (this.views.length ? this.views[0] : '');
    return this.actionNames.flatMap((action, g) => (action && this.gestureViews[g] === on && this.isEnabled(this.gestures[g])
      ? [{ gesture: this.gestures[g], action, shortcut: keyShortcut(action)?.text ?? null }] : []));
  }

  /** Turns a mode on or off, as a trace's {"mode":NAME,"on":..} line. */
  setMode(name, on) {
    if (typeof name !== 'string' || typeof on !== 'boolean') fail('setMode takes a mode name and true or false');
    const m = this.modes.indexOf(name);
    if (m < 0) fail(`unknown mode '${name}'${this.modes.length ? `; the set has ${this.modes.join(', ')}` : '; the spec declares no modes'}`);
    this.live().gspec_engine_set_mode(this.handle, m, on ? 1 : 0);
  }

  /** Releases the engine; using it afterwards throws. */
  free() {
    if (this.handle === 0) return;
    this.runtime.exports.gspec_engine_free(this.handle);
    this.handle = 0;
  }
}

"""##,
        // web/src/gspec-dom.mjs
        "/src/gspec-dom.mjs": ##"""
// gspec's web runtime, its DOM part: samples from a page's input, paced as a
// browser delivers them (`pace`, `pointerInput`), and `attach`, which runs a
// table on an element's Pointer Events, keys, wheel and native scrolling.
// gspec.mjs, the engine, imports it and exports its functions: a page
// imports gspec.mjs only. Importing it touches no browser global; only
// `attach` and `pointerInput` do, when called.

/** @internal A caller's mistake, as a TypeError (gspec.mjs throws them too). */
export function fail(message) {
  throw new TypeError(`gspec: ${message}`);
}

// The keys an action's name may name (v4): `aria-keyshortcuts` spellings, that
// is UI Events key values with `Space` and `Plus`, after any modifiers joined
// by '+' (`Delete`, `Control+Z`, `Shift+ArrowLeft`); or one letter or digit.
// BEGIN generated from the runtime's lists (JavaScriptRuntimeEmitter.domConstants): do not edit by hand
const NAMED_KEYS = Object.freeze(['Enter', 'Escape', 'Delete', 'Backspace', 'Space', 'Plus', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown', 'Insert', 'F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10', 'F11', 'F12']);
const MODIFIERS = Object.freeze(['Alt', 'Control', 'Meta', 'Shift']);
// END generated (JavaScriptRuntimeEmitter.domConstants)

/** The key an action names, or null: { key (as KeyboardEvent.key), modifiers (in MODIFIERS' order), text }. */
export function keyShortcut(action) {
  const parts = action.split('+');
  const key = parts.pop();
  if (parts.some((m) => !MODIFIERS.includes(m)) || new Set(parts).size !== parts.length) return null;
  if (!NAMED_KEYS.includes(key) && !/^[A-Za-z0-9]$/.test(key)) return null;
  return { key: key === 'Space' ? ' ' : key === 'Plus' ? '+' : key.toLowerCase(), modifiers: MODIFIERS.map((m) => parts.includes(m)), text: action };
}

// ---- pace: samples as a browser delivers them ----------------------------

/**
 * Feeds an engine samples as a page receives them, and runs its clock: what
 * `attach` does with Pointer Events, for a page that reads its input itself
 * (a canvas, a recorder). `feed(sample)` rounds `t` to the engine's whole
 * microseconds and never lets it go back (behind the last sample or the
 * engine's clock); samples of equal `t` form one
 * frame, applied once the input task that brought them ends; `schedule()`
 * (after the samples of an input event) keeps one timer at the next
 * deadline. `onEvents(events)` gets the events each step decided, in order;
 * `onSample(sample)` each sample as fed (a trace line, for recording), before
 * the events it causes. `now()` is the page's clock in seconds
 * (`performance.now()`, the time base of events' `timeStamp`, by default).
 */
export function pace(engine, { onEvents, onSample, window: win = globalThis, now = () => win.performance.now() / 1000 } = {}) {
  if (typeof onEvents !== 'function') fail('pace needs { onEvents(events) }');
  let lastT = 0;
  let pending = false;
  let closedAt = -Infinity; // the time of a frame the timer or flush() applied: a later sample of that time starts the next
  let timer = null;
  const paced = { now, stopped: false };
  // The frame of equal times is complete (the input task that brought it has ended): applied, and closed.
  const closeFrame = () => {
    pending = false;
    engine.endFrame();
    closedAt = lastT;
  };
  const dispatch = () => {
    const events = engine.takeEvents();
    if (events.length > 0) onEvents(events);
  };
  const tick = () => {
    timer = null;
    if (paced.stopped) return;
    if (pending) {
      closeFrame();
    } else {
      engine.advance(Math.max(now(), lastT));
    }
    dispatch();
    paced.schedule();
  };
  paced.schedule = () => {
    if (timer !== null) win.clearTimeout(timer);
    timer = null;
    if (paced.stopped) return;
    if (pending) {
      timer = win.setTimeout(tick, 0);
      return;
    }
    const d = engine.nextDeadline();
    if (d !== null) timer = win.setTimeout(tick, Math.max(0, (d - now()) * 1000));
  };
  paced.feed = (sample) => {
    // A time that is not finite goes to the engine as it is (which counts it), without moving this clock.
    if (typeof sample?.t === 'number' && !Number.isFinite(sample.t)) {
      engine.feed(sample);
      pending = true;
      dispatch();
      return;
    }
    // Whole microseconds, as the engine counts: a recorded sample's `t` then reads back exactly.
    sample.t = Math.round(sample.t * 1e6) / 1e6;
    // Never behind the last sample, nor behind the engine's clock (a deadline
    // the timer fired, a control call): the engine would take such a sample
    // at its clock, and the recorded trace then replays alike.
    const floor = Math.max(lastT, engine.clock);
    if (sample.t < floor) sample.t = floor;
    // A frame already applied is closed (a browser under load stamps several input events alike): the sample opens the next.
    if (sample.t <= closedAt) sample.t = Math.round(closedAt * 1e6 + 1) / 1e6;
    if (pending && sample.t > lastT) pending = false; // the engine applies the earlier frame itself
    lastT = sample.t;
    if (onSample) onSample({ ...sample });
    engine.feed(sample);
    pending = true;
    dispatch();
  };
  /** Applies the pending frame now (the input task's samples are all in) and hands on its events. */
  paced.flush = () => {
    if (pending) closeFrame();
    dispatch();
  };
  /** Stops the timer; the engine stays the caller's. */
  paced.stop = () => {
    paced.stopped = true;
    if (timer !== null) win.clearTimeout(timer);
    timer = null;
  };
  return paced;
}

// ---- attach: Pointer Events to the engine --------------------------------

/**
 * Pointer Events on `element` as touch samples (the fields of a trace line):
 * each pointer a touch id (1, 2, ...) from its press (a mouse's primary
 * button) until it lifts, is cancelled or loses capture; every coalesced
 * move; times from the events' `timeStamp`. `attach` and the playground
 * both take their input from here. `options`:
 *
 * - `onSamples(samples)`: the samples of one Pointer Event, in order.
 * - `point(e)`: `{ x, y }` in points (by default, relative to the element's box).
 * - `time(e)`: seconds (by default `e.timeStamp / 1000`).
 * - `pointer(e)`: the sample's pointer kind (by default the event's: touch, pen or mouse).
 * - `began(e, sample)`, `moved(e, sample)`, `ended(e, sample)`: the samples
 *   to send for a press, move or release (by default `[sample]`): a view to add, another finger.
 *
 * Returns `{ nextId(), remove() }`: a fresh touch id (for synthetic fingers), and removing the listeners.
 */
export function pointerInput(element, options) {
  const { onSamples } = options;
  const point = options.point ?? ((e) => {
    const r = element.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  });
  const time = options.time ?? ((e) => e.timeStamp / 1000);
  const pointer = options.pointer ?? ((e) => (e.pointerType === 'pen' ? 'pen' : e.pointerType === 'mouse' ? 'mouse' : 'touch'));
  const [began, moved, ended] = ['began', 'moved', 'ended'].map((k) => options[k] ?? ((_, sample) => [sample]));
  const tracked = new Map(); // pointerId -> touch id
  let next = 1;
  const sample = (e, touch, phase, at = e) => ({ t: time(at), touch, phase, ...point(at), pointer: pointer(e) });
  const down = (e) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    if (tracked.has(e.pointerId)) return;
    const id = next++;
    tracked.set(e.pointerId, id);
    try {
      element.setPointerCapture(e.pointerId);
    } catch {
      // A synthetic or already released pointer cannot be captured; it is tracked anyway.
    }
    onSamples(began(e, sample(e, id, 'began')));
  };
  const move = (e) => {
    const id = tracked.get(e.pointerId);
    if (id === undefined) return;
    // Coalesced events: every sample the browser merged into this one, so a fast finger is not under-sampled.
    const merged = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : [];
    onSamples((merged.length > 0 ? merged : [e]).flatMap((c) => moved(e, sample(e, id, 'moved', c))));
  };
  const up = (phase) => (e) => {
    const id = tracked.get(e.pointerId);
    if (id === undefined) return;
    tracked.delete(e.pointerId);
    onSamples(ended(e, sample(e, id, phase)));
  };
  const listeners = [['pointerdown', down], ['pointermove', move], ['pointerup', up('ended')],
    ['pointercancel', up('cancelled')], ['lostpointercapture', up('cancelled')]];
  for (const [type, fn] of listeners) element.addEventListener(type, fn);
  return {
    nextId: () => next++,
    remove: () => { for (const [type, fn] of listeners) element.removeEventListener(type, fn); },
  };
}

const WHEEL_PINCH_END_MS = 150;
const MAX_TARGETS = 64; // touches whose element attach remembers: more than are ever down, and a double tap's first
const SYNTHETIC_SPAN = 100; // points between the two fingers of a trackpad pinch at its start

// Elements with a set attached: a second `attach` would run two engines on one element.
const attached = new WeakSet();

/** @internal `Runtime.attach`: see there and docs/web.md. */
export function attach(runtime, element, table, { onEvent, onSample, views, items } = {}) {
  if (!element || typeof element.addEventListener !== 'function') fail('attach takes a DOM element');
  if (typeof onEvent !== 'function') fail('attach needs { onEvent(event) }');
  if (attached.has(element)) {
    throw new Error('gspec: this element already has a gesture set attached; call detach() on that attachment first, or attach each set to its own element');
  }
  const engine = runtime.engine(table);
  let viewElements, itemLists;
  try {
    viewElements = viewElementsOf(engine, element, views);
    itemLists = itemListsOf(engine, element, viewElements, items);
  } catch (error) {
    engine.free();
    throw error;
  }
  const win = element.ownerDocument.defaultView;
  // The app's own touch-action wins; otherwise the set's.
  if (!element.style.touchAction && win.getComputedStyle(element).touchAction === 'auto') {
    element.style.touchAction = engine.touchAction;
  }
  const observer = screenFollows(engine, element, win);
  // Each event's `target`: the element its gesture's first touch began on (a row of a list, without views).
  const targets = new Map(); // touch id -> element, the latest MAX_TARGETS touches
  engine.eventTouches = [];
  const onEvents = (events) => {
    const touches = engine.eventTouches.slice(0, events.length); // onEvent may take events itself
    events.forEach((event, k) => {
      // Not enumerable: the event's keys stay those of its `gspec run` line.
      const target = event.input === 'action' ? keys.target : targets.get(touches[k]);
      Object.defineProperty(event, 'target', { value: target ?? element, enumerable: false });
      onEvent(event);
    });
  };
  const paced = pace(engine, { window: win, onSample, onEvents: (events) => { scrolling?.events(events); onEvents(events); } });
  const { feed, schedule } = paced;
  const viewOf = (target) => {
    if (engine.views.length === 0) return undefined;
    let best;
    for (const [name, el] of viewElements) {
      if (el.contains(target) && (!best || best[1].contains(el))) best = [name, el];
    }
    return best ? best[0] : engine.views[0];
  };
  const point = (e) => {
    const r = element.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const scrolling = engine.kinds.includes('scroll') ? nativeScrolling(engine, element, viewElements, targets, paced, point, onSample) : null;
  const keys = keyboardActions(engine, element, viewElements, paced, onSample, itemLists);
  // A desktop developer's first click on a set without `input: mouse` would otherwise do nothing, silently.
  const takesMouse = engine.inputs.some((kinds) => kinds.includes('mouse'));
  let toldAboutMouse = false;
  const input = pointerInput(element, {
    point,
    began: (e, sample) => {
      targets.set(sample.touch, e.target);
      if (targets.size > MAX_TARGETS) targets.delete(targets.keys().next().value);
      if (e.pointerType === 'mouse' && !takesMouse && !toldAboutMouse && typeof console !== 'undefined') {
        toldAboutMouse = true;
        console.warn("gspec: a mouse press, but no gesture of this set takes the mouse: the default input is 'touch | pen'. "
          + "Write 'input: mouse' (or 'input: any') on the gestures a mouse should drive (docs/web.md, \"The mouse\").");
      }
      const view = viewOf(e.target);
      if (view !== undefined) sample.view = view;
      scrolling?.down(e, sample);
      return [sample];
    },
    ended: (e, sample) => (e.type === 'pointercancel' && scrolling?.cancelled(e, sample) ? [] : [sample]),
    onSamples: (samples) => {
      for (const sample of samples) feed(sample);
      schedule();
    },
  });
  // A trackpad pinch's two touches begin on the element under the pointer, as a finger's would.
  const pinch = trackpadPinch(element, win, paced, point, input.nextId, (e, ids) => {
    for (const id of ids) targets.set(id, e.target);
    while (targets.size > MAX_TARGETS) targets.delete(targets.keys().next().value);
    return viewOf(e.target);
  });

  attached.add(element);
  return {
    engine,
    detach() {
      if (paced.stopped) return;
      attached.delete(element);
      paced.stop();
      input.remove();
      scrolling?.remove();
      keys.remove();
      pinch.remove();
      observer?.disconnect();
      engine.free();
    },
  };
}

/** The `views` option of `attach` checked: [name, element] pairs, each a view of the set inside `element`. */
function viewElementsOf(engine, element, views) {
  const viewElements = [];
  if (views === undefined) return viewElements;
  if (views === null || typeof views !== 'object') fail('views maps view names to elements');
  for (const [name, el] of Object.entries(views)) {
    if (!engine.views.includes(name)) fail(`unknown view '${name}'; the set has ${engine.views.join(', ') || 'no views'}`);
    if (!el || typeof el.contains !== 'function') fail(`view '${name}' is not an element`);
    if (el !== element && !element.contains(el)) fail(`view '${name}' is not inside the attached element`);
    viewElements.push([name, el]);
  }
  return viewElements;
}

/** The element is the screen: its sides are the edges edge pans start from, as it resizes. Returns the observer to disconnect. */
function screenFollows(engine, element, win) {
  const resize = () => {
    const r = element.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) engine.setScreen(r.width, r.height);
  };
  resize();
  const observer = typeof win.ResizeObserver === 'function' ? new win.ResizeObserver(resize) : null;
  observer?.observe(element);
  return observer;
}

/**
 * A trackpad pinch: Chromium and Firefox send ctrl+wheel, Safari gesture
 * events. Either becomes two touches about the pointer, `SYNTHETIC_SPAN`
 * apart, fed through `paced`, on the view under the pointer (`began(e, ids)`
 * records the touches' target and returns that view); a wheel pinch ends
 * `WHEEL_PINCH_END_MS` after its last wheel event (the browser sends no end).
 */
function trackpadPinch(element, win, paced, point, nextId, began) {
  const { feed, schedule, now } = paced;
  let pinch = null; // { ids, cx, cy, scale, angle, endTimer }
  const pinchSamples = (phase, t, view) => {
    const half = (SYNTHETIC_SPAN * pinch.scale) / 2;
    const dx = Math.cos(pinch.angle) * half;
    const dy = Math.sin(pinch.angle) * half;
    const on = view === undefined ? {} : { view };
    feed({ t, touch: pinch.ids[0], phase, x: pinch.cx - dx, y: pinch.cy - dy, pointer: 'touch', ...on });
    feed({ t, touch: pinch.ids[1], phase, x: pinch.cx + dx, y: pinch.cy + dy, pointer: 'touch', ...on });
  };
  const pinchStart = (e) => {
    const p = point(e);
    pinch = { ids: [nextId(), nextId()], cx: p.x, cy: p.y, scale: 1, angle: 0, endTimer: null };
    pinchSamples('began', e.timeStamp / 1000, began(e, pinch.ids));
  };
  const pinchEnd = (t) => {
    if (!pinch) return;
    if (pinch.endTimer !== null) win.clearTimeout(pinch.endTimer);
    pinchSamples('ended', t);
    pinch = null;
    schedule();
  };
  const wheel = (e) => {
    if (!e.ctrlKey) return;
    e.preventDefault(); // the page would zoom
    if (!pinch) pinchStart(e);
    else if (pinch.endTimer !== null) win.clearTimeout(pinch.endTimer);
    // deltaY > 0 zooms out; 100 units of delta halve or double about e-fold.
    pinch.scale *= Math.exp(-e.deltaY / 100);
    pinchSamples('moved', e.timeStamp / 1000);
    pinch.endTimer = win.setTimeout(() => pinchEnd(now()), WHEEL_PINCH_END_MS);
    schedule();
  };
  const gestureChange = (e) => {
    e.preventDefault();
    if (!pinch) pinchStart(e);
    pinch.scale = e.scale;
    pinch.angle = (e.rotation * Math.PI) / 180;
    pinchSamples('moved', e.timeStamp / 1000);
    schedule();
  };
  const listeners = [
    ['wheel', wheel, { passive: false }],
    ['gesturestart', (e) => { e.preventDefault(); if (!pinch) pinchStart(e); }],
    ['gesturechange', gestureChange],
    ['gestureend', (e) => { e.preventDefault(); pinchEnd(e.timeStamp / 1000); }],
  ];
  for (const [type, fn, opts] of listeners) element.addEventListener(type, fn, opts);
  return {
    remove() {
      for (const [type, fn, opts] of listeners) element.removeEventListener(type, fn, opts);
      if (pinch && pinch.endTimer !== null) win.clearTimeout(pinch.endTimer);
    },
  };
}

/**
 * Actions as keyboard shortcuts (v4): each view element whose gestures have
 * an action naming a key gets a keydown listener that performs it while
 * focus is on the element or inside it, the shortcuts in
 * `aria-keyshortcuts`, and a `tabindex` if it was not focusable. The key
 * acts on an item (issue 60): the focused element inside the view element
 * (a row with its own tabindex), or the element the view's
 * `aria-activedescendant` names while the view has focus, or else the view
 * element; the action happens at the item's centre and `target` is the item
 * for the events it reports. A key typed in a text field is the field's, and
 * Enter or Space on a button or link is the button's (`controlsOwn`).
 * `items` ({ view: selector }) makes a view's items one tab stop with the
 * arrow keys built in (`itemsOf`). A performed action is recorded as its
 * trace line.
 */
function keyboardActions(engine, element, viewElements, paced, onSample, itemLists) {
  const bound = new Map(); // element -> [[gesture index, shortcut]]
  engine.actionNames.forEach((action, g) => {
    const shortcut = action && keyShortcut(action);
    const el = viewElement(engine, element, viewElements, engine.gestureViews[g]);
    if (shortcut && el) bound.set(el, [...(bound.get(el) ?? []), [g, shortcut]]);
  });
  const keys = { target: null };
  const undo = [];
  const roving = itemsOf(engine, itemLists, bound, undo);
  for (const [el, list] of bound) {
    const [tabindex, shortcuts] = [el.getAttribute('tabindex'), el.getAttribute('aria-keyshortcuts')];
    if (el.tabIndex < 0 && !roving.has(el)) el.setAttribute('tabindex', '0');
    const own = shortcuts ? shortcuts.split(' ') : [];
    el.setAttribute('aria-keyshortcuts', [...own, ...list.map(([, s]) => s.text).filter((t) => !own.includes(t))].join(' '));
    const keydown = (e) => {
      if (e.defaultPrevented || e.repeat || controlsOwn(e.target, e.key)) return;
      const item = itemFor(el, e.target);
      if (!item) return;
      const pressed = [e.altKey, e.ctrlKey, e.metaKey, e.shiftKey];
      for (const [g, s] of list) {
        // Plus is typed with Shift on most layouts: its Shift is the key's own, not a modifier.
        if (e.key.toLowerCase() !== s.key || pressed.some((on, k) => on !== s.modifiers[k] && !(k === 3 && s.key === '+'))) continue;
        const [r, base] = [item.getBoundingClientRect(), element.getBoundingClientRect()];
        const [x, y] = [r.left + r.width / 2 - base.left, r.top + r.height / 2 - base.top];
        paced.flush(); // what the touches decided comes first
        try {
          engine.act(g, x, y);
        } catch {
          continue; // disabled: the key does what it did
        }
        e.preventDefault();
        const view = engine.gestureViews[g];
        onSample?.({ t: engine.clock, action: engine.gestures[g], x, y, ...(view ? { view } : {}) });
        const before = roving.get(el)?.list() ?? [];
        keys.target = item;
        paced.flush();
        keys.target = null;
        // The app removed the item (a Delete): the item in its place takes the focus, as a list's own would.
        if (item !== el && !item.isConnected) roving.get(el)?.focusNear(before.indexOf(item));
        return;
      }
    };
    el.addEventListener('keydown', keydown);
    undo.push(() => {
      el.removeEventListener('keydown', keydown);
      for (const [name, value] of [['tabindex', tabindex], ['aria-keyshortcuts', shortcuts]]) {
        if (value === null) el.removeAttribute(name); else el.setAttribute(name, value);
      }
    });
  }
  keys.remove = () => undo.splice(0).reverse().forEach((f) => f());
  return keys;
}

/**
 * Whether key `key` pressed on `target` is the control's own, never a
 * shortcut's: any key typed in a text field, Enter or Space on a button,
 * link or summary (which they activate).
 */
function controlsOwn(target, key) {
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return (key === 'Enter' || key === ' ') && (['BUTTON', 'SUMMARY'].includes(target.tagName) || (target.tagName === 'A' && target.hasAttribute('href')));
}

/**
 * The item a key pressed on `target` is for, inside view element `el`: the
 * focused element itself, or the element the view's `aria-activedescendant`
 * names while the view has focus, or the view; null when focus is outside it.
 */
function itemFor(el, target) {
  if (target !== el) return el.contains(target) ? target : null;
  const active = el.getAttribute('aria-activedescendant');
  const item = active ? el.ownerDocument.getElementById(active) : null;
  return item && el.contains(item) ? item : el;
}

/** The element of view `view` (undefined when `views` maps none; the attached element for the root, or a set without views). */
function viewElement(engine, element, viewElements, view) {
  return !view || view === engine.views[0] ? element : viewElements.find(([name]) => name === view)?.[1];
}

/** The `items` option of `attach` checked: [view name, its element, selector] for each. */
function itemListsOf(engine, element, viewElements, items) {
  if (items === undefined) return [];
  if (items === null || typeof items !== 'object') fail('items maps view names to CSS selectors');
  return Object.entries(items).map(([view, selector]) => {
    if (!engine.views.includes(view)) fail(`items: unknown view '${view}'; the set has ${engine.views.join(', ') || 'no views'}`);
    const el = viewElement(engine, element, viewElements, view);
    if (!el) fail(`items: view '${view}' has no element in 'views'`);
    if (typeof selector !== 'string') fail(`items: view '${view}' needs a CSS selector`);
    el.querySelector(selector); // a malformed selector throws here, before attach changes anything
    return [view, el, selector];
  });
}

/**
 * `attach`'s `items` ({ view: selector }): the elements matching the
 * selector inside a view's element are its items, one tab stop (a roving
 * tabindex: the item last focused has `tabindex="0"`, the others "-1"), and
 * the arrow keys move the focus among them along the axis the set scrolls
 * the view on (its touch-action: ArrowUp and ArrowDown for `pan-y` alone,
 * ArrowLeft and ArrowRight for `pan-x` alone, both pairs otherwise), Home
 * and End to the first and last. A key the view's gestures bind as an action is the
 * action's. Returns view element -> { list(), focusNear(index) }.
 */
function itemsOf(engine, itemLists, bound, undo) {
  const roving = new Map();
  for (const [view, el, selector] of itemLists) {
    const list = () => [...el.querySelectorAll(selector)];
    const touched = new Map(); // item -> the tabindex it had
    const current = (item) => {
      for (const other of list()) {
        if (!touched.has(other)) touched.set(other, other.getAttribute('tabindex'));
        other.setAttribute('tabindex', other === item ? '0' : '-1');
      }
    };
    const focus = (item) => {
      if (!item) return;
      current(item);
      item.focus();
    };
    const focusNear = (k) => {
      const all = list();
      focus(all[Math.min(Math.max(k, 0), all.length - 1)]);
    };
    // The way the set scrolls this view is the way its items go.
    const pans = engine.viewTouchActions[engine.views.indexOf(view)]?.split(' ') ?? [];
    const [vertical, horizontal] = [pans.includes('pan-y') || pans.includes('manipulation'), pans.includes('pan-x') || pans.includes('manipulation')];
    const [back, forth] = vertical && !horizontal ? [['ArrowUp'], ['ArrowDown']]
      : horizontal && !vertical ? [['ArrowLeft'], ['ArrowRight']] : [['ArrowUp', 'ArrowLeft'], ['ArrowDown', 'ArrowRight']];
    // The keys the view's actions take without a modifier stay theirs.
    const actionKeys = new Set((bound.get(el) ?? []).filter(([, s]) => !s.modifiers.some((on) => on)).map(([, s]) => s.key));
    const keydown = (e) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || controlsOwn(e.target, e.key)) return;
      if (actionKeys.has(e.key.toLowerCase())) return; // the action's, which runs on this element too
      const all = list();
      const at = all.findIndex((item) => item === e.target || item.contains(e.target));
      const to = back.includes(e.key) ? at - 1 : forth.includes(e.key) ? (at < 0 ? 0 : at + 1)
        : e.key === 'Home' ? 0 : e.key === 'End' ? all.length - 1 : null;
      if (to === null || to < 0 || to >= all.length) return;
      e.preventDefault(); // the view would scroll by the arrow: the focused item scrolls into view instead
      focus(all[to]);
    };
    const focusin = (e) => {
      const item = list().find((i) => i === e.target || i.contains(e.target));
      if (item) current(item);
    };
    current(list().find((i) => i.getAttribute('tabindex') === '0') ?? list()[0]);
    el.addEventListener('keydown', keydown);
    el.addEventListener('focusin', focusin);
    roving.set(el, { list, focusNear });
    undo.push(() => {
      el.removeEventListener('keydown', keydown);
      el.removeEventListener('focusin', focusin);
      for (const [item, value] of touched) {
        if (value === null) item.removeAttribute('tabindex'); else item.setAttribute('tabindex', value);
      }
    });
  }
  return roving;
}

/**
 * The browser's own scrolling as the set's `scroll` gestures (v4): each view
 * element gets its view's touch-action (the scrolls' axes left to the
 * browser); each touch starts with the scrolls' edges read from their
 * elements; a touchmove the browser could still scroll with is prevented
 * unless a scroll of the set has claimed the touch (the engine, run to that
 * move first, decides: two fingers, a swipe or a pull at an edge keep the
 * touch); a `pointercancel` (the browser scrolling) is the scroll claiming
 * it, whose touch is then followed by its Touch Events to the lift.
 */
function nativeScrolling(engine, element, viewElements, targets, paced, point, onSample) {
  const win = element.ownerDocument.defaultView;
  const elementOf = (g) => viewElements.find(([name]) => name === engine.gestureViews[g])?.[1] ?? element;
  // [name, element, edges as last said]
  const scrolls = engine.kinds.flatMap((kind, g) => (kind === 'scroll' ? [[engine.gestures[g], elementOf(g), '']] : []));
  for (const [name, el] of viewElements) {
    if (el !== element && !el.style.touchAction && win.getComputedStyle(el).touchAction === 'auto') {
      el.style.touchAction = engine.viewTouchActions[engine.views.indexOf(name)];
    }
  }
  const active = new Set(); // scrolls between their began and their end
  const ids = new Map(); // Touch.identifier -> touch id
  const downs = []; // [touch id, clientX, clientY]: pointerdowns their touchstart has not matched yet
  const followed = new Set(); // touch ids the browser scrolls: fed from their Touch Events
  const follow = (phase) => (e) => {
    for (const t of e.changedTouches) {
      const id = ids.get(t.identifier);
      if (phase !== 'moved') ids.delete(t.identifier);
      if (!followed.has(id)) continue;
      if (phase !== 'moved') followed.delete(id);
      paced.feed({ t: e.timeStamp / 1000, touch: id, phase, ...point(t), pointer: 'touch' });
    }
    paced.schedule();
  };
  const moved = follow('moved');
  const listeners = [
    ['touchstart', (e) => {
      for (const t of e.changedTouches) {
        const k = downs.findIndex(([, x, y]) => x === t.clientX && y === t.clientY);
        if (k >= 0) ids.set(t.identifier, downs.splice(k, 1)[0][0]);
      }
      downs.length = 0;
    }],
    ['touchmove', (e) => {
      if (!e.cancelable) return moved(e);
      paced.flush(); // the pointermoves of this move decide first
      if (active.size === 0) e.preventDefault();
    }],
    ['touchend', follow('ended')],
    ['touchcancel', follow('cancelled')],
  ];
  for (const [type, fn] of listeners) element.addEventListener(type, fn, { passive: false });
  // Momentum (v5): the browser scrolling an element after the touches lifted
  // (a fling) until its `scrollend`. Meanwhile a touch coming down on it
  // stops it, as the browser does, and is no tap or long press of the set.
  const momentum = new Set();
  const said = (name, running) => {
    engine.setMomentum(name, running);
    onSample?.({ t: engine.clock, scroll: name, momentum: running });
  };
  const watched = scrolls.map(([name, el]) => {
    const scrolled = () => {
      if (momentum.has(name) || active.has(name) || followed.size > 0) return;
      paced.flush(); // the lift comes first
      if (active.has(name)) return;
      momentum.add(name);
      said(name, true);
    };
    const ended = () => { if (momentum.delete(name)) said(name, false); };
    el.addEventListener('scroll', scrolled, { passive: true });
    el.addEventListener('scrollend', ended);
    return () => { el.removeEventListener('scroll', scrolled); el.removeEventListener('scrollend', ended); };
  });
  return {
    down(e, sample) {
      downs.push([sample.touch, e.clientX, e.clientY]);
      // The touch stops the momentum under it (the engine knows it stopped): a later scrollend says nothing.
      for (const [name, el] of scrolls) if (el.contains(targets.get(sample.touch) ?? element)) momentum.delete(name);
      for (const scroll of scrolls) {
        const { scrollTop: y, scrollLeft: x, scrollHeight, scrollWidth, clientHeight, clientWidth } = scroll[1];
        const at = ['top', 'bottom', 'left', 'right'].filter((_, k) => [y <= 0, y + clientHeight >= scrollHeight - 1, x <= 0, x + clientWidth >= scrollWidth - 1][k]);
        if (String(at) === scroll[2]) continue;
        scroll[2] = String(at);
        engine.setScrollEdges(scroll[0], at);
        onSample?.({ t: engine.clock, scroll: scroll[0], at });
      }
    },
    // The browser took a touch to scroll: a scroll on an element under it claims it, or the cancel goes through.
    cancelled(e, sample) {
      const name = e.pointerType === 'touch' && scrolls.find(([, el]) => el.contains(targets.get(sample.touch) ?? element))?.[0];
      if (!name) return false;
      engine.scrollBegan(name);
      onSample?.({ t: engine.clock, scroll: name, began: true });
      paced.flush();
      if (!active.has(name)) return false;
      followed.add(sample.touch);
      return true;
    },
    events(events) {
      for (const { gesture, state } of events) {
        if (!scrolls.some(([name]) => name === gesture)) continue;
        if (state === 'began') active.add(gesture);
        else if (state !== 'changed') active.delete(gesture);
      }
    },
    remove() {
      for (const [type, fn] of listeners) element.removeEventListener(type, fn);
      watched.forEach((unwatch) => unwatch());
    },
  };
}

"""##,
    ]

    /// The files, by the path they are served at.
    static let files: KeyValuePairs<String, String> = [
        "/playground/playground.mjs": "web/playground/playground.mjs",
        "/src/gspec.mjs": "web/src/gspec.mjs",
        "/src/gspec-dom.mjs": "web/src/gspec-dom.mjs",
    ]
}
