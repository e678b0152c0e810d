import GestureRuntime
import Testing
@testable import GestureCompiler

/// `gspec check --releases` and `anchor-never-chosen` (v5): the regions
/// against values worked out by hand from the rule's definition, and against
/// the engine's decision on releases sampled across them.
@Suite struct ReleaseRegionsTests {
    typealias Piece = ReleaseRegions.Piece

    @Test func aSheetsSlowReleasesGoOnPastHalfWay() throws {
        let settle = Settle(flingVelocity: 400, lower: 0, upper: 640, anchors: [0, 320, 640])
        let regions = try #require(ReleaseRegions(settle, kind: .pan))
        // From 0 (up to its neighbour, 320): back below 160, else on to 320; from 320, half of the way each side.
        #expect(regions.slow[0].pieces == [Piece(lower: 0, upper: 160, anchor: 0), Piece(lower: 160, upper: 320, anchor: 1)])
        #expect(regions.slow[1].pieces == [Piece(lower: 0, upper: 160, anchor: 0), Piece(lower: 160, upper: 480, anchor: 1),
                                           Piece(lower: 480, upper: 640, anchor: 2)])
        // Sequential flings: the next anchor in the fling's direction.
        #expect(regions.flingUp == [Piece(lower: 0, upper: 320, anchor: 1), Piece(lower: 320, upper: 640, anchor: 2)])
        #expect(regions.flingDown == [Piece(lower: 0, upper: 320, anchor: 0), Piece(lower: 320, upper: 640, anchor: 1)])
        #expect(regions.unreached.isEmpty)
    }

    /// The share is measured from the anchor the value last passed: between
    /// neighbours, however far apart (a drag from 0 past 100 has passed 100).
    @Test func theShareIsBetweenNeighbours() throws {
        let settle = Settle(flingVelocity: 400, lower: 0, upper: 1000, anchors: [0, 100, 1000])
        let regions = try #require(ReleaseRegions(settle, kind: .pan))
        #expect(regions.slow[0].pieces == [Piece(lower: 0, upper: 50, anchor: 0), Piece(lower: 50, upper: 100, anchor: 1)])
        #expect(regions.slow[1].pieces == [Piece(lower: 0, upper: 50, anchor: 0), Piece(lower: 50, upper: 550, anchor: 1),
                                           Piece(lower: 550, upper: 1000, anchor: 2)])
        let text = regions.render(name: "sheet", kind: .pan, line: 3, path: "t.gesture")
        #expect(text.contains("having last passed 100pt: 0pt...50pt rests at 0pt; 50pt...550pt rests at 100pt; 550pt...1000pt rests at 1000pt\n"), "\(text)")
    }

    /// Every piece, sampled inside, is what the engine decides there; and each
    /// not-sequential fling speed range rests where the engine sends it.
    @Test func thePiecesAreTheEnginesDecisions() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let n = Int.random(in: 2...6, using: &random)
            let anchors = (0..<n).map { _ in Double(Int.random(in: 0...2000, using: &random)) }
            guard Set(anchors).count == n else { continue }
            let settle = Settle(model: [.ios, .android, .iosFast].randomElement(using: &random)!, flingVelocity: Double.random(in: 50...2000, using: &random),
                                positional: Double.random(in: 0...1, using: &random), sequential: Bool.random(using: &random),
                                lower: -100, upper: 2100, anchors: anchors.sorted())
            let regions = try #require(ReleaseRegions(settle, kind: .pan))
            for (f, pieces) in regions.slow {
                for p in pieces where p.upper - p.lower > 1e-6 {
                    let x = p.lower + (p.upper - p.lower) * Double.random(in: 0.01...0.99, using: &random)
                    #expect(settle.decide(position: x, from: f, velocity: 0).anchor == p.anchor, "\(settle) from \(f) at \(x)")
                }
            }
            for (f, up, down) in regions.flingsFrom {
                for (speeds, sign) in [(up, 1.0), (down, -1.0)] {
                    for s in speeds where s.upper - s.lower > 1e-3 {
                        let v = s.upper.isFinite ? s.lower + (s.upper - s.lower) * 0.5 : s.lower * 1.5
                        #expect(settle.decide(position: settle.value(of: f), from: f, velocity: sign * v).anchor == s.anchor)
                    }
                }
            }
        }
    }

    @Test func anAnchorNoReleaseRestsAtIsAnError() {
        // Slow releases never go on (positional 100%) and a fling projects 499pt or more: 50pt is never chosen.
        let front = Frontend.check(SourceFile(path: "t.gesture", text: """
            gesture sheet: pan {
                axis: vertical
                settle { anchors: 0pt, 50pt, 400pt  bounds: 0pt...400pt  positional: 100%  flingVelocity: 1000pt/s  sequential: false }
            }
            """))
        #expect(!front.diagnostics.hasErrors)
        let report = Analyzer.analyze(front.gestureSet, source: front.source, everything: false)
        let found = report.diagnostics.filter { $0.kind == .anchorNeverChosen }
        #expect(found.count == 1 && found.first?.message.contains("rests at 50pt") == true, "\(report.diagnostics.map(\.message))")
        // Slow releases that go on reach it.
        let fixed = Frontend.check(SourceFile(path: "t.gesture", text: """
            gesture sheet: pan {
                axis: vertical
                settle { anchors: 0pt, 50pt, 400pt  bounds: 0pt...400pt  positional: 50%  flingVelocity: 1000pt/s  sequential: false }
            }
            """))
        #expect(Analyzer.analyze(fixed.gestureSet, source: fixed.source, everything: false).diagnostics.allSatisfy { $0.kind != .anchorNeverChosen })
    }
}
