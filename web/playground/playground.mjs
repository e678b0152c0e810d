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
