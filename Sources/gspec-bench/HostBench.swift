import CMallocCounter
import GSpecFuzz
import GestureCompiler
import GestureRuntime

/// The bare engine and the same engine behind `GestureHost` (platform keys,
/// seconds, a typed handler per gesture, and the timer query an adapter
/// makes after every call), runs alternated in one process.
func hostBench() {
    let (table, _) = compileSpec(options.spec)
    LoadedGestureSet.table = table
    let trace = loadTrace()
    let n = Double(trace.count)
    var sink = 0
    print("host: \(options.spec), \(trace.count) touch events, \(table.gestureCount) gestures, median of \(options.runs) runs each, alternated")

    // Platform touches are keyed by something other than the engine's ids, as a UITouch's identity is.
    let keys = trace.map { Int($0.id) &* 7_919 &+ 1 }
    let seconds = trace.map { 81_000 + $0.time.seconds }
    // The handlers' own work is one add through a pointer: a class property
    // would add a dynamic exclusivity check per call, the handler's cost, not the host's.
    let handled = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    handled.initialize(to: 0)
    defer { handled.deallocate() }
    func makeHost() -> GestureHost<LoadedGestureSet, Int> {
        let host = GestureHost(LoadedGestureSet.self, touches: Int.self)
        for g in LoadedGestureSet.Gesture.allCases { host.on(g) { handled.pointee &+= $0.event.taps &+ 1 } }
        return host
    }
    @inline(never)
    func timeHost(_ host: GestureHost<LoadedGestureSet, Int>, shift: Double = 0) -> Double {
        let start = nanoseconds()
        for i in trace.indices {
            let e = trace[i]
            host.touch(keys[i], e.phase, x: e.x, y: e.y, at: seconds[i] + shift)
            if let due = host.nextDeadline, due < 0 { handled.pointee &+= 1 }  // an adapter reschedules its timer here
        }
        host.advance(to: seconds.last! + shift + 10)
        return Double(nanoseconds() - start) / 1e9
    }

    _ = timeEngine({ Engine(table: table) }, trace, &sink)  // warm-up
    _ = timeHost(makeHost())
    var engineRuns: [Double] = [], hostRuns: [Double] = []
    for _ in 0..<options.runs {
        engineRuns.append(timeEngine({ Engine(table: table) }, trace, &sink))
        hostRuns.append(timeHost(makeHost()))
    }

    // Steady state: one warmed host runs the trace again later in time.
    let host = makeHost()
    _ = timeHost(host)
    let before = gspec_allocation_count()
    _ = timeHost(host, shift: 100_000)
    let allocations = gspec_allocation_count() - before

    let engineRate = n / median(engineRuns), hostRate = n / median(hostRuns)
    print(String(format: "  bare engine        %12.0f events/s  %7.1f ns/event", engineRate, 1e9 / engineRate))
    print(String(format: "  through the host   %12.0f events/s  %7.1f ns/event   %.1f%% of the bare engine's rate",
                 hostRate, 1e9 / hostRate, 100 * hostRate / engineRate))
    print(String(format: "  heap allocations in steady state, host included: %lu over %d events = %.4f per event",
                 allocations, trace.count, Double(allocations) / n))
    report["host"] = [
        "spec": options.spec, "events": trace.count, "engineEventsPerSecond": engineRate, "hostEventsPerSecond": hostRate,
        "hostOverEngine": hostRate / engineRate, "allocationsPerEvent": Double(allocations) / n,
    ]
    if sink &+ handled.pointee == 42 { print("") }  // keeps the work observable
}
