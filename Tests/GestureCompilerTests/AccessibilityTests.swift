import GestureRuntime
import GestureTrace
import Testing
@testable import GestureCompiler

/// v4: people who cannot perform a gesture. WCAG 2.2's success criteria
/// 2.5.1 and 2.5.7 checked at compile time, `alternative` checked, and the
/// analyses run at both ends of a range a value may take at run time.
@Suite struct AccessibilityTests {
    func analyze(_ text: String) -> (CheckedGestureSet, Analyzer.Report, [Diagnostic]) {
        let front = Frontend.check(SourceFile(path: "t.gesture", text: text))
        return (front.gestureSet, Analyzer.analyze(front.gestureSet, source: front.source), front.diagnostics)
    }

    /// The accessibility warnings of `text`, as "id gesture".
    func warnings(_ text: String) -> [String] {
        let (set, report, front) = analyze(text)
        #expect(front.isEmpty, "\(front.map(\.message))")
        return report.diagnostics.filter { $0.kind == .pointerGesture || $0.kind == .draggingMovement }.map { d in
            "\(d.id) \(set.gestures.first { $0.nameRange == d.range }?.name ?? "?")"
        }
    }

    static let kinds = [
        ("flick: swipe { directions: left }", "pointer-gesture"),
        ("drag: pan {}", "dragging-movement"),
        ("check: stroke { match: down-right up-right }", "pointer-gesture"),
        ("zoom: pinch {}", "pointer-gesture"),
        ("turn: rotation {}", "pointer-gesture"),
        ("twoFingerTap: tap { touches: 2 }", "pointer-gesture"),
        ("twoFingerPan: pan { touches: 2 }", "pointer-gesture"),
        ("twoFingerHold: longPress { touches: 2 }", "pointer-gesture"),
    ]

    @Test(arguments: kinds)
    func eachKindThatNeedsAPathOrFingersIsWarnedAbout(_ declaration: String, _ id: String) {
        let name = String(declaration.prefix { $0 != ":" })
        #expect(warnings("gesture \(declaration)\n") == ["\(id) \(name)"])
        // With an action, or a one-finger tap or long press as its alternative: nothing.
        let withAction = declaration.replacingOccurrences(of: "}", with: " action: \"Do it\" }")
        #expect(warnings("gesture \(withAction)\n").isEmpty)
        let withAlternative = declaration.replacingOccurrences(of: "}", with: " alternative: hold }")
        #expect(warnings("gesture \(withAlternative)\ngesture hold: longPress { duration: 800ms }\n").isEmpty)
    }

    @Test func theMessageNamesTheCriterionAndTheFix() throws {
        let (_, report, _) = analyze("gesture deleteRow: swipe { directions: left }\n")
        let d = try #require(report.diagnostics.first { $0.kind == .pointerGesture })
        #expect(d.message.contains("WCAG 2.2 success criterion 2.5.1, Pointer Gestures") && d.message.contains("action") && d.message.contains("alternative"))
        #expect(d.fixIts.first?.replacement.contains("action: \"Delete row\"") == true, "\(d.fixIts)")
        let (_, drag, _) = analyze("gesture drag: pan {}\n")
        #expect(drag.diagnostics.first?.message.contains("WCAG 2.2 success criterion 2.5.7, Dragging Movements") == true)
    }

    /// One-finger taps and long presses, and the platform's scroll, need nothing.
    @Test func whatOnePointerDoesWithoutAPathIsNotWarnedAbout() {
        #expect(warnings("gesture a: tap { taps: 2 }\ngesture b: longPress {}\ngesture c: scroll {}\n").isEmpty)
    }

    @Test func aBadAlternativeIsAnError() {
        for (spec, why) in [("gesture a: pan { alternative: a }", "it is the gesture itself"),
                            ("gesture a: pan { alternative: b }\ngesture b: pinch {}", "'b' is a pinch"),
                            ("gesture a: pan { alternative: b }\ngesture b: tap { touches: 2 }", "'b' takes 2 fingers")] {
            let (_, _, front) = analyze(spec)
            #expect(front.map(\.id) == ["bad-alternative"] && front[0].message.contains(why), "\(spec): \(front.map(\.message))")
        }
        let (_, _, unknown) = analyze("gesture a: pan { alternative: hodl }\ngesture hold: longPress {}")
        #expect(unknown.map(\.id) == ["unknown-name"] && unknown[0].fixIts.first?.replacement == "hold")
    }

    /// A conflict that exists only at one end of a range is reported with
    /// that value, its witness replaying there; narrowed, the range checks clean.
    @Test func aConflictAtOneEndOfARangeIsReportedWithItsValue() throws {
        let wide = "gesture open: tap { action: \"Open\" }\ngesture hold: longPress { duration: 500ms in 400ms...1500ms }\n"
        let (_, report, _) = analyze(wide)
        let d = try #require(report.diagnostics.first)
        #expect(report.diagnostics.count == 1 && d.message.hasPrefix("with hold.duration at 400ms, 'hold' takes the touches of 'open'"), "\(d.message)")
        #expect(d.attachment.first == "{\"t\":0.000,\"set\":\"hold\",\"duration\":\"400ms\"}")
        #expect(!d.message.contains("\"duration: "), "no fix changes the value an app may choose: \(d.message)")
        // The witness, replayed: the long press takes the tap's touches at that value only.
        let table = try #require(Compiler.compile(SourceFile(path: "t.gesture", text: wide)).table)
        func holdClaims(_ lines: [String]) -> Bool {
            final class Sink: @unchecked Sendable { var text = "" }
            let sink = Sink()
            let printer = EventPrinter(table: table, allStates: false) { sink.text += $0 }
            var engine = Engine(table: table)
            _ = TraceRun.drive(&engine, Array(lines.joined(separator: "\n").utf8), printer)
            return sink.text.contains("\"gesture\":\"hold\",\"state\":\"began\"")
        }
        #expect(holdClaims(d.attachment) && !holdClaims(Array(d.attachment.dropFirst())))
        let (_, narrowed, _) = analyze(wide.replacingOccurrences(of: "400ms...1500ms", with: "500ms...1500ms"))
        #expect(narrowed.diagnostics.isEmpty, "\(narrowed.diagnostics.map(\.message))")
        #expect(narrowed.latenciesAtEnds.map(\.label) == ["hold.duration at 1500ms"])
    }

    /// The `android` profile gives a long press's duration the range of
    /// Android's touch & hold delay setting, unless the spec writes the value.
    @Test func androidsTouchAndHoldDelayIsARange() throws {
        let (set, _, _) = analyze("profile android\ngesture hold: longPress {}\ngesture fixed: longPress { duration: 600ms }\n")
        let range = try #require(set.gestures[0].ranges.first)
        #expect(range.parameter.name == "duration" && range.text == "400ms...1500ms" && range.setting == "Android's touch & hold delay")
        #expect(set.gestures[1].ranges.isEmpty)
        #expect(analyze("profile ios\ngesture hold: longPress {}\n").0.gestures[0].ranges.isEmpty)
    }

    /// Generated tests cover both ends; `gspec diff` shows a range that changed.
    @Test func generatedTestsAndDiffSeeRanges() throws {
        let (set, _, _) = analyze("gesture hold: longPress { duration: 500ms in 400ms...1s }\n")
        let ends = BoundaryCaseGenerator.cases(for: set).filter { $0.atEnd != nil }.map(\.value)
        #expect(ends == ["400ms", "1s"])
        let old = try #require(Compiler.compile(SourceFile(path: "a.gesture", text: "gesture hold: longPress { duration: 500ms in 400ms...1s }\n")).table)
        let new = try #require(Compiler.compile(SourceFile(path: "b.gesture", text: "gesture hold: longPress { duration: 500ms in 500ms...1s }\n")).table)
        #expect(BehaviourDiff.compare(.init(table: old), .init(table: new)).map(\.message) == ["'hold': duration 500ms in 400ms...1s -> 500ms in 500ms...1s"])
    }
}
