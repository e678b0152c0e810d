import Foundation
import GSpecFuzz
import GestureCompiler
import GestureRuntime
import Testing

/// The touch-stream rules of docs/semantics.md, one by one, and the
/// property that no input leaves a gesture stuck.
@Suite struct EngineRobustnessTests {
    static let tapView = RuntimePaths.packageRoot.appendingPathComponent("specs/tap-view.gesture")

    func engine(_ url: URL = tapView) throws -> Engine {
        Engine(table: try RuntimePaths.compile(url))
    }

    func ev(_ t: Double, _ id: Int, _ phase: TouchPhase, _ x: Double = 10, _ y: Double = 10) -> TouchEvent {
        TouchEvent(time: Microseconds(seconds: t), id: id, phase: phase, x: x, y: y)
    }

    @Test func timeGoingBackwardsIsClampedAndCounted() throws {
        var e = try engine(RuntimePaths.packageRoot.appendingPathComponent("Tests/GSpecCLITests/Golden/specs/taps-exclusive.gesture"))
        e.feed(ev(1.0, 1, .began))
        e.feed(ev(0.5, 1, .ended))
        e.finish()
        #expect(e.anomalies.timeWentBackwards == 1)
        // Clamped to 1.0: a tap of zero duration, decided 300ms later.
        #expect(e.events.first { $0.state == .recognized }?.time == 1_300_000)
    }

    @Test func secondBeganCancelsTheOldInstanceFirst() throws {
        var e = try engine()
        e.feed(ev(1.0, 1, .began))
        e.feed(ev(1.1, 1, .began, 50, 50))
        e.feed(ev(1.15, 1, .ended, 50, 50))
        e.finish()
        #expect(e.anomalies.duplicateBegan == 1)
        // The old instance was cancelled (its attempts failed); the new one taps.
        let recognized = e.events.filter { $0.state == .recognized }
        #expect(recognized.count == 1 && recognized[0].x == 50)
    }

    @Test func unknownIdsAreDroppedAndCounted() throws {
        var e = try engine()
        e.feed(ev(1.0, 9, .moved))
        e.feed(ev(1.0, 9, .ended))
        e.feed(ev(1.0, 9, .stationary))
        e.finish()
        #expect(e.anomalies.unknownTouch == 3)
        #expect(e.events.isEmpty)
    }

    @Test func stationaryOnlyAdvancesTheClock() throws {
        var e = try engine()
        e.feed(ev(1.0, 1, .began, 10, 10))
        e.feed(ev(1.05, 1, .stationary, 90, 90))  // its position is not a move: no slop failure
        e.feed(ev(1.1, 1, .ended, 10, 10))
        e.finish()
        #expect(e.events.contains { $0.gesture == 0 && $0.state == .recognized })
        #expect(e.anomalies.isEmpty)
    }

    @Test func nonFiniteCoordinatesAreIgnored() throws {
        var e = try engine()
        e.feed(ev(1.0, 1, .began, .nan, 0))
        e.feed(ev(1.0, 2, .began, 10, 10))
        e.feed(ev(1.05, 2, .moved, .infinity, 10))
        e.feed(ev(1.1, 2, .ended, 10, 10))
        e.finish()
        #expect(e.anomalies.nonFiniteCoordinate == 2)
        #expect(e.anomalies.unknownTouch == 0)
        #expect(e.events.contains { $0.state == .recognized })
    }

    @Test func touchesBeyondCapacityAreDropped() throws {
        var e = try engine()
        for id in 0..<25 { e.feed(ev(1.0, id, .began, Double(id), 0)) }
        for id in 0..<25 { e.feed(ev(1.1, id, .ended, Double(id), 0)) }
        e.finish()
        #expect(e.anomalies.overCapacity == 5)
        #expect(e.anomalies.unknownTouch == 5)
        #expect(!e.hasTouchesDown)
    }

    @Test func staleTouchesAreCancelledWhenAsked() throws {
        var e = try engine(RuntimePaths.packageRoot.appendingPathComponent("specs/move-me.gesture"))
        e.staleTouchTimeout = 2_000_000
        let placard = try #require(e.table.view(named: "placard"))
        e.feed(TouchEvent(time: 1_000_000, id: 1, phase: .began, x: 10, y: 10, view: placard))
        e.feed(ev(1.1, 1, .moved, 30, 10))
        e.advance(to: 5_000_000)
        #expect(e.anomalies.staleTouch == 1)
        #expect(!e.hasTouchesDown)
        #expect(e.events.last?.state == .cancelled && e.events.last?.time == 3_100_000)
        #expect(e.isIdle(0) && e.isIdle(1))
        // Without the timeout the touch stays down.
        var f = try engine(RuntimePaths.packageRoot.appendingPathComponent("specs/move-me.gesture"))
        f.feed(ev(1.0, 1, .began))
        f.advance(to: 5_000_000)
        #expect(f.hasTouchesDown && f.anomalies.staleTouch == 0)
    }

    @Test func resetCancelsEverything() throws {
        var e = try engine(RuntimePaths.packageRoot.appendingPathComponent("specs/drag-and-drop.gesture"))
        e.feed(ev(1.0, 1, .began))
        e.advance(to: 1_600_000)
        #expect(e.events.contains { $0.state == .began })
        e.reset()
        #expect(e.events.contains { $0.gesture == 0 && $0.state == .cancelled })
        #expect(!e.hasTouchesDown && e.isIdle(0) && e.isIdle(1))
    }

    @Test func hugeTimeGapsOnlyFireDeadlines() throws {
        var e = try engine()
        e.feed(ev(1.0, 1, .began))
        e.feed(ev(1.05, 1, .ended))
        e.feed(TouchEvent(time: 900_000_000_000_000_000, id: 2, phase: .began, x: 0, y: 0))
        e.feed(TouchEvent(time: 900_000_000_000_050_000, id: 2, phase: .ended, x: 0, y: 0))
        e.finish()
        #expect(e.events.filter { $0.state == .recognized }.count == 2)
    }

    /// After every touch has ended or been cancelled and every deadline has
    /// passed, every gesture is back in `possible` holding no touches, on
    /// random traces of each shipped spec (and the golden specs of
    /// provisional gestures and hand-overs), half of them malformed: 2,000
    /// in `swift test`, the next 8,000 in the long run (`TestSize`).
    /// A crafted table whose stroke automaton restarts on a segment (a tap
    /// series' `restart` output, on a stroke's state) at the lift: the attempt
    /// fails, the new one has no touch, and the chord is not measured from a
    /// slot that is not there (the sections fuzzer's finding: a read past the
    /// slots, which debug builds stop at).
    @Test func aStrokeRestartedAtItsLiftMeasuresNoMissingTouch() throws {
        var table = try RuntimePaths.compile(source: """
            gesture caret: stroke { segment: 12pt  match: up-right down-right  chord: -45deg...45deg }
            gesture press: tap {}
            """)
        let r = table.gestures[0]
        for state in Int(r.stateBase) ..< Int(r.stateBase) + Int(r.stateCount) where state != Int(r.stateBase) + Int(r.startState) {
            table.stateInfo[state] = 7  // StateOutput.restart, no timer
        }
        let bytes = TableFormat.resealed(TableFormat.encode(table))
        var e = Engine(table: try GestureTable(decoding: bytes))
        let caret = [(0.0, 0.0), (20, -20), (40, -40), (60, -20), (80, 0)]
        for (k, (x, y)) in caret.enumerated() { e.feed(ev(Double(k) * 0.02, 1, k == 0 ? .began : .moved, 100 + x, 200 + y)) }
        e.feed(ev(0.1, 1, .ended, 180, 200))
        e.feed(ev(0.5, 2, .began))
        e.feed(ev(0.55, 2, .ended))
        e.finish()
        let events = e.events
        #expect(!events.contains { $0.gesture == 0 && $0.state == .recognized }, "\(events)")
        #expect(events.contains { $0.gesture == 1 && $0.state == .recognized }, "the set goes on: \(events)")
        #expect(e.isIdle(0) && e.isIdle(1))
    }

    @Test(arguments: RuntimePaths.specs + ["provisional", "hand-over"].map {
        RuntimePaths.packageRoot.appendingPathComponent("Tests/GSpecCLITests/Golden/specs/\($0).gesture")
    })
    func nothingGetsStuck(_ url: URL) throws {
        let table = try RuntimePaths.compile(url)
        let seed = UInt64(url.lastPathComponent.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) })
        // Copies of one engine share what it derived from the table (template vectors and pivots).
        let fresh = Engine(table: table)
        for i in TestSize.cases(standard: 2_000, long: 10_000) {
            // Each trace from its own seed: trace i is the same in both runs.
            var generator = StreamGenerator(seed: seed ^ (UInt64(i) &* 0x9E37_79B9_7F4A_7C15))
            var e = fresh
            e.reportsDeliveries = i % 4 < 2
            e.screenSize = i % 3 == 0 ? .zero : SIMD2(400, 600)
            for var event in generator.stream(malformed: i % 2 == 1) {
                // Hit views at random, some of them not in the table; pointers of every kind.
                event.view = ViewID(generator.int(table.viewNames.count + 2))
                event.pointer = PointerKind.allCases[generator.int(3)]
                e.feed(event)
                // Gestures switched off and on, directly or by their modes, while touches are down.
                if generator.int(10) == 0 { e.setEnabled(generator.int(3) != 0, gesture: GestureID(generator.int(table.gestureCount)), at: event.time) }
                if table.modeCount > 0 && generator.int(6) == 0 { e.setMode(ModeID(generator.int(table.modeCount + 1)), generator.int(2) == 0, at: event.time) }
                // And live gestures handed over (the sheet and its list), or ones that are not live.
                if generator.int(5) == 0 { e.handOver(from: GestureID(generator.int(table.gestureCount)), at: event.time) }
            }
            e.reset()
            e.finish()
            #expect(!e.hasTouchesDown && !e.hasPendingDeadline)
            #expect(!e.hasWithheldDeliveries, "trace \(i): a delivery is withheld forever")
            for g in table.gestureIDs {
                #expect(e.isIdle(g), "trace \(i): \(table.name(of: g)) is stuck")
            }
        }
    }
}

/// Touch streams for the robustness property: plausible gestures, or (when
/// `malformed`) random ids, phases, times going backwards, NaN, huge jumps.
struct StreamGenerator {
    var rng: SplitMix64
    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func int(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    mutating func coordinate() -> Double { Double(int(4_000)) / 10 }

    mutating func stream(malformed: Bool) -> [TouchEvent] {
        var events: [TouchEvent] = []
        var t: Microseconds = 0
        var down: [Int: (Double, Double)] = [:]
        for _ in 0..<(5 + int(60)) {
            t += Microseconds(Int64(int(malformed ? 400_000 : 150_000)))
            if malformed && int(10) == 0 { t -= Microseconds(Int64(int(500_000))) }
            if malformed && int(50) == 0 { t += 3_600_000_000 }
            if malformed {
                let phase = TouchPhase.allCases[int(5)]
                let x = int(20) == 0 ? Double.nan : coordinate()
                events.append(TouchEvent(time: t, id: int(6), phase: phase, x: x, y: coordinate()))
                continue
            }
            if down.isEmpty || (down.count < 3 && int(3) == 0) {
                let id = (0..<8).first { down[$0] == nil }!
                let p = (coordinate(), coordinate())
                down[id] = p
                events.append(TouchEvent(time: t, id: id, phase: .began, x: p.0, y: p.1))
            } else if int(3) == 0 {
                let id = down.keys.sorted()[int(down.count)]
                let p = down.removeValue(forKey: id)!
                events.append(TouchEvent(time: t, id: id, phase: int(8) == 0 ? .cancelled : .ended, x: p.0, y: p.1))
            } else {
                for id in down.keys.sorted() {
                    let p = (down[id]!.0 + Double(int(31)) - 15, down[id]!.1 + Double(int(31)) - 15)
                    down[id] = p
                    events.append(TouchEvent(time: t, id: id, phase: .moved, x: p.0, y: p.1))
                }
            }
        }
        for id in down.keys.sorted() {
            events.append(TouchEvent(time: t, id: id, phase: .ended, x: down[id]!.0, y: down[id]!.1))
        }
        return events
    }
}
