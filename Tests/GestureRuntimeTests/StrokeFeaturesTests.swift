import Foundation
import GestureCompiler
@testable import GestureRuntime
import Testing

/// Stroke features on paths whose answers are known, degenerate paths, and
/// the engine's use of them at lift.
@Suite struct StrokeFeaturesTests {
    static func measure(_ path: [SIMD2<Double>], cornerAngle: Double = .pi / 3) -> StrokeFeatures? {
        path.withUnsafeBufferPointer { StrokeFeatures.measure($0.baseAddress!, count: $0.count, cornerAngle: cornerAngle) }
    }

    /// `count` points along the polyline through `corners`, evenly by length.
    static func polyline(_ corners: [SIMD2<Double>], count: Int = 200) -> [SIMD2<Double>] {
        var lengths = [0.0]
        for i in 1..<corners.count {
            let d = corners[i] - corners[i - 1]
            lengths.append(lengths.last! + (d.x * d.x + d.y * d.y).squareRoot())
        }
        return (0..<count).map { k in
            let at = lengths.last! * Double(k) / Double(count - 1)
            let i = max(1, min(corners.count - 1, lengths.firstIndex { $0 >= at } ?? corners.count - 1))
            let f = (at - lengths[i - 1]) / max(lengths[i] - lengths[i - 1], 1e-12)
            return corners[i - 1] + (corners[i] - corners[i - 1]) * f
        }
    }

    @Test func aCounterClockwiseCircleTurnsAboutAFullTurnWithNoCorner() throws {
        // Screen y down: decreasing y with increasing angle is counter-clockwise as seen.
        let circle = (0...200).map { k -> SIMD2<Double> in
            let a = 2 * Double.pi * Double(k) / 200
            return [100 + 50 * cos(a), 100 - 50 * sin(a)]
        }
        let f = try #require(Self.measure(circle))
        // The hooks (6 of 62 turns) are left out: 56/63 of a full turn.
        #expect(abs(f.turning - 2 * .pi * 56 / 63) < 0.05, "\(f.turning)")
        #expect(f.corners == 0)
        #expect(f.closure < 0.01 && f.straightness < 0.01)
        #expect(abs(f.aspect - 1) < 0.01)
        let clockwise = try #require(Self.measure(circle.map { [$0.x, 200 - $0.y] }))
        #expect(abs(clockwise.turning + f.turning) < 1e-9)
    }

    @Test func aSquareHasThreeCornersAndAnLHasOneAtItsJoint() throws {
        let square = try #require(Self.measure(Self.polyline([[0, 0], [0, 100], [100, 100], [100, 0], [0, 0]])))
        #expect(square.corners == 3)  // the fourth is where it starts and ends
        #expect(abs(abs(square.turning) - 1.5 * .pi) < 0.1, "\(square.turning)")
        let l = try #require(Self.measure(Self.polyline([[0, 0], [0, 30], [90, 30]])))
        #expect(l.corners == 1)
        #expect(abs(l.firstLeg - 0.25) < 0.03, "\(l.firstLeg)")
        // A sharper corner angle than the turn: no corner.
        #expect(try #require(Self.measure(Self.polyline([[0, 0], [0, 30], [90, 30]]), cornerAngle: 2)).corners == 0)
        #expect(abs(l.aspect - 3) < 1e-9)
    }

    /// A right brace drawn as straight segments: its curls turn clockwise,
    /// and its cusp is entered and left by turns of 53.3deg the other way.
    static let brace: [SIMD2<Double>] = [[0, 0], [30, 10], [35, 60], [60, 75], [35, 90], [30, 140], [0, 150]]

    @Test func aBraceTurnsAgainstItsCurlsAtItsCuspABracketDoesNot() throws {
        let brace = try #require(Self.measure(Self.polyline(Self.brace)))
        #expect(brace.turning < 0)
        let cuspTurn = atan2(50.0, 5) - atan2(15.0, 25)  // from -84.3deg to -31.0deg
        #expect(abs(brace.counterTurn - cuspTurn) < 0.02, "\(brace.counterTurn)")
        // A bracket whose end flicks back: the flick is in the last eighth, so it does not count.
        let bracket = try #require(Self.measure(Self.polyline([[0, 0], [50, 0], [50, 150], [0, 150], [8, 140]])))
        #expect(bracket.counterTurn < 0.01, "\(bracket.counterTurn)")
        // The same flick in the middle of a stroke does.
        let flick = try #require(Self.measure(Self.polyline([[0, 0], [50, 0], [50, 75], [58, 65], [58, 150]])))
        #expect(flick.counterTurn > .pi / 2, "\(flick.counterTurn)")
        // Mirrored, a left brace: the same counter-turn, against counter-clockwise curls.
        let left = try #require(Self.measure(Self.polyline(Self.brace.map { [-$0.x, $0.y] })))
        #expect(left.turning > 0 && abs(left.counterTurn - brace.counterTurn) < 1e-9)
    }

    /// A right bracket whose pen flicks back just after its first corner.
    static let wobblyBracket: [SIMD2<Double>] = [[0, 0], [60, 0], [60, 40], [68, 30], [68, 150], [0, 150]]

    /// The counter-turn within a span of the path: the wobble at a third of
    /// the bracket's path is left out by the middle span, the brace's cusp
    /// at its middle is not.
    @Test func aCounterSpanLeavesOutAWobbleAtACornerButNotABracesCusp() throws {
        func counterTurns(_ corners: [SIMD2<Double>]) throws -> (whole: Double, middle: Double) {
            var turns = [Double](repeating: .nan, count: StrokeFeatures.points)
            let path = Self.polyline(corners)
            let f = try #require(turns.withUnsafeMutableBufferPointer { out in
                path.withUnsafeBufferPointer { StrokeFeatures.measure($0.baseAddress!, count: $0.count, cornerAngle: .pi / 3,
                                                                      keepingTurnsIn: out.baseAddress!) }
            })
            #expect(!turns.contains { $0.isNaN })
            // The default span gives what `measure` gave.
            #expect(StrokeFeatures.counterTurn(turns, turning: f.turning, span: StrokeFeatures.defaultCounterSpan) == f.counterTurn)
            return (f.counterTurn, StrokeFeatures.counterTurn(turns, turning: f.turning, span: [0.31, 0.69]))
        }
        let bracket = try counterTurns(Self.wobblyBracket)
        #expect(bracket.whole > 2.3 && bracket.middle < 0.01, "\(bracket)")
        let brace = try counterTurns(Self.brace)
        #expect(abs(brace.whole - brace.middle) < 1e-12 && brace.middle > 0.9, "\(brace)")
        #expect(StrokeFeatures.counterPoints(StrokeFeatures.defaultCounterSpan) == 8..<56)
        #expect(StrokeFeatures.counterPoints([0.31, 0.69]) == 20..<44)
        // Whatever a table holds, the span stays within the path's points.
        #expect(StrokeFeatures.counterPoints([.nan, .nan]) == 0..<64)
        #expect(StrokeFeatures.counterPoints([-.infinity, .infinity]) == 0..<64)
        #expect(StrokeFeatures.counterPoints([.infinity, -.infinity]) == 63..<63)
        // No window fits: nothing turns back.
        let turns = [Double](repeating: 0.5, count: StrokeFeatures.points)
        #expect(StrokeFeatures.counterTurn(turns, turning: -1, span: [0.5, 0.55]) == 0)
        #expect(StrokeFeatures.counterTurn(turns, turning: -1, span: [0.5, 0.62]) == 4)
    }

    @Test func degeneratePathsNeitherCrashNorDivideByZero() throws {
        #expect(Self.measure([[5, 5]]) == nil)
        #expect(Self.measure(Array(repeating: [5, 5], count: 100)) == nil)  // a dot
        let collinear = (0..<1_000).map { SIMD2(Double($0) * 0.1, Double($0) * 0.2) }
        let line = try #require(Self.measure(collinear))
        #expect(line.corners == 0 && line.turning == 0 && line.counterTurn == 0 && line.firstLeg == 1)
        #expect(abs(line.straightness - 1) < 1e-9 && abs(line.closure - sqrt(5) / 2) < 1e-9)
        let horizontal = try #require(Self.measure([[0, 0], [10, 0]]))
        #expect(horizontal.aspect == .infinity && horizontal.corners == 0)
        // Back and forth on one line: turns of 180deg, finite.
        let zigzag = try #require(Self.measure(Self.polyline([[0, 0], [100, 0], [0, 0], [100, 0]])))
        #expect(zigzag.turning.isFinite && zigzag.corners == 2)
        #expect(Self.measure([[0, 0], [1e300, 1e300], [-1e300, 0]]) == nil)  // its length overflows
    }

    /// Where a path starts and ends in its box: a check starts partway down
    /// it and a v at its top, whatever their width; a side of no extent gives the middle.
    @Test func startAndEndPlacesAreSharesOfTheBox() throws {
        for width in [40.0, 160.0] {
            let check = try #require(Self.measure([[0, 60], [width / 4, 100], [width, 0]]))
            #expect(abs(check.startX) < 1e-9 && abs(check.startY - 0.6) < 1e-9 && abs(check.endX - 1) < 1e-9 && abs(check.endY) < 1e-9)
            let v = try #require(Self.measure([[0, 0], [width / 2, 100], [width, 5]]))
            #expect(abs(v.startY) < 1e-9 && abs(v.endY - 0.05) < 1e-9 && abs(v.endX - 1) < 1e-9)
        }
        let vertical = try #require(Self.measure([[7, 100], [7, 0]]))
        #expect(vertical.startX == 0.5 && vertical.endX == 0.5 && vertical.startY == 1 && vertical.endY == 0)
    }

    @Test func theEngineRejectsAStrokeThatStartsOutsideItsPlace() throws {
        let table = try Self.table("gesture v: stroke { match: any+  startY: 0%...45% }")
        #expect(Self.run(table, [[0, 0], [50, 100], [100, 0]]) == (["recognized"], []))
        // A flat bottom, so that samples reach its lowest line whatever their spacing.
        #expect(Self.run(table, [[0, 60], [20, 100], [30, 100], [100, 0]]) == (["failed"], ["'v' failed: its startY, 60%, is outside 0%...45% (line 1)"]))
    }

    static func table(_ source: String) throws -> GestureTable {
        try TemplateStrokeTests.table(source)
    }

    /// One stroke through `corners` (60 samples, 10 ms apart): its events' states and explanations.
    static func run(_ table: GestureTable, _ corners: [SIMD2<Double>]) -> ([String], [String]) {
        var engine = Engine(table: table)
        engine.explains = true
        for (i, p) in polyline(corners, count: 60).enumerated() {
            engine.feed(TouchEvent(time: Microseconds(Int64(i) * 10_000), id: 1, phase: i == 0 ? .began : i == 59 ? .ended : .moved, x: p.x, y: p.y))
        }
        engine.finish()
        return (engine.events.map { "\($0.state)" }, engine.explanations.map { $0.message(in: table) })
    }

    @Test func theEngineChecksBoundsAtLiftAndExplainsTheMiss() throws {
        let table = try Self.table("""
            gesture l: stroke { match: any+  corners: 1  firstLeg: 0%...40% }
            """)
        func run(_ corners: [SIMD2<Double>]) -> ([String], [String]) { Self.run(table, corners) }
        #expect(run([[0, 0], [0, 60], [180, 60]]).0 == ["recognized"])
        let late = run([[0, 0], [0, 180], [60, 180]])
        #expect(late.0 == ["failed"])
        #expect(late.1 == ["'l' failed: its firstLeg, 74.6%, is outside 0%...40% (line 1)"], "\(late.1)")
        let straight = run([[0, 0], [0, 200]])
        #expect(straight.1 == ["'l' failed: its corners, 0, is outside 1 (line 1)"], "\(straight.1)")
    }

    @Test func aBracketBoundOnCounterTurnRejectsABrace() throws {
        let table = try Self.table("gesture bracket: stroke { match: any+  counterTurn: 0deg...45deg }")
        #expect(Self.run(table, [[0, 0], [50, 0], [50, 150], [0, 150]]) == (["recognized"], []))
        #expect(Self.run(table, Self.brace) == (["failed"], ["'bracket' failed: its counterTurn, 53.3257deg, is outside 0deg...45deg (line 1)"]))
    }

    /// Each gesture measures its own counter-turn span on the shared path.
    @Test func theEngineMeasuresCounterTurnWithinEachGesturesSpan() throws {
        let table = try Self.table("""
            gesture middle: stroke { match: any+  counterTurn: 0deg...50deg  counterSpan: 31%...69% }
            gesture whole: stroke { match: any+  counterTurn: 0deg...50deg }
            middle with whole
            """)
        let (states, explanations) = Self.run(table, Self.wobblyBracket)
        #expect(states == ["recognized", "failed"], "\(states)")
        #expect(explanations.count == 1 && explanations[0].hasPrefix("'whole' failed: its counterTurn, 127.8"), "\(explanations)")
        let brace = Self.run(table, Self.brace)
        #expect(brace.0 == ["failed", "failed"] && brace.1.allSatisfy { $0.contains("its counterTurn, 53.3257deg") }, "\(brace)")
    }

    /// Gestures on one touch share one measurement of the lifted path only
    /// where their paths and corner angles agree: each gesture's verdict in a
    /// set is the one it reaches alone. The bounds are impossible, so every
    /// explanation states the value measured.
    @Test func gesturesSharingATouchMeasureWhatEachWouldAlone() throws {
        let gestures = [
            "gesture sharp: stroke { match: any+  corners: 12  cornerAngle: 60deg }",
            "gesture blunt: stroke { match: any+  corners: 12  cornerAngle: 120deg }",
            "gesture same: stroke { match: any+  corners: 12  cornerAngle: 60deg }",
            "gesture smooth: stroke { match: any+  smoothing: 90%  straightness: 0%...1% }",
            "gesture raw: stroke { match: any+  straightness: 0%...1% }",
        ]
        func explanations(_ source: String) throws -> [String] {
            let table = try Self.table(source)
            var engine = Engine(table: table)
            engine.explains = true
            // A U of two right-angle corners, then a stroke with a sharp zig-zag.
            let shapes: [[SIMD2<Double>]] = [[[0, 0], [0, 90], [90, 90], [90, 0]], [[0, 0], [60, 80], [0, 160], [120, 170]]]
            for (k, shape) in shapes.enumerated() {
                let t0 = Int64(k) * 2_000_000
                for (i, p) in Self.polyline(shape, count: 60).enumerated() {
                    engine.feed(TouchEvent(time: Microseconds(t0 + Int64(i) * 10_000), id: k + 1, phase: i == 0 ? .began : i == 59 ? .ended : .moved,
                                           x: p.x, y: p.y))
                }
            }
            engine.finish()
            return engine.explanations.map { $0.message(in: table).replacingOccurrences(of: #" \(line \d+\)"#, with: "", options: .regularExpression) }
        }
        let together = try explanations(gestures.joined(separator: "\n"))
        var alone: [String] = []
        for g in gestures { alone += try explanations(g) }
        #expect(together.sorted() == alone.sorted(), "\(together)")
        // The corner angles and the smoothing did give different values.
        #expect(together.contains { $0.hasPrefix("'sharp' failed: its corners, 2,") }, "\(together)")
        #expect(together.contains { $0.hasPrefix("'blunt' failed: its corners, 0,") }, "\(together)")
        let straightness = together.filter { $0.contains("straightness") }
        #expect(Set(straightness.map { $0.drop { $0 != "," } }).count == 4, "\(straightness)")
    }
}
