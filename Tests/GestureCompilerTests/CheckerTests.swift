import GestureRuntime
import GestureTrace
import Testing
@testable import GestureCompiler

@Suite struct CheckerTests {
    private func check(_ text: String) -> Frontend.Result {
        Frontend.check(SourceFile(path: "t.gesture", text: text))
    }

    @Test func languageReferenceExampleHasNoDiagnostics() throws {
        let url = Paths.packageRoot.appendingPathComponent("grammar/examples/language-reference.gesture")
        let result = Frontend.check(try Paths.source(url))
        #expect(result.diagnostics.isEmpty)
        #expect(result.gestureSet.gestures.count == 10)
        #expect(result.gestureSet.rules.count == 11)
        #expect(Analyzer.analyze(result.gestureSet, source: result.source).diagnostics.isEmpty, "the example settles its conflicts")
    }

    @Test func defaultsFollowTheLanguageTable() {
        let result = check("""
            gesture t: tap {}
            gesture l: longPress {}
            gesture w: swipe {}
            gesture p: pan {}
            gesture z: pinch {}
            gesture r: rotation {}
            gesture s: stroke { match: right }
            """)
        #expect(result.diagnostics.isEmpty)
        let g = result.gestureSet.gestures
        #expect(g[0].taps == 1 && g[0].maxInterval == 300_000 && g[0].maxDuration == 500_000)
        #expect(g[0].slop == 10 && g[0].tapDistance == 40 && g[0].minTouches == 1 && g[0].maxTouches == 1)
        #expect(g[1].taps == 0 && g[1].duration == 500_000)
        #expect(g[2].directions == DirectionSet(rawValue: 0b0101_0101) && g[2].minDistance == 50)
        #expect(g[2].minVelocity == 300 && abs(g[2].maxAngle - .pi / 6) < 1e-12)
        #expect(g[3].minTouches == 1 && g[3].maxTouches == nil && g[3].threshold == 10 && g[3].axis == .any)
        #expect(g[4].threshold == 0.05 && g[4].minTouches == 2)
        #expect(abs(g[5].threshold - 5 * .pi / 180) < 1e-12)
        #expect(g[6].segment == 20 && g[6].recognize == .onLift && g[6].pattern == .classes(DirectionSet(.right)))
        #expect(g.allSatisfy { $0.cancelsTouches && !$0.delaysTouchesBegan && $0.delaysTouchesEnded })
    }

    /// A ratio (a plain number such as a pinch's threshold or a template's
    /// score) may be written as a percentage; a count may not.
    @Test func ratiosTakePercentages() {
        let result = check("""
            gesture z: pinch { threshold: 5% }
            gesture s: stroke { examples: x  minScore: 85%  aspect: 50%...200% }
            """)
        #expect(!result.diagnostics.contains { $0.message.contains("plain number") }, "\(result.diagnostics)")
        let g = result.gestureSet.gestures
        #expect(abs(g[0].record.threshold - 0.05) < 1e-12 && abs(g[1].record.minScore - 0.85) < 1e-12)
        #expect(g[1].record.aspect == SIMD2(0.5, 2))
        let taps = check("gesture t: tap { taps: 2% }")
        #expect(taps.diagnostics.map(\.id) == ["unexpected-unit"])
    }

    /// A constant may hold a range wherever a parameter takes one; its ends
    /// are checked where it is used, and it is no number.
    @Test func constantsHoldRanges() {
        let result = check("""
            let cusp = 0deg...45deg
            let fingers = 2...
            let wide = -20pt...20pt
            gesture s: stroke { match: right  counterTurn: cusp  corners: 0...3 }
            gesture p: pan { touches: fingers  activeOffsetX: wide }
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let g = result.gestureSet.gestures
        #expect(abs(g[0].record.counterTurn.y - .pi / 4) < 1e-12 && g[0].record.counterTurn.x == 0)
        #expect(g[1].minTouches == 2 && g[1].maxTouches == nil && g[1].record.activeOffsetX == SIMD2(-20, 20))
        let misused = check("""
            let cusp = 0deg...45deg
            let bad = 0pt...1pt
            gesture s: stroke { match: right  minScore: cusp  counterTurn: bad }
            """)
        #expect(misused.diagnostics.map(\.id) == ["wrong-unit", "wrong-type"], "\(misused.diagnostics)")
        #expect(check("let v = left | right\ngesture t: tap {}").diagnostics.map(\.id).contains("constant-not-literal"))
    }

    /// `counterSpan` is a range of percentages holding at least the counter-turn window.
    @Test func counterSpanTakesAPartOfThePath() {
        let result = check("""
            let middle = 31%...69%
            gesture a: stroke { match: right  counterTurn: 0deg...50deg  counterSpan: middle }
            gesture b: stroke { match: right  counterSpan: 40%... }
            gesture c: stroke { match: right }
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let g = result.gestureSet.gestures
        #expect(abs(g[0].record.counterSpan.x - 0.31) < 1e-12 && abs(g[0].record.counterSpan.y - 0.69) < 1e-12)
        #expect(abs(g[1].record.counterSpan.x - 0.4) < 1e-12 && g[1].record.counterSpan.y == 1)
        #expect(g[2].record.counterSpan == GestureRecord.unsetOffset)
        #expect(g[2].record.text(of: GestureParameter.named("counterSpan", for: .stroke)!) == "12.5%...87.5%")
        for (value, id) in [("40%...45%", "out-of-range"), ("50%", "wrong-type"), ("0%...120%", "out-of-range"),
                            ("60%...40%", "empty-range"), ("10deg...50deg", "wrong-unit")] {
            let bad = check("gesture s: stroke { match: right  counterSpan: \(value) }")
            #expect(bad.diagnostics.map(\.id) == [id], "\(value): \(bad.diagnostics)")
        }
        #expect(check("gesture s: stroke { match: right  counterSpan: 40%...45% }").diagnostics.first?.message
                == "'counterSpan' must hold an eighth of the path (the window a counter-turn is summed over), got '40%...45%'")
    }

    /// Where a stroke starts and ends in its box: bounds on percentages, 0% to 100%, each its own field.
    @Test func startAndEndPlacesAreBoundsOnShares() {
        let result = check("gesture v: stroke { match: any+  startX: 10%...  startY: 0%...45%  endX: 0%...25%  endY: 50%...100% }")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let r = result.gestureSet.gestures[0].record
        #expect(r.startX == SIMD2(0.1, .infinity) && abs(r.startY.y - 0.45) < 1e-12 && abs(r.endX.y - 0.25) < 1e-12 && r.endY.x == 0.5)
        #expect(r.strokeFlags & GestureRecord.strokeFeatures != 0)
        for (value, id) in [("0%...120%", "out-of-range"), ("50%", "wrong-type"), ("60%...40%", "empty-range"), ("0pt...1pt", "wrong-unit")] {
            let bad = check("gesture s: stroke { match: right  endY: \(value) }")
            #expect(bad.diagnostics.map(\.id) == [id], "\(value): \(bad.diagnostics)")
        }
        #expect(check("gesture t: tap { startY: 0%...50% }").diagnostics.map(\.id) == ["parameter-wrong-kind"])
    }

    /// `gspec eval --search` sets constants by rewriting their values in the source.
    @Test func settingConstantsRewritesTheirValues() throws {
        let source = SourceFile(path: "t.gesture", text: "let a = 10pt\nlet turn = 5deg\ngesture p: pan { threshold: a }\n")
        let set = try source.settingConstants([(name: "turn", text: "20deg"), (name: "a", text: "2.5pt")])
        #expect(String(decoding: set.bytes, as: UTF8.self) == "let a = 2.5pt\nlet turn = 20deg\ngesture p: pan { threshold: a }\n")
        #expect(throws: SourceFile.UnknownConstant.self) { try source.settingConstants([(name: "b", text: "1")]) }
        #expect(try source.settingConstants([]).bytes == source.bytes)
    }

    @Test func unitsConvertToInternalUnits() {
        let result = check("""
            let wait = 0.25s
            gesture t: tap { maxInterval: wait  maxDuration: 1s  slop: 12.5pt }
            gesture w: swipe { maxAngle: 0.5rad  minVelocity: 250pt/s  directions: horizontal }
            gesture r: rotation { threshold: 90deg }
            gesture p: pan { touches: 2...4  axis: vertical }
            gesture s: stroke { segment: 8pt  match: horizontal{3,}  recognize: immediately  cancelsTouchesInView: false }
            """)
        #expect(result.diagnostics.isEmpty)
        let g = result.gestureSet.gestures
        #expect(g[0].maxInterval == 250_000 && g[0].maxDuration == 1_000_000 && g[0].slop == 12.5)
        #expect(g[1].maxAngle == 0.5 && g[1].minVelocity == 250 && g[1].directions == .horizontal)
        #expect(abs(g[2].threshold - .pi / 2) < 1e-12)
        #expect(g[3].minTouches == 2 && g[3].maxTouches == 4 && g[3].axis == .vertical)
        #expect(g[4].recognize == .immediately && !g[4].cancelsTouches)
        #expect(g[4].pattern == .repetition(.classes(.horizontal), min: 3, max: nil))
    }

    @Test func v2ParametersConvertAndCheck() {
        let result = check("""
            gesture once: tap { series: continues  recognize: onPress }
            gesture back: pan { edges: left | bottom  edgeWidth: 16pt  minVelocity: 500pt/s }
            gesture scrub: pan { activeOffsetX: -20pt...20pt  activeOffsetY: -5pt  failOffsetY: 10pt }
            gesture all: pan { edges: all }
            """)
        #expect(result.diagnostics.isEmpty)
        let g = result.gestureSet.gestures
        #expect(g[0].series == .continues && g[0].recognize == .onPress)
        #expect(g[1].edges == [DirectionSet(.left), DirectionSet(.down)] && g[1].edgeWidth == 16 && g[1].minVelocity == 500)
        #expect(g[2].activeOffsetX == OffsetRange(lower: -20, upper: 20))
        #expect(g[2].activeOffsetY == OffsetRange(lower: -5, upper: .infinity) && g[2].failOffsetY == OffsetRange(lower: -.infinity, upper: 10))
        #expect(g[2].failOffsetX == .unset && g[3].edges == .horizontal.union(.vertical) && g[3].edgeWidth == 20 && g[3].minVelocity == 0)
        let bad = check("""
            gesture a: tap { recognize: immediately  series: sometimes }
            gesture b: stroke { match: right  recognize: onPress }
            gesture c: pan { edges: middle  activeOffsetX: 20pt...-20pt  failOffsetY: 10...  edgeWidth: 5ms }
            gesture d: swipe { edges: left }
            """)
        #expect(bad.diagnostics.map(\.message).count == 8, "\(bad.diagnostics.map(\.message))")
        #expect(bad.diagnostics.contains { $0.message.contains("expected one of onLift, onPress") })
        #expect(bad.diagnostics.contains { $0.message.contains("expected one of onLift, immediately") })
        #expect(bad.diagnostics.contains { $0.message.contains("unknown screen edge 'middle'") })
        #expect(bad.diagnostics.contains { $0.message.contains("the lower end first") })
        #expect(bad.diagnostics.contains { $0.message.contains("'edges' is not a parameter of swipe; it belongs to pan") })
    }

    /// A gesture listed in several views is an instance per view; a rule
    /// applies between instances on one hit path (the same view or nested).
    @Test func aGestureOnSeveralViewsIsAnInstancePerView() {
        let result = check("""
            gesture zoom: pinch {}
            gesture drag: pan {}
            gesture select: tap {}
            drag with zoom
            select requires drag to fail
            view board {
                gestures: select
                view a { gestures: zoom, drag }
                view b { gestures: zoom, drag }
            }
            """)
        #expect(result.diagnostics.isEmpty)
        let set = result.gestureSet
        #expect(set.gestures.map(\.name) == ["zoom", "zoom", "drag", "drag", "select"])
        #expect(set.gestures.map { set.views[$0.view].name } == ["a", "b", "a", "b", "board"])
        #expect(set.gestures.map(\.isInstance) == [true, true, true, true, false])
        #expect(set.label(1) == "zoom on b" && set.label(4) == "select")
        // drag with zoom on each image, not across them; the board's tap waits for both drags.
        #expect(set.rules.map { [$0.gesture, $0.other] } == [[2, 0], [3, 1], [4, 2], [4, 3]])
    }

    @Test func afterRulesCheckTheirPairsAndWithin() {
        let good = check("""
            let soon = 250ms
            gesture tap1: tap {}
            gesture hold: longPress {}
            gesture drag: pan {}
            gesture press: longPress { duration: 300ms }
            drag after hold
            press after tap1 within soon
            hold after tap1
            """)
        #expect(good.diagnostics.isEmpty, "\(good.diagnostics.map(\.message))")
        #expect(good.gestureSet.rules.map { [$0.gesture, $0.other] } == [[2, 1], [3, 0], [1, 0]])
        #expect(good.gestureSet.rules.map(\.within) == [nil, 250_000, 300_000])
        #expect(good.gestureSet.rules.allSatisfy { $0.relation == .after && $0.isSimultaneous })
        let bad = check("""
            gesture a: tap {}
            gesture b: pan {}
            gesture c: longPress {}
            b after c within 100ms
            b after a within 10pt
            a after b
            b after a
            a after a
            c after a
            a after c
            b with a
            """)
        let ids = bad.diagnostics.map(\.id)
        #expect(ids.contains("within-after-continuous") && ids.contains("self-relation") && ids.contains("after-cycle"))
        #expect(ids.contains("after-and-other-rule") && bad.diagnostics.contains { $0.message.contains("expected a duration") })
        #expect(bad.diagnostics.contains { $0.message.contains("'after' rules form a cycle: ") })
    }

    @Test func profilesSetDefaultsThatExplicitValuesOverride() {
        for (profile, slop, hold, panThreshold) in [("ios", 10.0, 500_000, 10.0), ("android", 8, 400_000, 8),
                                                    ("flutter", 18, 500_000, 36), ("web", 9, 251_000, 10)] {
            let result = check("profile \(profile)\ngesture t: tap {}\ngesture h: longPress {}\ngesture p: pan {}\ngesture q: pan { threshold: 3pt }")
            #expect(result.diagnostics.isEmpty, "\(profile)")
            let g = result.gestureSet.gestures
            #expect(g[0].slop == slop && g[1].duration == Int64(hold) && g[2].threshold == panThreshold && g[3].threshold == 3, "\(profile)")
        }
        // A gesture or constant may still be named `profile`.
        #expect(check("gesture profile: tap {}\ngesture b: tap { taps: 2 }\nprofile requires b to fail").diagnostics.isEmpty)
        let bad = check("gesture a: tap {}\nprofile andriod\nprofile web")
        #expect(Set(bad.diagnostics.map(\.id)) == ["profile-after-gesture", "unknown-name", "duplicate-profile"], "\(bad.diagnostics.map(\.id))")
    }

    @Test func rulesResolveToIndices() {
        let result = check("gesture a: tap {}\ngesture b: tap { taps: 2 }\ngesture c: pan {}\na requires b to fail\nb with c\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.gestureSet.rules.map { [$0.gesture, $0.other] } == [[0, 1], [1, 2]])
        #expect(result.gestureSet.rules.map(\.relation) == [.requiresToFail, .simultaneous])
    }

    @Test func longRequiresChainIsNotACycle() {
        // A chain of 2,000 rules must neither be reported nor overflow the stack.
        var text = (0..<2_000).map { "gesture g\($0): tap { taps: \($0 % 5 + 1) }" }.joined(separator: "\n") + "\n"
        text += (0..<1_999).reversed().map { "g\($0) requires g\($0 + 1) to fail" }.joined(separator: "\n")
        #expect(check(text).diagnostics.isEmpty)
        let cyclic = check(text + "\ng1999 requires g0 to fail\n")
        #expect(cyclic.diagnostics.map(\.id) == ["requires-cycle"])
        #expect(cyclic.diagnostics.first?.notes.count == 1_999)
    }

    @Test func twoSeparateCyclesAreBothReported() {
        let result = check("""
            gesture a: tap {}
            gesture b: tap { taps: 2 }
            gesture c: tap { taps: 3 }
            gesture d: tap { taps: 4 }
            a requires b to fail
            b requires a to fail
            c requires d to fail
            d requires c to fail
            """)
        #expect(result.diagnostics.map(\.id) == ["requires-cycle", "requires-cycle"])
    }

    @Test func nfaAcceptsOnlyAlternatingSegmentSequences() {
        let check = DirectionNFA(.sequence([.classes(DirectionSet(.downRight)), .classes(DirectionSet(.upRight))]))
        #expect(check.acceptsSegmentSequence(over: .any) && !check.matchesEmpty)
        let twice = DirectionNFA(.repetition(.classes(DirectionSet(.right)), min: 2, max: 2))
        #expect(!twice.acceptsSegmentSequence(over: .any))
        let tickle = DirectionNFA(.repetition(.classes(.horizontal), min: 3, max: nil))
        #expect(tickle.acceptsSegmentSequence(over: .horizontal))
        #expect(!tickle.acceptsSegmentSequence(over: .vertical))
        #expect(DirectionNFA(.repetition(.classes(.any), min: 0, max: nil)).matchesEmpty)
    }

    @Test func expandedSizeSaturates() {
        var p = StrokePattern.classes(.any)
        for _ in 0..<40 { p = .repetition(p, min: 1_000, max: 1_000) }
        #expect(p.expandedSize == .max)
    }

    @Test func suggestionsFindTyposButNotUnrelatedWords() {
        #expect(closestMatch(to: "dubleTap", in: ["singleTap", "doubleTap"]) == "doubleTap")
        #expect(closestMatch(to: "rigth", in: ["left", "right"]) == "right")
        #expect(closestMatch(to: "a", in: ["s", "b"]) == nil)
        #expect(closestMatch(to: "frobnicate", in: ["tap", "pan"]) == nil)
    }
}
