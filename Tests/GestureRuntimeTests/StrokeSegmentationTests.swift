import Foundation
import GSpecFuzz
import GestureCompiler
import GestureRuntime
import Testing

/// Each segmentation rule beyond v1, on synthetic strokes built to need it,
/// and the tickle's promised properties at every sampling rate.
@Suite struct StrokeSegmentationTests {
    static func table(_ text: String) throws -> GestureTable {
        let output = Compiler.compile(SourceFile(path: "test.gesture", bytes: Array(text.utf8)))
        return try #require(output.table, "\(output.diagnostics)")
    }

    /// A one-finger path through `points`, a sample every `dt` seconds (or at
    /// the given times), ended at the last point.
    static func stroke(_ points: [(Double, Double)], dt: Double = 1.0 / 60, times: [Double]? = nil) -> [TouchEvent] {
        points.enumerated().map { i, p in
            let t = times?[i] ?? Double(i) * dt
            let phase: TouchPhase = i == 0 ? .began : i == points.count - 1 ? .ended : .moved
            return TouchEvent(time: Microseconds(seconds: t), id: 1, phase: phase, x: p.0, y: p.1)
        }
    }

    /// Points every `step` pt along straight legs, from (0, 0).
    static func polyline(_ legs: [(dx: Double, dy: Double)], step: Double = 2) -> [(Double, Double)] {
        var out = [(0.0, 0.0)]
        var (x, y) = (0.0, 0.0)
        for leg in legs {
            let n = max(1, Int((leg.dx * leg.dx + leg.dy * leg.dy).squareRoot() / step))
            for i in 1...n {
                out.append((x + leg.dx * Double(i) / Double(n), y + leg.dy * Double(i) / Double(n)))
            }
            (x, y) = (x + leg.dx, y + leg.dy)
        }
        return out
    }

    static func recognized(_ table: GestureTable, _ events: [TouchEvent]) -> [String] {
        var engine = Engine(table: table)
        for e in events { engine.feed(e) }
        engine.finish()
        return engine.events.filter { $0.state == .recognized }.map { table.name(of: $0.gesture) }
    }

    @Test func hysteresisKeepsAWobblingLineOneSegment() throws {
        // Steps alternate between 18° and 27° above the x axis, either side of the 22.5° sector edge.
        var legs: [(dx: Double, dy: Double)] = []
        for i in 0..<20 {
            let a = (i % 2 == 0 ? 18.0 : 27.0) * .pi / 180
            legs.append((6 * cos(a), -6 * sin(a)))
        }
        let events = Self.stroke(Self.polyline(legs, step: 6))
        let v1 = try Self.table("gesture line: stroke { segment: 6pt  resample: true  match: right }")
        let robust = try Self.table("gesture line: stroke { segment: 6pt  resample: true  hysteresis: 10deg  match: right }")
        #expect(Self.recognized(v1, events).isEmpty)
        #expect(Self.recognized(robust, events) == ["line"])
    }

    @Test func smoothingDampsJitter() throws {
        // A line to the right whose samples jump 3pt above and below it in turn.
        let points: [(Double, Double)] = (0...60).map { i in
            let y: Double = i == 0 ? 0 : i % 2 == 0 ? 3 : -3
            return (Double(i) * 2, y)
        }
        let events = Self.stroke(points)
        let raw = try Self.table("gesture line: stroke { segment: 4pt  resample: true  match: right }")
        let smooth = try Self.table("gesture line: stroke { segment: 4pt  resample: true  smoothing: 80%  match: right }")
        #expect(Self.recognized(raw, events).isEmpty)
        #expect(Self.recognized(smooth, events) == ["line"])
    }

    @Test func resampledStepsHardlyDependOnTheSamplingRate() throws {
        // A curved stroke: right, bending through down-right, down.
        var points: [(Double, Double)] = []
        for i in 0...200 {
            let a = Double(i) / 200 * (.pi / 2)
            points.append((80 * sin(a), 80 - 80 * cos(a)))
        }
        let spec = "gesture bend: stroke { segment: 8pt  resample: true  hysteresis: 10deg  match: right down-right? down }"
        let table = try Self.table(spec)
        var rng = SplitMix64(seed: 3)
        for hz in [30.0, 60, 120, 240] {
            let stride = max(1, Int(200 / (hz * 0.5)))  // the curve takes half a second
            let sampled = Swift.stride(from: 0, through: 200, by: stride).map { points[$0] } + [points[200]]
            #expect(Self.recognized(table, Self.stroke(sampled, dt: 1 / hz)) == ["bend"], "\(hz) Hz")
        }
        // Irregular sampling: points skipped at random.
        var irregular = [points[0]]
        var i = 0
        while i < 200 {
            i = min(200, i + 1 + Int(rng.next() % 12))
            irregular.append(points[i])
        }
        #expect(Self.recognized(table, Self.stroke(irregular)) == ["bend"])
    }

    @Test func aRelativeSegmentScalesWithTheStroke() throws {
        let relative = try Self.table("gesture ell: stroke { segment: 10%  match: right up }")
        let absolute = try Self.table("gesture ell: stroke { segment: 20pt  match: right up }")
        for size in [15.0, 300] {
            let events = Self.stroke(Self.polyline([(size, 0), (0, -size)], step: size / 40))
            #expect(Self.recognized(relative, events) == ["ell"], "size \(size)")
        }
        // An absolute 20pt step sees a 15pt L as one step up and to the right.
        #expect(Self.recognized(absolute, Self.stroke(Self.polyline([(15, 0), (0, -15)], step: 0.375))).isEmpty)
        #expect(Self.recognized(absolute, Self.stroke(Self.polyline([(300, 0), (0, -300)], step: 7.5))) == ["ell"])
    }

    @Test func shortInnerSegmentsAreDroppedAtLift() throws {
        let wiggle = Self.stroke(Self.polyline([(50, 0), (0, 6), (50, 0)]))
        let v1 = try Self.table("gesture flat: stroke { segment: 3pt  resample: true  match: right }")
        let robust = try Self.table("gesture flat: stroke { segment: 3pt  resample: true  minSegment: 10%  match: right }")
        #expect(Self.recognized(v1, wiggle).isEmpty)
        #expect(Self.recognized(robust, wiggle) == ["flat"])
    }

    @Test func hooksAtEitherEndAreDroppedAtLift() throws {
        let hooked = Self.stroke(Self.polyline([(0, -6), (100, 0), (0, 6)]))
        let v1 = try Self.table("gesture flat: stroke { segment: 3pt  resample: true  match: right }")
        let robust = try Self.table("gesture flat: stroke { segment: 3pt  resample: true  hooks: 10%  match: right }")
        #expect(Self.recognized(v1, hooked).isEmpty)
        #expect(Self.recognized(robust, hooked) == ["flat"])
    }

    @Test func aStrokeWithMoreSegmentsThanItsStorageStillDecides() throws {
        // 60 rubs of 20pt: more segments than the 32 a stroke decided at lift keeps.
        let legs = (0..<60).map { i in (dx: i % 2 == 0 ? 20.0 : -20.0, dy: 0.0) }
        let events = Self.stroke(Self.polyline(legs))
        let table = try Self.table("gesture rub: stroke { segment: 4pt  minSegment: 1%  match: (right left)+ right? }")
        #expect(Self.recognized(table, events) == ["rub"])
    }

    @Test func theChordTellsACheckFromAV() throws {
        let table = try Self.table("gesture check: stroke { segment: 5pt  match: down-right up-right  chord: up-right }")
        let check = Self.stroke(Self.polyline([(20, 20), (60, -60)]))
        let vee = Self.stroke(Self.polyline([(40, 40), (40, -40)]))
        #expect(Self.recognized(table, check) == ["check"])
        #expect(Self.recognized(table, vee).isEmpty)
    }

    @Test func aChordMayBeARangeOfAngles() throws {
        let table = try Self.table("gesture check: stroke { segment: 5pt  match: down-right up-right  chord: 20deg...70deg }")
        // Ends 30° above level: a check. Ends 10° above: too level.
        let check = Self.stroke(Self.polyline([(20, 20), (60, -20 - 60 * tan(30 * .pi / 180) - 20 * tan(30 * .pi / 180))]))
        let flat = Self.stroke(Self.polyline([(20, 20), (60, -20 - 80 * tan(10 * .pi / 180))]))
        #expect(Self.recognized(table, check) == ["check"])
        #expect(Self.recognized(table, flat).isEmpty)
    }

    @Test func v1IsTheDefault() throws {
        // The same spec with every new parameter at its default builds the same table.
        let plain = try Self.table("gesture s: stroke { segment: 12pt  match: down-right up-right }")
        let spelled = try Self.table("""
            gesture s: stroke { segment: 12pt  resample: false  hysteresis: 0deg  minSegment: 0%  hooks: 0%
                                smoothing: 0%  chord: any  match: down-right up-right }
            """)
        #expect(plain == spelled)
    }

    // MARK: The tickle (seed 001), at every sampling rate

    static let tickle = RuntimePaths.packageRoot.appendingPathComponent("specs/simultaneous-transform.gesture")

    /// `strokes` alternating rubs of `length` pt along x (or y), sampled at `hz`.
    static func rubbing(_ strokes: Int, length: Double = 40, vertical: Bool = false, hz: Double) -> [TouchEvent] {
        var legs: [(dx: Double, dy: Double)] = []
        for i in 0..<strokes {
            let d = i % 2 == 0 ? length : -length
            legs.append(vertical ? (0, d) : (d, 0))
        }
        // 0.12 s per rub, whatever the rate.
        let perLeg = max(1, Int(0.12 * hz))
        let points = polyline(legs, step: length / Double(perLeg))
        return stroke(points.map { ($0.0 + 100, $0.1 + 200) }, dt: 1 / hz)
    }

    @Test(arguments: [30.0, 60, 90, 120, 240])
    func tickleFiresOnTheThirdRubAtAnyRate(_ hz: Double) throws {
        let table = try RuntimePaths.compile(Self.tickle)
        let tickle = try #require(table.gestureIDs.first { table.name(of: $0) == "tickle" })
        // The set's gestures are on its two images: rub the snake.
        let snake = try #require(table.view(named: "snake"))
        func firedAt(_ events: [TouchEvent]) -> Microseconds? {
            var engine = Engine(table: table)
            for var e in events {
                e.view = snake
                engine.feed(e)
            }
            engine.finish()
            return engine.events.first { $0.gesture == tickle && $0.state == .recognized }?.time
        }
        #expect(firedAt(Self.rubbing(2, hz: hz)) == nil, "two rubs are not a tickle")
        #expect(firedAt(Self.rubbing(6, vertical: true, hz: hz)) == nil, "vertical rubbing is not a tickle")
        let three = Self.rubbing(3, hz: hz)
        let time = try #require(firedAt(three), "three rubs at \(hz) Hz")
        // During the third rub, while the finger is still down: after the second rub's turn.
        let turn = three[2 * max(1, Int(0.12 * hz))].time
        #expect(time > turn && time < three.last!.time)
        #expect(firedAt(Self.rubbing(5, hz: hz)) == firedAt(three), "it fires once, on the third")
    }
}
