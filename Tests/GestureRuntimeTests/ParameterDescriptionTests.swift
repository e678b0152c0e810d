import Foundation
import GestureCompiler
import Testing
@testable import GestureRuntime

/// `GestureParameter.all`, the one description of every parameter: it is
/// well formed, and the checker, the table, run-time changes and
/// explanations all keep each parameter where it says.
@Suite struct ParameterDescriptionTests {
    static func table(_ text: String) throws -> GestureTable {
        let output = Compiler.compile(SourceFile(path: "test.gesture", bytes: Array(text.utf8)))
        return try #require(output.table, "\(text): \(output.diagnostics)")
    }

    @Test func theDescriptionIsWellFormed() throws {
        let all = GestureParameter.all
        // One bit per parameter in a record's 64-bit `fromProfile`; one past them has no profile default to come from.
        for p in all.dropFirst(64) { #expect(p.defaults.count == 1 && p.bit == 0, "\(p.name)") }
        for p in all {
            #expect(p.defaults.count == 1 || p.defaults.count == Profile.allCases.count, "\(p.name)")
            for kind in GestureKind.allCases where p.applies(to: kind) {
                #expect(all.filter { $0.name == p.name && $0.applies(to: kind) }.count == 1, "\(p.name) twice on \(kind)")
                if p.type.isNumber && !p.storage.isCompiler {
                    for profile in Profile.allCases {
                        #expect(p.range.contains(p.defaultValue(for: profile)), "\(p.name) default under \(profile)")
                    }
                }
            }
        }
        // No two parameters of one kind share a place in the record.
        for kind in GestureKind.allCases {
            let places = all.filter { $0.applies(to: kind) && $0.storage != .automaton && !$0.storage.isCompiler }.map(\.storage)
            #expect(Set(places).count == places.count, "\(kind)")
        }
        #expect(Set(all.filter(\.isRuntime).map(\.name)) == Set(RuntimeParameter.allCases.map(\.rawValue)))
        let language = try String(contentsOf: RuntimePaths.packageRoot.appendingPathComponent("docs/language.md"), encoding: .utf8)
        for p in all { #expect(language.contains("`\(p.name)`"), "docs/language.md does not name \(p.name)") }
    }

    /// A value in range for `p`, other than every default.
    static func sample(_ p: GestureParameter) -> Double {
        if p.type == .count { return p.range.lower + 2 }
        return p.range.upper.isFinite ? p.range.lower + (p.range.upper - p.range.lower) * 0.37 : p.defaults.max()! * 1.37 + 1.3
    }

    /// What a gesture of `kind` needs besides parameter `p` under test (a
    /// stroke its pattern; a pan an edge, or its edge width is not kept; an
    /// arrival window fingers to arrive, v5).
    static func context(_ kind: GestureKind, _ p: GestureParameter) -> String {
        (kind == .stroke ? "match: right" : kind == .pan ? "edges: left" : "") + (p.name == "together" ? "  touches: 3" : "")
    }

    /// Writing one parameter changes its own field, to its value, and no other:
    /// no parameter can be stored into another's place.
    @Test(arguments: GestureKind.allCases)
    func eachParameterLandsInItsOwnField(_ kind: GestureKind) throws {
        for p in GestureParameter.all where p.applies(to: kind) && p.type.isNumber && !p.storage.isCompiler {
            let base = try Self.table("gesture g: \(kind.keyword) { \(Self.context(kind, p)) }").gestures[0]
            let v = Self.sample(p)
            let spec = "gesture g: \(kind.keyword) { \(p.name): \(p.type.format(v)) \(Self.context(kind, p)) }"
            let r = try Self.table(spec).gestures[0]
            let stored = try #require(r.number(p))
            #expect(abs(stored - v) <= 1e-5 * max(1, abs(v)), "\(spec): stored \(stored)")
            for q in GestureParameter.all where q.storage != p.storage {
                #expect(r.number(q) == base.number(q), "\(spec) changed \(q.name)")
            }
            if p.isRuntime {
                let value = try #require(RuntimeParameter(rawValue: p.name)?.value(in: r))
                var copy = base
                try RuntimeParameter(rawValue: p.name)!.apply(value, to: &copy, table: GestureTable(), gesture: 0)
                #expect(copy.number(p) == r.number(p), "\(p.name) set at run time")
            }
        }
    }

    @Test func aValueFromTheProfileIsExplainedAsSuch() throws {
        let table = try Self.table("profile android\ngesture t: tap {}\ngesture u: tap { slop: 8pt }\nt with u")
        #expect(table.gestures[0].slop == 8 && table.gestures[1].slop == 8)
        func messages(_ change: ((inout Engine) throws -> Void)? = nil) throws -> [String] {
            var engine = Engine(table: table)
            engine.explains = true
            try change?(&engine)
            for (t, phase, x) in [(0.0, TouchPhase.began, 0.0), (0.02, .moved, 9), (0.05, .ended, 9)] {
                engine.feed(TouchEvent(time: Microseconds(Int64(t * 1e6)), id: 1, phase: phase, x: x, y: 0))
            }
            engine.finish()
            return engine.explanations.map { $0.message(in: table) }
        }
        #expect(try messages() == [
            "'t' failed: a finger moved more than its slop of 8pt (android profile) (9pt) (line 2)",
            "'u' failed: a finger moved more than its slop of 8pt (9pt) (line 3)",
        ])
        // Set by the app, the value is no longer the profile's, and the explanation prints the value in force.
        let changed = try messages { try $0.set(.slop, to: .points(5), gesture: 0, at: 0) }
        #expect(changed.first == "'t' failed: a finger moved more than its slop of 5pt (9pt) (line 2)")
    }

    @Test func aParameterOutOfItsRangeIsAnInvalidTable() throws {
        var table = try Self.table("gesture s: swipe {}")
        table.gestures[0].maxAngle = 2
        #expect(throws: TableError.invalid("maxAngle of gesture 0")) { try TableFormat.validate(table) }
        table.gestures[0].maxAngle = .pi / 4
        table.gestures[0].profile = 9
        #expect(throws: TableError.self) { try TableFormat.validate(table) }
    }
}

extension GestureParameter.Storage {
    /// Kept by gspec, not in the record (`maxLatency`, `examples`, `varyAspect` ...).
    var isCompiler: Bool {
        if case .compiler = self { true } else { false }
    }
}
