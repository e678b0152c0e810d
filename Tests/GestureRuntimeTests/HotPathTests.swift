import GestureCompiler
import Foundation
import GSpecFuzz
@testable import GestureRuntime
import Testing

/// The shortcuts the engine's hot path takes must not change what it computes.
@Suite struct HotPathTests {
    @Test func lengthComparisonsEqualTheSquareRoot() {
        var rng = SplitMix64(seed: 7)
        func random() -> Double { Double(rng.next() % 2_000_001) / 1000 - 1000 }
        var checked = 0, wrong = 0
        for i in 0..<200_000 {
            // Axis-aligned displacements too: there the length is exactly |dx| or |dy|.
            let (dx, dy) = (random(), i % 4 == 0 ? 0 : random())
            let length = (dx * dx + dy * dy).squareRoot()
            // Limits far away, near, and exactly at the length, and 0.
            for limit in [abs(random()), length, length.nextUp, length.nextDown, abs(dx), abs(dy), 0] where limit >= 0 {
                if Length.exceeds(dx, dy, limit) != (length > limit) { wrong += 1 }
                if Length.reaches(dx, dy, limit) != (length >= limit) { wrong += 1 }
                checked += 1
            }
        }
        #expect(wrong == 0)
        #expect(checked > 1_000_000)
    }

    @Test func aFrameLargerThanItsBufferKeepsEveryLine() throws {
        let table = try RuntimePaths.compile(RuntimePaths.packageRoot.appendingPathComponent("specs/bench.gesture"))
        // 300 lines at one time: the buffer starts at 64 and must grow, losing nothing.
        func run(linesPerFrame: Int) -> [GestureEvent] {
            var engine = Engine(table: table)
            engine.feed(TouchEvent(time: 0, id: 1, phase: .began, x: 0, y: 0))
            for i in 1...linesPerFrame {
                engine.feed(TouchEvent(time: 10_000, id: 1, phase: .moved, x: 60 * Double(i) / Double(linesPerFrame), y: 0))
            }
            engine.feed(TouchEvent(time: 20_000, id: 1, phase: .ended, x: 60, y: 0))
            engine.finish()
            return engine.events
        }
        let events = run(linesPerFrame: 300)
        // Within a frame only the last position counts, so the result is that of one line.
        #expect(events == run(linesPerFrame: 1))
        #expect(events.contains { $0.state == .recognized })  // a swipe: 60 pt in 10 ms
    }

    @Test func copiesOfAnEngineAreIndependent() throws {
        let table = try RuntimePaths.compile(RuntimePaths.packageRoot.appendingPathComponent("specs/tap-view.gesture"))
        var a = Engine(table: table)
        a.feed(TouchEvent(time: 0, id: 1, phase: .began, x: 10, y: 10))
        var b = a  // shares state until one of them writes, mid-frame
        a.feed(TouchEvent(time: 50_000, id: 1, phase: .ended, x: 10, y: 10))
        b.feed(TouchEvent(time: 50_000, id: 1, phase: .moved, x: 90, y: 90))
        b.feed(TouchEvent(time: 60_000, id: 1, phase: .ended, x: 90, y: 90))
        a.finish()
        b.finish()
        #expect(a.events.contains { $0.state == .recognized })
        #expect(!b.events.contains { $0.state == .recognized })  // moved past slop: no tap
        var c = Engine(table: table)
        c.feed(TouchEvent(time: 0, id: 1, phase: .began, x: 10, y: 10))
        c.feed(TouchEvent(time: 50_000, id: 1, phase: .ended, x: 10, y: 10))
        c.finish()
        #expect(a.events == c.events)
    }
}
