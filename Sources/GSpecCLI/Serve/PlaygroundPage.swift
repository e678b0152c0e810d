/// The playground's one page: a spec editor coloured by the editors' grammar,
/// with diagnostics, the latency table and conflicts (each with its witness
/// to play), a drawing surface taking Pointer Events, and a lane per gesture
/// on a time axis, updated live. The engine runs in the page (the web
/// runtime, `/web/gspec.mjs`) when the server has it (`SourceCheckout`), and
/// on the server otherwise. Served by `gspec serve`; it talks only to that server.
enum PlaygroundPage {
    /// Shown when `gspec serve` is given no spec.
    static let exampleSpec = """
        /// Select the item.
        gesture singleTap: tap { taps: 1 }

        /// Zoom in or out.
        gesture doubleTap: tap { taps: 2  maxInterval: 300ms }

        gesture zoom: pinch {}

        gesture twist: rotation {}

        /// A checkmark: down-right, then up-right.
        gesture check: stroke { segment: 12pt  match: down-right up-right }

        singleTap requires doubleTap to fail
        zoom      with twist

        """

    static let html = #"""
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>gspec playground</title>
        <style>
        body{font:13px -apple-system,system-ui,sans-serif;margin:0;display:grid;grid-template-columns:420px minmax(0,1fr);height:100vh}
        #left{display:flex;flex-direction:column;border-right:1px solid #ddd;padding:8px;overflow:auto}
        #editor{position:relative;height:300px;flex:0 0 auto}
        #spec,#highlight{position:absolute;inset:0;margin:0;padding:4px;border:1px solid #bbb;box-sizing:border-box;font:12px/1.45 ui-monospace,monospace;white-space:pre;overflow:auto;tab-size:4}
        #spec{background:transparent;resize:none}#spec.coloured{color:transparent;caret-color:#000}
        #highlight{color:#222;background:#fff;pointer-events:none}
        .k{color:#8959a8}.n{color:#4271ae}.t{color:#3e999f}.p{color:#a3685a}.c{color:#718c00}.m{color:#8e908c}.s{color:#c76b29}
        pre{font:11px ui-monospace,monospace;white-space:pre-wrap;background:#f7f7f7;padding:6px;margin:4px 0}
        #latency{white-space:pre;overflow-x:auto}
        #right{display:flex;flex-direction:column;padding:8px;min-width:0}
        #settings{margin:6px 0}#settings label{margin-right:12px}
        #surface{border:1px solid #bbb;background:#fcfcfc;touch-action:none;width:100%;height:360px;cursor:crosshair}
        .lane{display:flex;align-items:center;gap:4px;height:22px;border-bottom:1px solid #eee;overflow:hidden;min-width:0}
        .lane .name{flex:0 0 160px;font:12px ui-monospace,monospace;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
        .lane .chips,#axis .chips{position:relative;overflow:hidden;min-width:0;flex:1 1 auto;height:100%}
        .lane.off .name{color:#aaa}.lane input{flex:0 0 16px;margin:0}
        #axis{display:flex;gap:4px;height:16px;border-bottom:1px solid #ccc;font:10px ui-monospace,monospace;color:#888}
        #axis .pad{flex:0 0 180px}#axis .tick{position:absolute;top:2px;border-left:1px solid #ccc;padding-left:2px}
        .chip{position:absolute;top:3px;font:10px ui-monospace,monospace;padding:1px 3px;border-radius:3px;color:#fff;background:#888;white-space:nowrap}
        .chip.changed,.chip.failed{width:2px;padding:1px 0;height:12px;opacity:.6}
        .began,.changed{background:#4a90d9}.recognized,.ended{background:#2e9d4a}.failed{background:#d0021b}.cancelled{background:#999}.provisional{background:#a8dab5}.retracted{background:#8b572a}
        h3{margin:10px 0 4px;font-size:13px}
        </style></head><body>
        <div id="left">
          <h3>Spec <span id="path"></span></h3>
          <div id="editor"><pre id="highlight" aria-hidden="true"></pre><textarea id="spec" spellcheck="false" wrap="off"></textarea></div>
          <h3>Diagnostics</h3><pre id="diagnostics">checking the spec</pre>
          <h3>Conflicts</h3><div id="conflicts"></div>
          <h3>Latency</h3><pre id="latency"></pre>
        </div>
        <div id="right">
          <div>Draw with a finger, a pen or the mouse; hold Shift with the mouse for a second finger mirrored about the first one's start (pinch, rotate).
            <button id="clear">Clear</button>
            <input id="name" placeholder="test name" size="14"> <button id="save">Save as example</button> <span id="saved"></span></div>
          <div id="settings">
            <label>Touches hit view <select id="view"></select></label>
            <label>Screen <input id="screen" value="900x360" size="9" title="the screen size in points, for screen-edge pans"></label>
            <label>Mouse is <select id="mouse" title="the pointer kind the mouse's samples carry (a gesture takes the kinds its input names)"><option>touch</option><option>mouse</option></select></label>
            <span id="modes"></span>
          </div>
          <canvas id="surface" width="900" height="360"></canvas>
          <h3>Gestures <span id="where" style="font-weight:normal;color:#666"></span></h3>
          <div id="axis"><span class="pad"></span><span class="chips"></span></div><div id="lanes"></div>
        </div>
        <script>
        const pg = window.playground = { session: null, samples: [], events: [], recognized: [], latencies: [] };
        const $ = (id) => document.getElementById(id);
        const surface = $('surface'), ctx = surface.getContext('2d');
        const t0 = performance.now();
        const now = () => (performance.now() - t0) / 1000;
        let stream = null, queue = Promise.resolve(), checkTimer = null, checks = 0;

        // A lane per gesture, with a switch that enables or disables it (a control line, as a trace would);
        // a gesture enabled by modes follows the mode switches instead.
        function lanes(names, enabled, conditions) {
          $('lanes').innerHTML = ''; axisEnd = SPAN;
          const on = new Map(names.map((n, i) => [n, enabled[i] !== false]));
          const condition = new Map(names.map((n, i) => [n, conditions[i]]));
          for (const n of on.keys()) {
            const row = document.createElement('div'); row.className = 'lane' + (on.get(n) ? '' : ' off'); row.dataset.gesture = n;
            const box = document.createElement('input'); box.type = 'checkbox'; box.checked = on.get(n); box.title = 'enabled';
            if (condition.get(n)) { box.disabled = true; box.title = 'enabled: ' + condition.get(n); }
            box.onchange = () => { row.classList.toggle('off', !box.checked); post([{ t: Number(now().toFixed(4)), set: n, enabled: box.checked }]); };
            const name = document.createElement('span'); name.className = 'name'; name.textContent = n; name.title = n;
            const chips = document.createElement('span'); chips.className = 'chips';
            row.append(box, name, chips); $('lanes').appendChild(row);
          }
        }
        function modes(names) {
          $('modes').innerHTML = names.length ? 'Modes ' : '';
          for (const m of names) {
            const label = document.createElement('label'), box = document.createElement('input');
            box.type = 'checkbox'; box.dataset.mode = m;
            box.onchange = () => post([{ t: Number(now().toFixed(4)), mode: m, on: box.checked }]);
            label.append(box, ' ' + m + ' '); $('modes').appendChild(label);
          }
        }
        // The lanes' time axis: the last SPAN seconds, up to the latest event.
        const SPAN = 10;
        let axisEnd = SPAN;
        function place(chip) { chip.style.left = ((Number(chip.dataset.t) - (axisEnd - SPAN)) / SPAN * 100) + '%'; }
        function axis() {
          const ticks = document.querySelector('#axis .chips'); ticks.innerHTML = '';
          for (let k = Math.ceil(axisEnd - SPAN); k <= axisEnd; k++) {
            const tick = document.createElement('span'); tick.className = 'tick'; tick.dataset.t = k; tick.textContent = k + 's';
            place(tick); ticks.appendChild(tick);
          }
          document.querySelectorAll('.lane .chip').forEach((chip) => { if (Number(chip.dataset.t) < axisEnd - SPAN) chip.remove(); else place(chip); });
        }
        // Events (objects with the keys of gspec run's lines) on their lanes; from the server, as JSON Lines.
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
        function showLines(text, sentAt) {
          const events = [];
          for (const line of text.split('\n')) {
            if (!line.trim()) continue;
            const e = JSON.parse(line);
            if (e.enabled) {  // after a control line: what the engine enables now
              document.querySelectorAll('.lane').forEach((row, i) => { row.classList.toggle('off', !e.enabled[i]); row.querySelector('input').checked = e.enabled[i]; });
              continue;
            }
            events.push(e);
          }
          show(events, sentAt);
        }
        function analysis(c) {
          $('diagnostics').textContent = c.rendered || 'no diagnostics';
          $('latency').textContent = c.latency || '';
          $('conflicts').innerHTML = '';
          (c.conflicts || []).forEach((k) => {
            const d = document.createElement('div'); const b = document.createElement('button');
            b.textContent = 'Play witness'; b.onclick = () => play(k.witness);
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
            pg.session = c.session; lanes(c.gestures, c.enabled, c.conditions); modes(c.modes);
            if (web && c.table) {
              if (local.engine) { local.paced.stop(); local.engine.free(); }
              local.engine = web.engine(Uint8Array.from(atob(c.table), (ch) => ch.charCodeAt(0)));
              local.paced = pace(local.engine, { now, onEvents: (events) => show(events, local.sentAt) });
            }
            $('view').innerHTML = ''; $('view').disabled = !c.views.length;
            for (const v of c.views.length ? c.views : ['window']) { const o = document.createElement('option'); o.textContent = v; $('view').appendChild(o); }
            if (stream) { stream.close(); stream = null; }
            screen();
            $('latency').textContent = 'analysing';
            const a = await (await fetch('/api/analyze', { method: 'POST', body: text })).json();
            if (mine !== checks) return;
            analysis(a); c.diagnostics = a.diagnostics; c.conflicts = a.conflicts; c.latency = a.latency;
          }
          pg.checked = c;
        }
        // The event stream (events decided by a deadline) is opened with the first sample: a page
        // nobody draws on keeps no request open, so a headless browser's virtual time can settle.
        pg.streamOpen = () => stream !== null;
        function listen() {
          if (stream || !pg.session) return;
          stream = new EventSource('/api/stream?session=' + pg.session);
          stream.onmessage = (m) => { if (!m.data.startsWith('{"connected"')) showLines(m.data); };
        }
        function screen() {
          const m = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/.exec($('screen').value.trim());
          if (m) post([{ screen: [Number(m[1]), Number(m[2])] }]);
        }
        // The engine in this page (the web runtime) when the server has it: samples go to it paced as `attach`
        // paces Pointer Events (gspec.mjs's `pace`: frames, one timer at its next deadline), control lines directly.
        let web = null, pace = null;
        const local = { engine: null, paced: null, sentAt: undefined };
        function post(lines) {
          if (local.engine) {
            local.sentAt = performance.now();
            apply(lines);
            show(local.engine.takeEvents(), local.sentAt);  // what the control lines decided
            local.sentAt = undefined;
            local.paced.schedule();
            return Promise.resolve();
          }
          if (lines.some((l) => l.touch !== undefined)) listen();
          const body = lines.map((s) => JSON.stringify(s)).join('\n') + '\n', sentAt = performance.now(), session = pg.session;
          queue = queue.then(() => fetch('/api/samples?session=' + session, { method: 'POST', body })
            .then((r) => r.text()).then((t) => showLines(t, sentAt)).catch(() => {}));
          return queue;
        }
        function apply(lines) {
          const e = local.engine;
          let controls = false;
          for (const l of lines) {
            try {
              if (l.screen) e.setScreen(l.screen[0], l.screen[1]);
              else if (l.mode !== undefined) { e.setMode(l.mode, l.on); controls = true; }
              else if (l.set !== undefined) { e.setEnabled(l.set, l.enabled); controls = true; }
              else local.paced.feed({ ...l });
            } catch (err) {
              $('diagnostics').textContent = err.message;
            }
          }
          // After a control line, the switches show what the engine now enables.
          if (controls) document.querySelectorAll('.lane').forEach((row) => {
            const on = e.isEnabled(row.dataset.gesture);
            row.classList.toggle('off', !on); row.querySelector('input').checked = on;
          });
        }
        function sample(touch, phase, x, y) {
          const s = { t: Number(now().toFixed(4)), touch, phase, x: Number(x.toFixed(1)), y: Number(y.toFixed(1)) };
          pg.samples.push(s); return s;
        }
        // Pointer ids become touch ids 1, 2, ...; with the mouse, Shift adds a mirrored finger.
        const touches = new Map(); let nextTouch = 1; const mirror = new Map();
        function point(e) { const r = surface.getBoundingClientRect(); return [(e.clientX - r.left) * surface.width / r.width, (e.clientY - r.top) * surface.height / r.height]; }
        function dot(x, y, id) { ctx.fillStyle = ['#4a90d9', '#d0021b', '#2e9d4a', '#f5a623'][id % 4]; ctx.fillRect(x - 2, y - 2, 4, 4); }
        surface.addEventListener('pointerdown', (e) => {
          surface.setPointerCapture(e.pointerId);
          const id = nextTouch++; touches.set(e.pointerId, id); const [x, y] = point(e); dot(x, y, id);
          const out = [sample(id, 'began', x, y)];
          if (!$('view').disabled) out[0].view = $('view').value;
          const kind = e.pointerType === 'mouse' ? $('mouse').value : e.pointerType === 'pen' ? 'pen' : 'touch';
          if (kind !== 'touch') out[0].pointer = kind;
          if (e.pointerType === 'mouse' && e.shiftKey) { const m = nextTouch++; mirror.set(e.pointerId, { id: m, x, y }); out.push(sample(m, 'began', x + 1, y + 1)); if (out[0].view) out[1].view = out[0].view; if (out[0].pointer) out[1].pointer = out[0].pointer; }
          post(out);
        });
        surface.addEventListener('pointermove', (e) => {
          const id = touches.get(e.pointerId); if (id === undefined) return;
          const [x, y] = point(e); dot(x, y, id); const out = [sample(id, 'moved', x, y)];
          const m = mirror.get(e.pointerId); if (m) { dot(2 * m.x - x, 2 * m.y - y, m.id); out.push(sample(m.id, 'moved', 2 * m.x - x, 2 * m.y - y)); }
          post(out);
        });
        function end(e, phase) {
          const id = touches.get(e.pointerId); if (id === undefined) return; touches.delete(e.pointerId);
          const [x, y] = point(e); const out = [sample(id, phase, x, y)];
          const m = mirror.get(e.pointerId); if (m) { mirror.delete(e.pointerId); out.push(sample(m.id, phase, 2 * m.x - x, 2 * m.y - y)); }
          post(out);
        }
        surface.addEventListener('pointerup', (e) => end(e, 'ended'));
        surface.addEventListener('pointercancel', (e) => end(e, 'cancelled'));
        $('clear').onclick = () => { ctx.clearRect(0, 0, surface.width, surface.height); pg.samples = []; };
        $('spec').addEventListener('input', () => { colour(); clearTimeout(checkTimer); checkTimer = setTimeout(check, 150); });
        $('spec').addEventListener('scroll', () => { $('highlight').scrollTop = $('spec').scrollTop; $('highlight').scrollLeft = $('spec').scrollLeft; });
        // Syntax colouring by the editors' TextMate grammar (editors/gesture.tmLanguage.json), run on the text
        // with JavaScript regular expressions: each rule's next match is kept until the text passes it.
        let rules = null;
        const scopeClass = [['comment', 'm'], ['keyword.other.unit', 'c'], ['keyword', 'k'], ['entity.name', 'n'], ['storage.type', 't'],
          ['variable.parameter', 'p'], ['variable.other', 'n'], ['constant.numeric', 'c'], ['constant', 's'], ['support', 's']];
        const classOf = (scope) => (scopeClass.find(([prefix]) => scope && scope.startsWith(prefix)) || [])[1];
        function grammarRules(g) {
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
        function colour() {
          if (!rules) return;
          const text = $('spec').value;
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
          $('highlight').innerHTML = out + '\n';
          $('spec').classList.add('coloured');
          pg.coloured = $('highlight').querySelectorAll('span').length;
        }
        $('screen').addEventListener('change', screen);
        $('save').onclick = async () => {
          const body = pg.samples.map((s) => JSON.stringify(s)).join('\n') + '\n';
          const r = await fetch('/api/save?session=' + pg.session + '&name=' + encodeURIComponent($('name').value), { method: 'POST', body });
          $('saved').textContent = r.ok ? 'saved ' + (await r.json()).saved : 'not saved: ' + (await r.text());
        };
        // A witness trace: drawn at its own pace, and its events shown as a fresh run decides them.
        async function play(witness) {
          ctx.clearRect(0, 0, surface.width, surface.height);
          // The witness's own times, from 0: a fresh axis.
          document.querySelectorAll('.lane .chip').forEach((chip) => chip.remove()); axisEnd = SPAN; axis();
          const lines = witness.split('\n').filter((l) => l.trim().startsWith('{'));
          const r = await fetch('/api/run?session=' + pg.session, { method: 'POST', body: lines.join('\n') + '\n' });
          const events = (await r.text()).split('\n').filter((l) => l.trim());
          const start = performance.now();
          for (const l of lines) { const s = JSON.parse(l); if (s.touch) setTimeout(() => dot(s.x, s.y, s.touch), s.t * 1000); }
          for (const l of events) { const e = JSON.parse(l); setTimeout(() => show([e]), e.t * 1000); }
        }
        // The web runtime and the grammar come from the source checkout gspec was built from, when it has them.
        // ?engine=server keeps the engine on the server (as without the web runtime).
        const runtime = new URLSearchParams(location.search).get('engine') === 'server' ? Promise.resolve()
          : import('/web/gspec.mjs').then((m) => { pace = m.pace; return m.loadRuntime(); }).then((r) => { web = r; }, () => {});
        const grammar = fetch('/editors/gesture.tmLanguage.json').then((r) => (r.ok ? r.json() : null))
          .then((g) => { if (g) rules = grammarRules(g); }, () => {});
        pg.ready = Promise.all([fetch('/api/spec').then((r) => r.json()), runtime, grammar]).then(([s]) => {
          pg.engineWhere = web ? 'page' : 'server';
          $('where').textContent = web ? 'engine: in this page (WebAssembly)' : 'engine: on the server (bash web/build.sh runs it in the page)';
          $('spec').value = s.text; $('path').textContent = s.path || '(example)';
          $('save').disabled = !s.canSave; colour(); return check();
        });
        </script></body></html>
        """#
}
