import Foundation
import GestureCompiler
@testable import GestureRuntime
import Testing

/// A template stroke's `hooks`: the end pieces that turn back, left out of
/// what it matches and of its examples' templates; clean paths untouched.
@Suite struct PathHooksTests {
    static func kept(_ path: [SIMD2<Double>], share: Double, points: Double = 0) -> Range<Int> {
        path.withUnsafeBufferPointer { PathHooks.kept($0.baseAddress!, count: $0.count, share: share, points: points) }
    }

    /// A straight stroke right, 100 points over 200 pt, with a hook of
    /// `hook` points at its start: the pen landing down-right of the line's
    /// start and coming back up-left to it (turned back 150 degrees).
    static func hookedLine(hook: Int, step: Double = 1.5) -> [SIMD2<Double>] {
        let back = SIMD2(cos(5 * Double.pi / 6), -sin(5 * Double.pi / 6))
        let landing = (0..<hook).map { k in SIMD2<Double>(0, 0) - back * (step * Double(hook - k)) }
        return landing + (0..<100).map { SIMD2(Double($0) * 2, 0) }
    }

    @Test func aHookWithinTheShareIsDroppedAtItsTip() {
        let path = Self.hookedLine(hook: 4)
        // 6 pt of hook on a path of about 204 pt: within 5%, not within 2%.
        #expect(Self.kept(path, share: 0.05) == 4..<path.count)
        // Within 2% (4 pt), only the part of the hook that lies there: it turns back most at 3 pt.
        #expect(Self.kept(path, share: 0.02) == 2..<path.count)
        #expect(Self.kept(path, share: 0.005) == 0..<path.count)
        #expect(Self.kept(path, share: 0) == 0..<path.count)
        // The same at the end, the path reversed.
        let reversed = Array(path.reversed())
        #expect(Self.kept(reversed, share: 0.05) == 0..<(reversed.count - 4))
    }

    /// `hookLength`: a hook of so many points whatever the stroke's size,
    /// but never more than an eighth of the path.
    @Test func aHookWithinThePointsIsDroppedOnAStrokeOfAnySize() {
        // 6 pt of hook: on a path of about 204 pt, within 7 pt; not within 1 pt (its first point is 1.5 pt along).
        let path = Self.hookedLine(hook: 4)
        #expect(Self.kept(path, share: 0, points: 7) == 4..<path.count)
        #expect(Self.kept(path, share: 0, points: 1) == 0..<path.count)
        // The longer of the two reaches: a share of 5% (10 pt) with 1 point.
        #expect(Self.kept(path, share: 0.05, points: 1) == 4..<path.count)
        // The same hook on a stroke of 66 pt: 3% of it (2 pt) leaves most of the hook, 7 points none.
        let short = Array(Self.hookedLine(hook: 4).prefix(4 + 31))
        #expect(Self.kept(short, share: 0.03).lowerBound < 4)
        #expect(Self.kept(short, share: 0, points: 7) == 4..<short.count)
        // On a smaller stroke the points reach an eighth of the path at most:
        // the hook then 30 pt of line (36 pt in all, an eighth 4.5 pt) keeps a part of it.
        let shorter = Array(Self.hookedLine(hook: 4).prefix(4 + 16))
        #expect(Self.kept(shorter, share: 0, points: 7).lowerBound < 4)
        // The same at the end, the path reversed.
        let reversed = Array(path.reversed())
        #expect(Self.kept(reversed, share: 0, points: 7) == 0..<(reversed.count - 4))
    }

    @Test func aCleanPathOrATurnThatGoesOnIsKeptWhole() {
        let line = (0..<100).map { SIMD2(Double($0) * 2, 0) }
        #expect(Self.kept(line, share: 0.5) == 0..<100)
        #expect(Self.kept(line, share: 0, points: 100) == 0..<100)
        // An L: its corner turns 90 degrees, not back.
        let ell = (0..<50).map { SIMD2(0, Double($0) * 2) } + (1..<50).map { SIMD2(Double($0) * 2, 98) }
        #expect(Self.kept(ell, share: 0.5) == 0..<ell.count)
        #expect(Self.kept(ell, share: 0, points: 100) == 0..<ell.count)
        // Degenerate paths: no length, two points, an infinite length.
        #expect(Self.kept(Array(repeating: [5, 5], count: 10), share: 0.1) == 0..<10)
        #expect(Self.kept([[0, 0], [1, 0]], share: 0.5) == 0..<2)
        #expect(Self.kept([[0, 0], [1e308, 0], [-1e308, 0]], share: 0.5) == 0..<3)
    }

    /// The closest template's score of a stroke drawn along `path` (minScore
    /// 1 makes every stroke fail and say it).
    static func score(_ hooks: String, _ path: [SIMD2<Double>]) throws -> Double {
        let table = try TemplateStrokeTests.table("gesture circle: stroke { examples: circle  minScore: 1\(hooks) }")
        let reasons = TemplateStrokeTests.run(table, path).1
        let text = try #require(reasons.first { $0.contains("scored ") }, "\(reasons)")
        let number = text.split(separator: "scored ")[1].prefix { $0 != "," }
        return try #require(Double(number))
    }

    @Test func aTemplateStrokeMatchesWithoutItsHooksAndKeepsCleanTemplates() throws {
        let circle = TemplateStrokeTests.shape(TemplateStrokeTests.circle, n: 60)
        // A hook at the start: landing outside the circle and coming back to it.
        // The pen moves 150 degrees from the way the circle leaves its start, 10 pt, then draws the circle.
        let start = circle[0], d = circle[1] - circle[0], w = d / (d * d).sum().squareRoot()
        let hook = SIMD2(w.x * -0.866 - w.y * 0.5, w.x * 0.5 + w.y * -0.866)
        let hooked = (1...3).reversed().map { start - hook * (10 * Double($0) / 3) } + circle
        let without = try Self.score("", hooked), with = try Self.score("  hooks: 5%", hooked)
        #expect(with > without + 0.01, "\(without) -> \(with)")
        // A circle with no hook matches the same either way, and the clean examples make the same templates.
        #expect(try Self.score("", circle) == Self.score("  hooks: 5%", circle))
        let plain = try TemplateStrokeTests.table("gesture circle: stroke { examples: circle }")
        let hooks = try TemplateStrokeTests.table("gesture circle: stroke { examples: circle  hooks: 5% }")
        #expect(plain.templatePoints == hooks.templatePoints)
        // A table from before `strokeTemplateHooks` (the flag clear) matches the stroke whole, as it did.
        #expect(hooks.gestures[0].strokeFlags & GestureRecord.strokeTemplateHooks != 0)
        #expect(plain.gestures[0].strokeFlags & GestureRecord.strokeTemplateHooks == 0)
        // `hookLength` alone does the same for a hook of 10 points, and sets the flag.
        #expect(try Self.score("  hookLength: 12pt", hooked) == Self.score("  hooks: 5%", hooked))
        let points = try TemplateStrokeTests.table("gesture circle: stroke { examples: circle  hookLength: 12pt }")
        #expect(points.gestures[0].strokeFlags & GestureRecord.strokeTemplateHooks != 0 && points.gestures[0].hookLength == 12)
        var older = try TemplateStrokeTests.table("gesture circle: stroke { examples: circle  minScore: 1  hooks: 5% }")
        older.gestures[0].strokeFlags &= ~GestureRecord.strokeTemplateHooks
        let olderReasons = TemplateStrokeTests.run(older, hooked).1
        #expect(olderReasons.contains { $0.contains(String(format: "scored %.3f", without)) }, "\(olderReasons)")
    }
}
