import Foundation
import GSpecFuzz
import GestureRuntime
import Testing
@testable import GestureCompiler

/// The optimized engine (minimized, class-compressed, packed tables, reloaded
/// from bytes) and the reference interpreter (the unoptimized NFAs) must
/// report exactly the same events on the same traces.
@Suite struct DifferentialTests {
    /// The shipped specs, and the golden ones with pan offsets, minimum velocity, screen edges,
    /// modes, provisional gestures and hand-overs.
    static let specs = Paths.files(in: Paths.packageRoot.appendingPathComponent("specs"), ext: "gesture")
        + ["pan-criteria", "pan-edges", "modes", "provisional", "hand-over", "scroll", "wins-over"].map { Paths.packageRoot.appendingPathComponent("Tests/GSpecCLITests/Golden/specs/\($0).gesture") }

    @Test func tenThousandRandomTracesAgree() throws {
        // Per spec, built once: an engine to copy (copies share its template
        // index) and the reference's transitions (a memo of state sets).
        var compiled: [(GestureTable, Engine, ReferenceTransitions)] = []
        for url in Self.specs {
            let output = Compiler.compile(try Paths.source(url), examples: .beside(url.path))
            let table = try #require(output.table)
            // Through the binary format, as an app would load it.
            let decoded = try GestureTable(decoding: table.encoded())
            compiled.append((decoded, Engine(table: decoded), ReferenceTransitions(output.frontend.gestureSet)))
        }
        var generator = RandomTraces(seed: 0x5EED_D1FF)
        var eventsSeen = 0
        var recognized = 0
        var deliveries = 0
        var (provisional, handedOver) = (0, 0)
        for i in 0..<10_000 {
            let (table, fresh, transitions) = compiled[i % compiled.count]
            let trace = generator.trace(views: table.viewNames.count)
            var engine = fresh
            var reference = ReferenceEngine(table: table, transitions: transitions)
            // Random touches begin at x 0...300, y 50...500: some near each edge of this screen.
            (engine.screenSize, reference.screenSize) = (SIMD2(320, 520), SIMD2(320, 520))
            // In half the runs the engine also works out what the views receive:
            // it must change no gesture event.
            engine.reportsDeliveries = i % 2 == 0
            for (k, sample) in trace.enumerated() {
                // Some touches come from a pen or a mouse, which a gesture's `input` may leave out.
                var e = sample
                e.pointer = PointerKind.allCases[(i + Int(e.id)) % 5 < 3 ? 0 : (i + Int(e.id)) % 5 - 2]
                engine.feed(e)
                reference.feed(e)
                // And the app turns modes on and off.
                if k % 5 == 1 && table.modeCount > 0 {
                    let m = ModeID((i + k) % table.modeCount), on = (i &* k) % 3 != 0
                    engine.setMode(m, on, at: e.time)
                    reference.setMode(m, on, at: e.time)
                }
                // Now and then the app switches a gesture off or on, or changes a threshold.
                if k % 7 == 3 {
                    let g = GestureID((i &+ k) % table.gestureCount), on = (i + k) % 3 != 0
                    engine.setEnabled(on, gesture: g, at: e.time)
                    reference.setEnabled(on, gesture: g, at: e.time)
                    // Or hands a gesture over (most of the time one that is not active: nothing changes).
                    engine.handOver(from: GestureID((g.rawValue &+ 1) % table.gestureCount), at: e.time)
                    reference.handOver(from: GestureID((g.rawValue &+ 1) % table.gestureCount), at: e.time)
                    // Or a scroll's edges change, or the platform begins scrolling with a scroll's touches.
                    if table.kind(of: g) == .scroll {
                        let edges = DirectionSet(rawValue: UInt8((i + k) % 16))
                        engine.setScrollEdges(edges, gesture: g, at: e.time)
                        reference.setScrollEdges(edges, gesture: g, at: e.time)
                        engine.scrollBegan(gesture: g, at: e.time)
                        reference.scrollBegan(gesture: g, at: e.time)
                    }
                    if table.kind(of: g) == .pan {
                        let value = ParameterValue.points(Double((i + k) % 25))
                        try engine.set(.threshold, to: value, gesture: g, at: e.time)
                        try reference.set(.threshold, to: value, gesture: g, at: e.time)
                    }
                }
            }
            engine.finish()
            reference.finish()
            if engine.events != reference.events {
                let k = zip(engine.events, reference.events).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(engine.events.count, reference.events.count)
                Issue.record("""
                    trace \(i) on \(Self.specs[i % compiled.count].lastPathComponent) differs at event \(k):
                    engine:    \(k < engine.events.count ? "\(engine.events[k])" : "none")
                    reference: \(k < reference.events.count ? "\(reference.events[k])" : "none")
                    """)
                return
            }
            #expect(engine.anomalies == reference.anomalies)
            deliveries += engine.deliveries.count
            eventsSeen += engine.events.count
            recognized += engine.events.filter { $0.state == .recognized || $0.state == .began }.count
            provisional += engine.events.filter { $0.state == .provisional }.count
            // A hand-over: a `cancelled` and a `began` at the same time, of gestures the rules link.
            handedOver += zip(engine.events, engine.events.dropFirst()).filter {
                $0.0.state == .cancelled && $0.1.state == .began && $0.0.time == $0.1.time && table.handOverTargets(of: $0.0.gesture).contains(UInt32($0.1.gesture.rawValue))
            }.count
        }
        #expect(provisional > 50, "provisional gestures shown: \(provisional)")
        #expect(handedOver > 50, "hand-overs that took: \(handedOver)")
        // The traces must exercise the gestures, or agreement proves little.
        #expect(eventsSeen > 30_000)
        #expect(recognized > 5_000)
        #expect(deliveries > 10_000)
    }
}
