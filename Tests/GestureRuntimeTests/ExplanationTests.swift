import Foundation
import GestureCompiler
import Testing
@testable import GestureRuntime

/// `Engine.explains`: the reason for each failure and hold, with the spec
/// line the table carries; nothing recorded, and nothing else changed, when off.
@Suite struct ExplanationTests {
    func tapView() throws -> GestureTable {
        try RuntimePaths.compile(RuntimePaths.packageRoot.appendingPathComponent("Tests/GSpecCLITests/Golden/specs/taps-exclusive.gesture"))
    }

    func run(_ table: GestureTable, explains: Bool, _ samples: [(Double, TouchPhase, Double)]) -> Engine {
        var engine = Engine(table: table)
        engine.explains = explains
        for (t, phase, x) in samples {
            engine.feed(TouchEvent(time: Microseconds(seconds: t), id: 1, phase: phase, x: x, y: 5))
        }
        engine.finish()
        return engine
    }

    @Test func aSingleTapIsHeldThenTheDoubleTapTimesOut() throws {
        let table = try tapView()
        let engine = run(table, explains: true, [(0, .began, 5), (0.1, .ended, 5)])
        let (single, double, triple) = (0, 1, 2)
        let reasons = engine.explanations.map { "\($0.gesture):\($0.reason)" }
        #expect(reasons == ["\(single):held(\(double))", "\(double):automaton(GestureRuntime.Symbol.timeout, GestureRuntime.StateTimer.interval)",
                            "\(triple):claimedBy(\(single))"])
        #expect(engine.explanations[0].message(in: table) == "'singleTap' completed and waits for 'doubleTap' to fail (rule at line 16)")
        #expect(engine.explanations[1].message(in: table) == "'doubleTap' failed: the next press did not come within maxInterval 300 ms (line 11)")
        // Each failure explanation points at its `failed` event.
        for x in engine.explanations.dropFirst() {
            #expect(engine.events[x.eventIndex].gesture == x.gesture && engine.events[x.eventIndex].state == .failed)
        }
    }

    @Test func theSlopFailureMeasuresHowFarTheFingerWent() throws {
        let table = try tapView()
        let engine = run(table, explains: true, [(0, .began, 5), (0.02, .moved, 17.5), (0.05, .ended, 17.5)])
        let slop = try #require(engine.explanations.first { $0.gesture == 0 })
        #expect(slop.reason == .automaton(.slop, .none) && slop.measured == 12.5)
        #expect(slop.message(in: table) == "'singleTap' failed: a finger moved more than its slop of 10pt (12.5pt) (line 8)")
    }

    @Test func aRequiredGestureThatSucceedsIsNamedWithItsRule() throws {
        let table = try tapView()
        var samples: [(Double, TouchPhase, Double)] = []
        for i in 0..<3 { samples += [(Double(i) * 0.15, .began, 5), (Double(i) * 0.15 + 0.05, .ended, 5)] }
        let engine = run(table, explains: true, samples)
        let double = try #require(engine.explanations.first { $0.gesture == 1 && $0.reason != .held(2) })
        #expect(double.reason == .requiredSucceeded(2))
        #expect(double.message(in: table) == "'doubleTap' failed: 'tripleTap', which it requires to fail, succeeded (rule at line 17)")
    }

    @Test func offByDefaultAndTheEventsAreTheSame() throws {
        let table = try tapView()
        let samples: [(Double, TouchPhase, Double)] = [(0, .began, 5), (0.1, .ended, 5), (0.2, .began, 5), (0.22, .moved, 30), (0.3, .ended, 30)]
        let quiet = run(table, explains: false, samples), explained = run(table, explains: true, samples)
        #expect(quiet.explanations.isEmpty && !explained.explanations.isEmpty)
        #expect(quiet.events == explained.events)
        var cleared = explained
        cleared.removeAllEvents()
        #expect(cleared.explanations.isEmpty)
    }
}
