import CMallocCounter
import Foundation
import GSpecCLI
import GestureRuntime

/// The cost of the touch-up that decides a stroke: template matching and
/// stroke features run once, at lift, over the kept path. Every stroke of a
/// directory of recorded one-stroke traces is fed through one warmed engine;
/// only the lift's frame (its feed and the advance that applies it) is timed.
func liftBench() {
    let (table, _) = compileSpec(options.spec)
    var strokes: [[TouchEvent]] = []
    let root = URL(fileURLWithPath: options.strokes)
    let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    var paths: [String] = []
    while let url = walker?.nextObject() as? URL {
        if url.pathExtension == "jsonl" { paths.append(url.path) }
    }
    for path in paths.sorted() {
        // One touch, down and up with samples between: the lift is timed apart from its last move.
        guard let events = try? TraceLoader.events(fromFile: path), events.count >= 3, events[0].phase == .began,
              events[events.count - 1].phase == .ended, events.allSatisfy({ $0.id == events[0].id }) else { continue }
        strokes.append(events)
    }
    guard !strokes.isEmpty else { fail("no one-stroke traces under \(options.strokes)") }
    print("lift: \(options.spec), \(strokes.count) strokes from \(options.strokes), \(table.gestureCount) gestures, \(options.runs) passes")

    var engine = Engine(table: table)
    var clock: Microseconds = 0
    var sink = 0
    // Strokes follow one another a second apart, so every deadline of the
    // previous one has passed (and is handled by an untimed event) before the next lift.
    func pass(_ costs: inout [Int64]) {
        for stroke in strokes {
            let base = clock - stroke[0].time
            for e in stroke.dropLast() {
                engine.feed(TouchEvent(time: e.time + base, id: e.id, phase: e.phase, x: e.x, y: e.y))
            }
            // Samples wait in a frame until a later time: apply the last move
            // untimed, then time the lift's frame alone.
            engine.advance(to: stroke[stroke.count - 2].time + base)
            let last = stroke[stroke.count - 1]
            let lift = TouchEvent(time: last.time + base, id: last.id, phase: .ended, x: last.x, y: last.y)
            let a = nanoseconds()
            engine.feed(lift)
            engine.advance(to: lift.time)
            costs.append(nanoseconds() - a)
            sink &+= engine.events.count
            engine.removeAllEvents()
            clock = lift.time + 1_000_000
        }
    }
    var costs: [Int64] = []
    costs.reserveCapacity(strokes.count * options.runs)
    pass(&costs)  // warm-up: buffers reach their final capacity
    costs.removeAll(keepingCapacity: true)
    let before = gspec_allocation_count()
    for _ in 0..<options.runs { pass(&costs) }
    let allocations = gspec_allocation_count() - before
    costs.sort()
    func us(_ q: Int) -> Double { Double(costs[min(costs.count - 1, costs.count * q / 100)]) / 1000 }
    print(String(format: "  lift: median %.2f µs, p90 %.2f µs, p99 %.2f µs, max %.2f µs", us(50), us(90), us(99),
                 Double(costs.last!) / 1000))
    print(String(format: "  heap allocations after warm-up: %lu over %d strokes", allocations, costs.count))
    report["lift"] = ["spec": options.spec, "strokes": strokes.count, "medianMicroseconds": us(50),
                      "p99Microseconds": us(99), "maxMicroseconds": Double(costs.last!) / 1000,
                      "allocations": allocations]
    if sink == 42 { print("") }
}
