import Foundation
import GestureCompiler
import GestureRuntime
import Testing

/// Transforms over every finger down (v5 `touches: N...M`, `fingers`;
/// docs/semantics.md, "Any number of fingers"): on random streams whose
/// finger count goes 1, 2, 3, 2, 1, the engine's translation, scale and
/// rotation equal a reference written here from the rule (Jetpack Compose's
/// weighted rotation among it), so a finger landing or lifting moves no value;
/// and each `fingers` policy does what it says.
@Suite struct EveryFingerTests {
    static func table(_ spec: String) -> GestureTable {
        Compiler.compile(SourceFile(path: "fingers.gesture", text: spec)).table!
    }

    static let transforms = table("""
        gesture move: pan { touches: 1...5  fingers: continue  threshold: 0pt }
        gesture zoom: pinch { touches: 2...5  threshold: 0 }
        gesture turn: rotation { touches: 2...  threshold: 0deg }
        move with zoom
        move with turn
        zoom with turn
        """)

    /// SplitMix64: the same streams on every machine.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// One frame: the samples of one time.
    typealias Frame = [(id: Int64, phase: TouchPhase, p: SIMD2<Double>)]

    /// Fingers land one at a time up to three, then lift one at a time, with
    /// frames of moves between; a landing or lift frame moves nothing else,
    /// except that now and then the fingers already down move in a landing's frame.
    static func stream(_ random: inout Random) -> [Frame] {
        var down: [Int64: SIMD2<Double>] = [:]
        var frames: [Frame] = []
        var nextID: Int64 = 1
        func moves(_ random: inout Random) {
            for _ in 0..<(1 + random.below(5)) {
                var frame: Frame = []
                for id in down.keys.sorted() {
                    let p = down[id]! + SIMD2(random.uniform(-8, 8), random.uniform(-8, 8))
                    down[id] = p
                    frame.append((id, .moved, p))
                }
                frames.append(frame)
            }
        }
        for step in 0..<5 {
            if step < 3 {
                var frame: Frame = []
                if !down.isEmpty && random.below(3) == 0 {
                    for id in down.keys.sorted() {
                        let p = down[id]! + SIMD2(random.uniform(-5, 5), random.uniform(-5, 5))
                        down[id] = p
                        frame.append((id, .moved, p))
                    }
                }
                let p = SIMD2(random.uniform(50, 350), random.uniform(50, 550))
                down[nextID] = p
                frame.append((nextID, .began, p))
                nextID += 1
                frames.append(frame)
            } else {
                let ids = down.keys.sorted()
                let id = ids[random.below(ids.count)]
                frames.append([(id, .ended, down[id]!)])
                down[id] = nil
            }
            moves(&random)
        }
        let last = down.keys.sorted()
        frames.append(last.map { ($0, .ended, down[$0]!) })
        return frames
    }

    /// The values the rule gives after each frame: the fingers measured are
    /// those down at the end of the frame before (a lift's sample counts).
    struct Reference {
        var translation = SIMD2<Double>(0, 0), scale = 1.0, rotation = 0.0
        var fingers = 0

        static func centroid(_ ps: [SIMD2<Double>]) -> SIMD2<Double> { ps.reduce(SIMD2(0, 0), +) / Double(ps.count) }
        static func length(_ v: SIMD2<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }

        mutating func step(before: [SIMD2<Double>], after: [SIMD2<Double>]) {
            fingers = before.count
            guard !before.isEmpty else { return }
            let (c0, c1) = (Self.centroid(before), Self.centroid(after))
            translation += c1 - c0
            guard before.count >= 2 else { return }
            let span0 = before.map { Self.length($0 - c0) }.reduce(0, +) / Double(before.count)
            let span1 = after.map { Self.length($0 - c1) }.reduce(0, +) / Double(after.count)
            if span0 > 0 { scale *= span1 / span0 }
            // Compose's calculateRotation, in radians.
            var (sum, weights) = (0.0, 0.0)
            for (p0, p1) in zip(before, after) {
                let (o0, o1) = (p0 - c0, p1 - c1)
                var turn = atan2(o1.y, o1.x) - atan2(o0.y, o0.x)
                if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
                let weight = Self.length(o1 + o0) / 2
                sum += turn * weight
                weights += weight
            }
            if weights > 0 { rotation += sum / weights }
        }
    }

    @Test func tenThousandStreamsOfOneTwoThreeTwoOneFingers() {
        var random = Random(state: 0x5EED_F1A6)
        var compared = 0, countOnlyFrames = 0
        for stream in 0..<10_000 {
            let frames = Self.stream(&random)
            var engine = Engine(table: Self.transforms)
            var positions: [Int64: SIMD2<Double>] = [:]
            var reference = Reference()
            var last: [Int: GestureEvent] = [:]
            for (k, frame) in frames.enumerated() {
                let t = Microseconds(Int64(k) * 8_000)
                let measured = positions.keys.sorted()  // down at the end of the frame before
                let before = measured.map { positions[$0]! }
                for s in frame {
                    engine.feed(TouchEvent(time: t, id: s.id, phase: s.phase, x: s.p.x, y: s.p.y))
                    positions[s.id] = s.p
                }
                let after = measured.map { positions[$0]! }
                reference.step(before: before, after: after)
                for s in frame where s.phase == .ended { positions[s.id] = nil }
                engine.endFrame()
                let moved = zip(before, after).contains { $0 != $1 }
                if !moved { countOnlyFrames += 1 }
                for e in Self.take(&engine) where e.state == .began || e.state == .changed || e.state == .ended {
                    let g = e.gesture.rawValue
                    if !moved, let previous = last[g] {
                        // Only the count changed: no value moves.
                        #expect(e.value0 == previous.value0 && e.value1 == previous.value1, "stream \(stream) frame \(k)")
                    }
                    last[g] = e
                    compared += 1
                    switch g {
                    case 0:
                        #expect(abs(e.value0 - reference.translation.x) < 1e-9 && abs(e.value1 - reference.translation.y) < 1e-9,
                                "stream \(stream) frame \(k): translation \(e.value0), \(e.value1) against \(reference.translation)")
                    case 1:
                        #expect(abs(e.value0 - reference.scale) < 1e-9 * max(1, reference.scale), "stream \(stream) frame \(k): scale \(e.value0) against \(reference.scale)")
                    default:
                        #expect(abs(e.value0 - reference.rotation) < 1e-9, "stream \(stream) frame \(k): rotation \(e.value0) against \(reference.rotation)")
                    }
                    if e.state != .ended { #expect(e.fingers == reference.fingers, "stream \(stream) frame \(k)") }
                }
            }
            engine.finish()
            // Every finger lifted: each transform that began has ended, none is stuck.
            let states = Self.take(&engine).map(\.state)
            #expect(!states.contains(.changed), "stream \(stream)")
        }
        #expect(compared > 100_000 && countOnlyFrames > 20_000, "\(compared) events, \(countOnlyFrames) count-only frames")
    }

    /// One finger's path as a trace's samples: (t ms, id, phase, x, y).
    static func run(_ table: GestureTable, _ samples: [(Int64, Int64, TouchPhase, Double, Double)]) -> [GestureEvent] {
        var engine = Engine(table: table)
        for (t, id, phase, x, y) in samples { engine.feed(TouchEvent(time: Microseconds(t * 1000), id: id, phase: phase, x: x, y: y)) }
        engine.finish()
        return take(&engine).filter { $0.state != .failed }
    }

    static func take(_ engine: inout Engine) -> [GestureEvent] {
        defer { engine.removeAllEvents() }
        return engine.events
    }

    /// One finger drags 30pt, a second lands, both drag 20pt more, the first lifts.
    static let twoFingerDrag: [(Int64, Int64, TouchPhase, Double, Double)] = [
        (0, 1, .began, 100, 100), (10, 1, .moved, 115, 100), (20, 1, .moved, 130, 100),
        (30, 2, .began, 200, 100),
        (40, 1, .moved, 140, 100), (40, 2, .moved, 210, 100), (50, 1, .moved, 150, 100), (50, 2, .moved, 220, 100),
        (60, 1, .ended, 150, 100), (70, 2, .moved, 230, 100), (80, 2, .ended, 230, 100),
    ]

    @Test func continueGoesOnAcrossEveryChange() {
        let events = Self.run(Self.table("gesture move: pan { fingers: continue  threshold: 5pt }"), Self.twoFingerDrag)
        #expect(events.map(\.state) == [.began, .changed, .changed, .changed, .changed, .ended])
        #expect(events.map(\.value0) == [15, 30, 40, 50, 60, 60])
        #expect(events.map(\.fingers) == [1, 1, 2, 2, 1, 1])
    }

    @Test func endEndsAtTheFirstChange() {
        let events = Self.run(Self.table("gesture move: pan { fingers: end  threshold: 5pt }"), Self.twoFingerDrag)
        #expect(events.map(\.state) == [.began, .changed, .ended])
        #expect(events.map(\.value0) == [15, 30, 30])
        #expect(events.last?.time == Microseconds(30_000))
    }

    @Test func restartBeginsAgainFromZero() {
        let events = Self.run(Self.table("gesture move: pan { fingers: restart  threshold: 5pt }"), Self.twoFingerDrag)
        #expect(events.map(\.state) == [.began, .changed, .ended, .began, .changed, .changed, .ended, .began, .changed, .ended])
        #expect(events.map(\.value0) == [15, 30, 30, 0, 10, 20, 20, 0, 10, 10])
        #expect(events.map(\.fingers) == [1, 1, 1, 2, 2, 2, 2, 1, 1, 1])
    }

    @Test func aPinchGoesOnAfterItsFirstFingerLifts() {
        // The case: spread to 2x, a third lands, the first lifts, the other two spread on.
        let samples: [(Int64, Int64, TouchPhase, Double, Double)] = [
            (0, 1, .began, 100, 100), (0, 2, .began, 200, 100),
            (10, 1, .moved, 50, 100), (10, 2, .moved, 250, 100),
            (20, 3, .began, 150, 300),
            (30, 1, .ended, 50, 100),
            (40, 2, .moved, 300, 100), (40, 3, .moved, 150, 350),
            (50, 2, .ended, 300, 100), (60, 3, .ended, 150, 350),
        ]
        let v1 = Self.run(Self.table("gesture zoom: pinch {}"), samples)
        #expect(v1.map(\.state) == [.began, .ended] && v1.map(\.value0) == [2, 2], "v1: frozen at 2 until both its touches lift")
        let every = Self.run(Self.table("gesture zoom: pinch { touches: 2...5 }"), samples)
        #expect(every.map(\.state) == [.began, .changed, .ended])
        // Measured from fingers 2 and 3 once the first lifted: (250, 100)-(150, 300), then (300, 100)-(150, 350).
        let span0 = (100.0 * 100 + 200 * 200).squareRoot(), span1 = (150.0 * 150 + 250 * 250).squareRoot()
        #expect(abs(every[1].value0 - 2 * span1 / span0) < 1e-12 && every[1].fingers == 2)
        #expect(every[2].time == Microseconds(50_000), "ended at the lift that leaves one finger")
    }

    @Test func aLiftBelowTheMinimumFailsAnUndecidedPinch() {
        var engine = Engine(table: Self.table("gesture zoom: pinch { touches: 3...  threshold: 0.5 }"))
        for (id, x) in [(1, 100.0), (2, 200), (3, 300)] { engine.feed(TouchEvent(time: 0, id: Int64(id), phase: .began, x: x, y: 100)) }
        engine.feed(TouchEvent(time: 10_000, id: 3, phase: .ended, x: 300, y: 100))
        engine.endFrame()
        #expect(Self.take(&engine).map(\.state) == [.failed])
    }

    @Test func craftedFingerBytesAreRefused() throws {
        var t = Self.table("gesture a: tap {}\ngesture z: pinch {}")
        for (g, fingers, touches) in [(0, UInt8(1), UInt8(1)), (1, 9, 2), (1, 0, 3)] {
            var bad = t
            bad.gestures[g].fingers = fingers
            (bad.gestures[g].minTouches, bad.gestures[g].maxTouches) = (touches, touches)
            #expect(throws: TableError.self) { try GestureTable(decoding: TableFormat.encode(bad)) }
        }
        t.gestures[1].fingers = FingerPolicy.restart.rawValue
        (t.gestures[1].minTouches, t.gestures[1].maxTouches) = (3, 0)
        let bytes = TableFormat.encode(t)
        #expect(try TableFormat.encode(GestureTable(decoding: bytes)) == bytes)
    }
}
