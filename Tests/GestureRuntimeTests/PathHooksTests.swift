import Foundation
import GestureCompiler
@testable import GestureRuntime
import Testing

/// A template stroke's `hooks`: the end pieces that turn back, left out of
/// what it matches and of its examples' templates; clean paths untouched.
@Suite struct PathHooksTests {
    static func kept(_ path: [SIMD2<Double>], share: Double) -> Range<Int> {
        path.withUnsafeBufferPointer { PathHooks.kept($0.baseAddress!, count: $0.count, share: share) }
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

    @Test func aCleanPathOrATurnThatGoesOnIsKeptWhole() {
        let line = (0..<100).map { SIMD2(Double($0) * 2, 0) }
        #expect(Self.kept(line, share: 0.5) == 0..<100)
        // An L: its corner turns 90 degrees, not back.
        let ell = (0..<50).map { SIMD2(0, Double($0) * 2) } + (1..<50).map { SIMD2(Double($0) * 2, 98) }
        #expect(Self.kept(ell, share: 0.5) == 0..<ell.count)
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
        var older = try TemplateStrokeTests.table("gesture circle: stroke { examples: circle  minScore: 1  hooks: 5% }")
        older.gestures[0].strokeFlags &= ~GestureRecord.strokeTemplateHooks
        let olderReasons = TemplateStrokeTests.run(older, hooked).1
        #expect(olderReasons.contains { $0.contains(String(format: "scored %.3f", without)) }, "\(olderReasons)")
    }
}
