import Testing
@testable import GestureRuntime

/// Counts and masks derived from enums (as Lua derives its opcode count from
/// the last opcode) are what the enums hold: a new case is never silently
/// left out of a loop, a table or a validation.
@Suite struct DerivedCountsTests {
    @Test func symbolRawValuesRunFromZeroToCount() {
        #expect(Symbol.allCases.map { Int($0.rawValue) } == Array(0..<Symbol.count))
        for d in Direction.allCases {
            #expect(Symbol.segment(d).name == "segment:" + d.name)
        }
    }

    @Test func everyStrokeFeatureIsCountedAndBoundedByItsParameter() {
        #expect(StrokeFeatures.Feature.allCases.map { Int($0.rawValue) } == Array(0..<StrokeFeatures.Feature.count))
        for f in StrokeFeatures.Feature.allCases {
            let p = GestureParameter.named(f.name, for: .stroke)
            guard case .bounds? = p?.type else {
                Issue.record("no bounds parameter '\(f.name)'")
                continue
            }
            #expect(p?.example != nil, "'\(f.name)' has no example for its messages")
            // Setting the parameter's field bounds this feature and no other.
            var r = GestureRecord(kind: .stroke, profile: nil)
            guard case .range(let field)? = p?.storage else { continue }
            r[field: field] = SIMD2(1, 2)
            for g in StrokeFeatures.Feature.allCases {
                #expect((r.bounds(of: g) == SIMD2(1, 2)) == (g == f), "\(f.name) vs \(g.name)")
            }
        }
    }

    @Test func strokeFlagsAreDistinctBitsAndAllKnown() {
        var seen: UInt8 = 0
        for flag in GestureRecord.StrokeFlag.allCases {
            #expect(flag.mask.nonzeroBitCount == 1 && seen & flag.mask == 0)
            seen |= flag.mask
        }
        #expect(GestureRecord.knownStrokeFlags == seen)
    }

    @Test func tableSectionsHaveDistinctTagsInVersionOrder() {
        let tags = TableSection.allCases.map(\.tag)
        #expect(Set(tags).count == tags.count && tags.allSatisfy { $0.utf8.count == 4 })
        // Appended only: a later section never belongs to an earlier version.
        let versions = TableSection.allCases.map(\.since)
        #expect(versions == versions.sorted())
        #expect(TableSection.allCases.allSatisfy { $0.since <= GestureTable.formatVersion })
    }
}
