import GSpecFuzz
import GestureCompiler
import GestureRuntime
import GestureTrace

/// `gspec-bench trace --random SEED`: `--events N` of the random streams the
/// differential and host tests run (`RandomTraces`: taps around the
/// thresholds, presses, drags, swipes, pinches and turns, strokes, cancels,
/// stream anomalies), one after another, as trace lines. With `--spec`, the
/// touches hit the set's views and its modes switch between streams, so sets
/// with views and modes see work. For scripts/same-output.sh, which compares
/// two builds of gspec on them.
func randomTraceLines(seed: UInt64, streams: Int, spec: String?) -> String {
    let table = spec.map { compileSpec($0).0 }
    let views = table.map { t in t.viewNames.indices.map { t.name(ofView: ViewID($0)) } } ?? []
    let modes = table.map { t in t.modeIDs.map(t.name(ofMode:)) } ?? []
    var generator = RandomTraces(seed: seed)
    var text = ""
    var start: Microseconds = 0
    for k in 0..<streams {
        var events = generator.trace(views: views.count)
        // Each stream after the last, its touches numbered apart from the earlier ones'.
        for i in events.indices {
            events[i].time += start
            events[i].id += Int64(k) * 100
        }
        for name in modes where generator.int(0...3) == 0 {
            text += "{\"t\":\(EventFormatter.time(start)),\"mode\":\(TableEmitter.quoted(name)),\"on\":\(generator.int(0...1) == 0)}\n"
        }
        text += TouchStream(events: events, summary: "").traceLines(viewNames: views)
        start = (events.map(\.time).max() ?? start) + 300_000
    }
    return text
}
