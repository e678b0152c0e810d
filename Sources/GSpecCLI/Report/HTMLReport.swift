import Foundation
import GestureRuntime
import GestureTrace
import GestureCompiler

/// `gspec run --html`: one self-contained HTML page of a run (inline SVG,
/// CSS and a little JavaScript; nothing fetched). Touch paths in space, one
/// lane per gesture on a timeline (states, holds with their rule, failures
/// with their reason, deadlines as ticks), deliveries per view, and a time
/// cursor that shows where the fingers were. Deterministic: the same run
/// gives the same bytes. Paths are decimated for drawing; events never are.
enum HTMLReport {
    /// Most points drawn per touch path (more are thinned evenly; the ends are kept).
    static let maxPathPoints = 400
    static let laneHeight = 22.0, labelWidth = 170.0

    static func render(_ run: RunRecording, table: GestureTable, title: String) -> String {
        let start = min(run.samples.first?.time ?? 0, run.events.first?.time ?? 0)
        let end = max(run.samples.last?.time ?? 0, run.events.last?.time ?? 0, start + 1)
        let duration = (end - start).seconds
        // Seconds to pixels: readable for a tap, bounded for ten minutes.
        let width = min(max(duration * 400, 600), 12_000)
        let x = { (t: Microseconds) in labelWidth + (t - start).seconds / duration * width }
        // A gesture listed in several views runs once per view: say which.
        let names = table.gestureIDs.map(table.label(of:))

        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>
            body{font:13px -apple-system,system-ui,sans-serif;margin:16px;color:#222}
            h1{font-size:18px}h2{font-size:15px;margin:18px 0 6px}
            .scroll{overflow-x:auto;border:1px solid #ddd}
            svg text{font:11px ui-monospace,monospace;fill:#333}
            .lane-bg{fill:#f7f7f7}.possible{fill:#e6eef8}.active{fill:#4a90d9}.cancelled{fill:#999}
            .held{fill:#f5a623}.recognized{fill:#2e9d4a}.failed{fill:#d0021b}.ended{fill:#2e9d4a}
            .provisional{fill:#a8dab5}.retracted{fill:#8b572a}
            .disabled{fill:#d8d8d8}.control{fill:#000}.untaken{fill:#8b572a}
            .deadline{stroke:#9013fe;stroke-width:1}.delivery{stroke:#555;stroke-width:1}
            .axis{stroke:#bbb;stroke-width:1}#cursor{stroke:#000;stroke-width:1}
            .path{fill:none;stroke-width:2;stroke-linejoin:round}.finger{stroke:#000}
            #controls{margin:8px 0}#controls input{width:480px;vertical-align:middle}
            </style></head><body>
            <h1>\(escape(title))</h1>
            <p>\(String(format: "%.3f", duration)) s, \(counted(paths(run).count, "touch", plural: "touches")), \(counted(run.samples.count, "sample")), \
            \(counted(run.events.count, "gesture event")), \(counted(names.count, "gesture"))\
            \(run.controls.count + run.modes.count == 0 ? "" : ", " + counted(run.controls.count + run.modes.count, "control line")).</p>

            """
        html += space(run, table: table, start: start)
        html += "<h2>Timeline</h2>\n<div id=\"controls\"><input id=\"time\" type=\"range\" min=\"0\" max=\"\(Int(duration * 1000))\" value=\"0\">"
        html += " <output id=\"now\">0.000 s</output></div>\n"
        var rows: [(String, String)] = table.gestureIDs.map { g in (names[g.rawValue], lane(g, run, table: table, x: x)) }
        if table.hasViews {
            for v in table.viewIDs {
                let marks = run.deliveries.filter { $0.view == v }.map { d in
                    "<line class=\"delivery\" x1=\"\(f(x(d.time)))\" x2=\"\(f(x(d.time)))\" y1=\"3\" y2=\"\(f(laneHeight - 3))\">"
                        + "<title>\(time(d.time)) s: touches\(d.phase.name.capitalized) \(d.touches.map(String.init).joined(separator: ","))"
                        + "\(d.view != d.hitView ? " (from \(escape(table.name(ofView: d.hitView))))" : "")</title></line>"
                }
                rows.append(("view " + table.name(ofView: v), marks.joined()))
            }
        }
        let height = Double(rows.count) * laneHeight + 24
        html += "<div class=\"scroll\"><svg id=\"lanes\" width=\"\(f(labelWidth + width + 10))\" height=\"\(f(height))\">\n"
        html += "<defs><rect id=\"m\" x=\"-2\" y=\"3\" width=\"4\" height=\"\(f(laneHeight - 6))\"/></defs>\n"
        // Seconds along the top.
        let step = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60].first { width / (duration / $0) >= 60 } ?? 60
        var tick = 0.0
        while tick <= duration + 1e-9 {
            let px = labelWidth + tick / duration * width
            html += "<line class=\"axis\" x1=\"\(f(px))\" x2=\"\(f(px))\" y1=\"14\" y2=\"\(f(height))\"/>"
            html += "<text x=\"\(f(px + 2))\" y=\"11\">\(String(format: "%g", (tick * 1000).rounded() / 1000))s</text>\n"
            tick += step
        }
        for (i, row) in rows.enumerated() {
            let y = 18 + Double(i) * laneHeight
            html += "<g class=\"lane\" data-name=\"\(escape(row.0))\" transform=\"translate(0,\(f(y)))\">"
            html += "<rect class=\"lane-bg\" x=\"\(f(labelWidth))\" y=\"1\" width=\"\(f(width))\" height=\"\(f(laneHeight - 2))\"/>"
            html += "<text x=\"4\" y=\"15\">\(escape(row.0))</text>\(row.1)</g>\n"
        }
        html += "<line id=\"cursor\" x1=\"\(f(labelWidth))\" x2=\"\(f(labelWidth))\" y1=\"14\" y2=\"\(f(height))\"/>\n</svg></div>\n"
        html += events(run, names: names)
        html += script(duration: duration, width: width)
        html += "</body></html>\n"
        return html
    }

    /// The touch paths in space, with where each began (and in which view).
    private static func space(_ run: RunRecording, table: GestureTable, start: Microseconds) -> String {
        guard !run.samples.isEmpty else { return "<h2>Touches</h2><p>No touches.</p>\n" }
        let xs = run.samples.map(\.x), ys = run.samples.map(\.y)
        let (x0, y0) = (xs.min()! - 20, ys.min()! - 20)
        let (w, h) = (max(xs.max()! - x0 + 20, 40), max(ys.max()! - y0 + 20, 40))
        let scale = min(500 / w, 360 / h, 4)
        // `data-unit`: one screen pixel in the drawing's points, so the cursor's finger
        // circles keep their size on screen however much a small path is magnified.
        var out = "<h2>Touches</h2>\n<svg id=\"space\" width=\"\(f(w * scale))\" height=\"\(f(h * scale))\" viewBox=\"\(f(x0)) \(f(y0)) \(f(w)) \(f(h))\" data-unit=\"\(f(1 / scale, 4))\">\n"
        for (n, path) in paths(run).enumerated() {
            let color = palette[n % palette.count]
            let points = path.points.map { "\(f($0.x)),\(f($0.y))" }.joined(separator: " ")
            let times = path.points.map { f(($0.time - start).seconds, 3) }.joined(separator: " ")
            out += "<polyline class=\"path\" stroke=\"\(color)\" stroke-width=\"\(f(2 / scale))\" points=\"\(points)\" data-t=\"\(times)\">"
            out += "<title>touch \(path.id): \(time(path.points.first!.time))-\(time(path.points.last!.time)) s</title></polyline>"
            // Time along the path: ten evenly spaced dots, each with its time.
            let every = max(1, path.points.count / 10)
            for p in stride(from: every, to: path.points.count - 1, by: every).map({ path.points[$0] }) {
                out += "<circle cx=\"\(f(p.x))\" cy=\"\(f(p.y))\" r=\"\(f(2 / scale))\" fill=\"#fff\" stroke=\"\(color)\" stroke-width=\"\(f(1 / scale))\"><title>\(time(p.time)) s</title></circle>"
            }
            let first = path.points[0]
            let label = "\(path.id)" + (table.hasViews ? " (\(table.name(ofView: path.view)))" : "")
            out += "<circle cx=\"\(f(first.x))\" cy=\"\(f(first.y))\" r=\"\(f(4 / scale))\" fill=\"\(color)\"/>"
            // Clear of the cursor's finger circle (8 screen pixels) when it sits on the start.
            out += "<text x=\"\(f(first.x + 10 / scale))\" y=\"\(f(first.y - 10 / scale))\" style=\"font-size:\(f(11 / scale))px\">\(escape(label))</text>\n"
        }
        out += "<g id=\"fingers\"></g></svg>\n"
        return out
    }

    /// Each touch's samples from began to its end, thinned to `maxPathPoints`.
    static func paths(_ run: RunRecording) -> [(id: Int64, view: ViewID, points: [TouchEvent])] {
        var open: [Int64: Int] = [:]
        var paths: [(id: Int64, view: ViewID, points: [TouchEvent])] = []
        for s in run.samples {
            if s.phase == .began || open[s.id] == nil {
                open[s.id] = paths.count
                paths.append((s.id, s.view, []))
            }
            paths[open[s.id]!].points.append(s)
            if s.phase == .ended || s.phase == .cancelled { open[s.id] = nil }
        }
        return paths.map { p in
            guard p.points.count > maxPathPoints else { return p }
            let stride = Double(p.points.count - 1) / Double(maxPathPoints - 1)
            return (p.id, p.view, (0..<maxPathPoints).map { p.points[Int((Double($0) * stride).rounded())] })
        }
    }

    /// One gesture's lane: active spans, holds, discrete states, failures, deadlines.
    private static func lane(_ g: GestureID, _ run: RunRecording, table: GestureTable, x: (Microseconds) -> Double) -> String {
        var out = ""
        let h = laneHeight
        // One shape, placed: thousands of marks stay small.
        func mark(_ t: Microseconds, _ cls: String, _ title: String) {
            out += "<use href=\"#m\" class=\"\(cls)\" x=\"\(f(x(t)))\"><title>\(escape(title))</title></use>"
        }
        func span(_ a: Microseconds, _ b: Microseconds, _ cls: String, _ title: String) {
            out += "<rect class=\"\(cls)\" x=\"\(f(x(a)))\" y=\"6\" width=\"\(f(max(x(b) - x(a), 2)))\" height=\"\(f(h - 12))\"><title>\(escape(title))</title></rect>"
        }
        for d in run.deadlines where d.gesture == g {
            out += "<line class=\"deadline\" x1=\"\(f(x(d.time)))\" x2=\"\(f(x(d.time)))\" y1=\"2\" y2=\"\(f(h - 2))\"><title>deadline at \(time(d.time)) s</title></line>"
        }
        for c in run.controls where c.gestures.contains(g) {
            let what = (c.enabled.map { ["enabled: \($0)"] } ?? []) + c.changes
            mark(c.time, "control", "\(time(c.time)) s: " + (what == ["handOver"] ? "handed over" : "set \(what.joined(separator: ", "))"))
        }
        // Disabled spans, as the engine had them: the spec's `enabled`, control lines and modes.
        var offSince: Microseconds?
        for e in run.enabling where e.gesture == g {
            if let m = run.modes.last(where: { $0.time == e.time }) {
                mark(e.time, "control", "\(time(e.time)) s: mode \(table.name(ofMode: m.mode)) \(m.on ? "on" : "off"): \(e.enabled ? "enabled" : "disabled")")
            }
            if !e.enabled { offSince = e.time; continue }
            if let since = offSince { span(since, e.time, "disabled", "\(time(since))-\(time(e.time)) s: disabled") }
            offSince = nil
        }
        if let since = offSince {
            let until = max(run.samples.last?.time ?? since, run.events.last?.time ?? since)
            span(since, until, "disabled", "\(time(since)) s: disabled to the end")
        }
        let mine = run.events.filter { $0.gesture == g }
        let reasons = run.explanations.filter { $0.gesture == g }
        var began: (Microseconds, Int)?
        for e in mine {
            switch e.state {
            case .began:
                began = (e.time, 0)
            case .changed:
                began?.1 += 1
            case .ended, .cancelled:
                if let b = began {
                    span(b.0, e.time, e.state == .ended ? "active" : "cancelled",
                         "\(time(b.0))-\(time(e.time)) s: began, \(b.1) changed, \(e.state.name)")
                }
                began = nil
                mark(e.time, e.state == .ended ? "ended" : "cancelled", "\(time(e.time)) s: \(e.state.name)")
            case .recognized, .provisional:
                mark(e.time, e.state.name, "\(time(e.time)) s: \(e.state.name)")
            case .failed, .retracted:
                let why = reasons.first { $0.time == e.time && $0.state == e.state.name }.map { ": " + $0.message(in: table) } ?? ""
                mark(e.time, e.state.name, "\(time(e.time)) s: \(e.state.name)\(why)")
            default:
                mark(e.time, "possible", "\(time(e.time)) s: \(e.state.name)")
            }
        }
        if let b = began { span(b.0, run.samples.last?.time ?? b.0, "active", "\(time(b.0)) s: began, \(b.1) changed, still active at the end") }
        // Touches a disabled gesture would have seen.
        for r in reasons where r.state == "disabled" { mark(r.time, "untaken", "\(time(r.time)) s: \(r.message(in: table))") }
        // A hold lasts until the gesture's next event (a provisional report is shown during it).
        for r in reasons where r.state == "held" {
            let until = mine.first { $0.time >= r.time && $0.state != .provisional }?.time ?? r.time
            span(r.time, until, "held", "\(time(r.time)) s: held: \(r.message(in: table))")
        }
        return out
    }

    /// Every event, in the order decided, as compact data the page lists when
    /// opened (a ten-minute run has tens of thousands: listing them as HTML
    /// would multiply the file's size).
    private static func events(_ run: RunRecording, names: [String]) -> String {
        let names = "[" + names.map { "\"\(jsEscape($0))\"" }.joined(separator: ",") + "]"
        let states = GestureState.allCases
        let rows = run.events.map { e in
            "[\(time(e.time)),\(e.gesture),\(states.firstIndex(of: e.state)!),\(f(e.x)),\(f(e.y))]"
        }.joined(separator: ",")
        return """
            <h2>Events</h2>
            <details id="event-list"><summary>\(run.events.count) events</summary><ol id="events"></ol></details>
            <script>
            const gestureNames=\(names),stateNames=[\(GestureState.allCases.map { "\"\($0.name)\"" }.joined(separator: ","))];
            const events=[\(rows)];
            document.getElementById('event-list').addEventListener('toggle',()=>{const ol=document.getElementById('events');
            if(ol.childElementCount)return;const items=[];for(const [t,g,state,x,y] of events)items.push('<li>'+t.toFixed(3)+' s '+
            gestureNames[g].replace(/&/g,'&amp;').replace(/</g,'&lt;')+' '+stateNames[state]+' ('+x+', '+y+')</li>');ol.innerHTML=items.join('');});
            </script>

            """
    }

    private static func jsEscape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "<", with: "\\u003c")
    }

    /// The time cursor: the slider moves the line on the lanes and puts a dot where each finger was.
    private static func script(duration: Double, width: Double) -> String {
        """
        <script>
        const paths=[...document.querySelectorAll('polyline.path')].map(p=>{const t=p.dataset.t.split(' ').map(Number);
        const xy=p.getAttribute('points').split(' ').map(q=>q.split(',').map(Number));return[p.getAttribute('stroke'),t.map((v,i)=>[v,xy[i][0],xy[i][1]])];});
        const duration=\(f(duration, 6)),width=\(f(width)),left=\(f(labelWidth));
        const slider=document.getElementById('time'),now=document.getElementById('now'),cursor=document.getElementById('cursor');
        const fingers=document.getElementById('fingers'),unit=+(document.getElementById('space')?.dataset.unit||1);
        function at(points,t){if(!points.length||t<points[0][0]||t>points[points.length-1][0])return null;
        let lo=0,hi=points.length-1;while(hi-lo>1){const m=(lo+hi)>>1;if(points[m][0]<=t)lo=m;else hi=m;}
        const a=points[lo],b=points[hi],k=b[0]>a[0]?(t-a[0])/(b[0]-a[0]):0;return[a[1]+(b[1]-a[1])*k,a[2]+(b[2]-a[2])*k];}
        function show(){const t=slider.value/1000;now.textContent=t.toFixed(3)+' s';
        const px=left+t/duration*width;cursor.setAttribute('x1',px);cursor.setAttribute('x2',px);
        if(!fingers)return;fingers.innerHTML='';for(const [color,points] of paths){const p=at(points,t);if(!p)continue;
        const c=document.createElementNS('http://www.w3.org/2000/svg','circle');c.setAttribute('cx',p[0]);c.setAttribute('cy',p[1]);
        c.setAttribute('r',8*unit);c.setAttribute('stroke-width',unit);c.setAttribute('fill',color);c.setAttribute('class','finger');
        c.setAttribute('fill-opacity','0.6');fingers.appendChild(c);}}
        slider.addEventListener('input',show);show();
        </script>

        """
    }

    static let palette = ["#4a90d9", "#d0021b", "#2e9d4a", "#f5a623", "#9013fe", "#50e3c2", "#8b572a", "#bd10e0"]

    private static func f(_ v: Double, _ decimals: Int = 1) -> String {
        guard v.isFinite else { return "0" }
        return String(format: "%.\(decimals)f", v)
    }

    private static func time(_ us: Microseconds) -> String { EventFormatter.time(us) }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}

