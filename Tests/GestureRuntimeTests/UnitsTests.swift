import Testing
@testable import GestureRuntime

/// Units, durations and deadlines each have one definition that every reader shares.
@Suite struct UnitsTests {
    @Test func eachUnitConvertsToTheRuntimesUnitAndBack() {
        for unit in Unit.allCases {
            for v in [0.0, 1, 2.5, 90, 300, 1234.5] {
                let back = unit.value(fromRuntime: v * unit.factor)
                #expect(abs(back - v) <= 1e-9 * max(1, v), "\(unit.rawValue) \(v)")
            }
            #expect(unit.dimension.unit?.dimension == unit.dimension)
        }
        #expect(Unit.split("300pt/s") == ("300", .pointsPerSecond))
        #expect(Unit.split("2s") == ("2", .seconds))
        #expect(Unit.split("0.5") == ("0.5", nil))
        // The longest spelling that ends the text, by bytes: `ms` is not `s`, `é` before a unit stays.
        #expect(Unit.split("ms") == ("", .milliseconds))
        #expect(Unit.split("1\u{E9}rad") == ("1\u{E9}", .radians))
        #expect(Unit.split("e\u{301}") == ("e\u{301}", nil))
    }

    @Test func durationsAreWrittenExactlyFromMicroseconds() {
        #expect(DurationText.prose(300_000) == "300 ms")
        #expect(DurationText.prose(500) == "0.5 ms")
        #expect(DurationText.prose(1_234_567) == "1234.567 ms")
        #expect(DurationText.literal(2_000_000) == "2s")
        #expect(DurationText.literal(2_000_001) == "2000.001ms")
        #expect(DurationText.literal(999_999) == "999.999ms")
        #expect(DurationText.milliseconds(-1_500) == "-1.5")
        #expect(GestureParameter.ValueType.duration.format(3_600_000_000) == "3600s")
    }

    @Test func aDeadlineWaitsTheParameterItNames() {
        var r = GestureRecord(kind: .longPress, profile: nil)
        (r.maxDuration, r.maxInterval, r.duration) = (1, 2, 3)
        for timer in StateTimer.allCases {
            #expect(timer.duration(of: r) == (timer.field.map { r[field: $0] } ?? 0))
            if let field = timer.field { #expect(r.parameter(storedIn: field)?.type == .duration) }
        }
    }
}
