/// The playground's one page: a spec editor coloured by the editors' grammar,
/// with diagnostics, the latency table and conflicts (each with its witness
/// to play), a drawing surface taking Pointer Events, and a lane per gesture
/// on a time axis, updated live. Its script is web/playground/playground.mjs
/// (served from `PlaygroundScripts`); the engine runs in the page (the web
/// runtime, `/web/gspec.wasm`) when the server has it (`SourceCheckout`),
/// and on the server otherwise. Served by `gspec serve`; it talks only to that server.
enum PlaygroundPage {
    /// Shown when `gspec serve` is given no spec.
    static let exampleSpec = """
        /// Select the item.
        gesture singleTap: tap { taps: 1 }

        /// Zoom in or out.
        gesture doubleTap: tap { taps: 2  maxInterval: 300ms }

        gesture zoom: pinch { alternative: doubleTap }

        gesture twist: rotation { action: "Rotate" }

        /// A checkmark: down-right, then up-right.
        gesture check: stroke { segment: 12pt  match: down-right up-right  action: "Done" }

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
        <script type="module">
        import { start } from '/playground/playground.mjs';
        start();
        </script></body></html>
        """#
}
