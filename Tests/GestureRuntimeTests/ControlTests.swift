import Foundation
import GestureCompiler
import Testing
@testable import GestureRuntime

/// Enabling, disabling and run-time parameters (docs/semantics.md, "Enabling
/// and disabling", "Run-time parameters").
@Suite struct ControlTests {
    static let spec = """
        gesture single: tap {}
        gesture double: tap { taps: 2 }
        gesture drag: pan {}
        gesture secret: tap { taps: 3  enabled: false }
        gesture zoom: pinch {}
        single requires double to fail
        secret with double
        secret with single
        """

    func engine() throws -> Engine {
        let output = Compiler.compile(SourceFile(path: "control.gesture", text: Self.spec))
        var e = Engine(table: try #require(output.table))
        e.explains = true
        return e
    }

    func ev(_ t: Double, _ id: Int, _ phase: TouchPhase, _ x: Double = 100) -> TouchEvent {
        TouchEvent(time: Microseconds(seconds: t), id: id, phase: phase, x: x, y: 100)
    }

    @Test func disablingCancelsABegunGestureAndFailsAnAttempt() throws {
        var e = try engine()
        let drag: GestureID = 2
        e.feed(ev(1.0, 1, .began))
        e.feed(ev(1.1, 1, .moved, 130))
        e.advance(to: 1_150_000)
        #expect(e.events.contains { $0.gesture == drag && $0.state == .began })
        e.removeAllEvents()
        e.setEnabled(false, gesture: drag, at: 1_200_000)
        #expect(e.events.map(\.state) == [.cancelled] && e.events[0].time == 1_200_000)
        e.feed(ev(1.3, 1, .ended, 130))
        e.removeAllEvents()
        // Disabled, it takes no touches; an attempt of another gesture fails when disabled.
        e.feed(ev(2.0, 2, .began))
        e.feed(ev(2.02, 2, .moved, 140))
        e.setEnabled(false, gesture: 1, at: 2_010_000)
        e.feed(ev(2.05, 2, .ended, 140))
        e.finish()
        #expect(!e.events.contains { $0.gesture == drag })
        let doubleFailed = try #require(e.explanations.first { $0.gesture == 1 })
        #expect(doubleFailed.reason == .disabled && doubleFailed.time == 2_010_000)
        #expect(e.isIdle(drag) && !e.isEnabled(drag))
    }

    @Test func disablingARequiredGestureReleasesTheHeldOne() throws {
        var e = try engine()
        e.feed(ev(1.0, 1, .began))
        e.feed(ev(1.05, 1, .ended))
        e.advance(to: 1_100_000)
        #expect(!e.events.contains { $0.state == .recognized })  // single waits for double
        e.setEnabled(false, gesture: 1, at: 1_100_000)
        #expect(e.events.contains { $0.gesture == 0 && $0.state == .recognized && $0.time == 1_100_000 })
    }

    @Test func enablingAppliesToTouchesThatBeginAfterwards() throws {
        var e = try engine()
        let secret: GestureID = 3
        #expect(!e.isEnabled(secret))  // `enabled: false` in the spec
        func threeTaps(from t: Double, _ engine: inout Engine) {
            for k in 0..<3 {
                engine.feed(ev(t + Double(k) * 0.15, 10 + k, .began))
                engine.feed(ev(t + Double(k) * 0.15 + 0.05, 10 + k, .ended))
            }
        }
        threeTaps(from: 1.0, &e)
        e.advance(to: 2_000_000)
        #expect(!e.events.contains { $0.gesture == secret })
        // Enabled between the first press's down and its lift: that series is not its.
        e.feed(ev(3.0, 20, .began))
        e.setEnabled(true, gesture: secret, at: 3_010_000)
        e.feed(ev(3.05, 20, .ended))
        e.advance(to: 4_000_000)
        #expect(!e.events.contains { $0.gesture == secret && $0.state == .recognized })
        threeTaps(from: 5.0, &e)
        e.finish()
        #expect(e.events.contains { $0.gesture == secret && $0.state == .recognized }, "\(e.events)")
    }

    @Test func aParameterAppliesFromTheNextAttempt() throws {
        var e = try engine()
        let drag: GestureID = 2
        try e.set(.threshold, to: .points(40), gesture: drag, at: 0)
        #expect(e.value(of: .threshold, gesture: drag) == .points(40))
        e.feed(ev(1.0, 1, .began))
        e.feed(ev(1.1, 1, .moved, 120))
        try e.set(.threshold, to: .points(5), gesture: drag, at: 1_150_000)
        e.feed(ev(1.2, 1, .moved, 130))
        e.advance(to: 1_250_000)
        #expect(!e.events.contains { $0.gesture == drag && $0.state == .began }, "the attempt keeps 40pt")
        e.feed(ev(1.3, 1, .moved, 145))
        e.feed(ev(1.4, 1, .ended, 145))
        #expect(e.events.contains { $0.gesture == drag && $0.state == .began && $0.time == 1_300_000 })
        e.removeAllEvents()
        e.feed(ev(2.0, 2, .began))
        e.feed(ev(2.1, 2, .moved, 106))
        e.finish()
        #expect(e.events.contains { $0.gesture == drag && $0.state == .began && $0.time == 2_100_000 }, "the next attempt has 5pt")
    }

    @Test func structuralAndMismatchedChangesAreRefusedAndChangeNothing() throws {
        var e = try engine()
        #expect(throws: ParameterError.structural("taps")) { _ = try RuntimeParameter(name: "taps") }
        #expect(throws: ParameterError.unknown("bogus")) { _ = try RuntimeParameter(name: "bogus") }
        #expect(throws: ParameterError.enabledIsNotAParameter) { _ = try RuntimeParameter(name: "enabled") }
        #expect(throws: ParameterError.notOfKind("duration", .tap)) { try e.set(.duration, to: .seconds(1), gesture: 0, at: 0) }
        #expect(throws: ParameterError.self) { try e.set(.slop, to: .seconds(1), gesture: 0, at: 0) }
        #expect(throws: ParameterError.self) { try e.set(.maxInterval, to: .seconds(-1), gesture: 1, at: 0) }
        #expect(throws: ParameterError.self) { try e.set(.threshold, to: .points(3), gesture: 4, at: 0) }  // a pinch's is a ratio
        #expect(throws: ParameterError.noSuchGesture(99)) { try e.set(.slop, to: .points(3), gesture: 99, at: 0) }
        #expect(e.value(of: .slop, gesture: 0) == .points(10) && e.value(of: .maxInterval, gesture: 1) == .seconds(0.3))
        try e.set(.threshold, to: .ratio(0.2), gesture: 4, at: 0)
        #expect(e.value(of: .threshold, gesture: 4) == .ratio(0.2))
    }

    /// A pan that begins in the frame one of its fingers lifts arms its
    /// follower with the fingers still down only: nothing is left stuck.
    @Test func armingSkipsTheTouchesLiftingInThatFrame() throws {
        let output = Compiler.compile(SourceFile(path: "arm.gesture", text: """
            gesture lead: pan {}
            gesture follow: pan { threshold: 0pt }
            follow after lead
            """))
        var e = Engine(table: try #require(output.table))
        e.feed(ev(1.0, 1, .began, 100))
        e.feed(ev(1.0, 2, .began, 140))
        e.feed(ev(1.1, 1, .moved, 130))
        e.feed(ev(1.1, 2, .ended, 170))   // lead passes its threshold as finger 2 lifts
        e.feed(ev(1.2, 1, .moved, 150))
        e.feed(ev(1.3, 1, .ended, 150))
        e.finish()
        #expect(e.events.contains { $0.gesture == 0 && $0.state == .began })
        #expect(e.events.contains { $0.gesture == 1 && $0.state == .ended }, "\(e.events)")
        #expect(e.isIdle(0) && e.isIdle(1) && !e.hasTouchesDown)
    }

    /// `c after b after a`: alone, c keeps b, which then runs freely (its own source is not kept).
    @Test func anIsolatedGestureKeepsItsSourcesRunnable() throws {
        let output = Compiler.compile(SourceFile(path: "chain.gesture", text: """
            gesture a: tap {}
            gesture b: longPress { duration: 300ms }
            gesture c: pan { threshold: 0pt }
            b after a
            c after b
            """))
        let table = try #require(output.table)
        let alone = table.isolating(2)
        try TableFormat.validate(alone)
        var e = Engine(table: alone)
        e.feed(ev(1.0, 1, .began))
        e.advance(to: 1_400_000)
        e.feed(ev(1.5, 1, .moved, 120))
        e.feed(ev(1.6, 1, .ended, 120))
        e.finish()
        #expect(e.events.contains { $0.gesture == 0 && $0.state == .began }, "c, armed by b held still: \(e.events)")
    }
}
