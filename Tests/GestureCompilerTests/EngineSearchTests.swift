import GestureCompiler
import Testing

/// The engine search judges a report by what the engine does, so a report
/// made wrong on purpose is caught, and a right one is not.
@Suite struct EngineSearchTests {
    func checked(_ text: String) -> (CheckedGestureSet, SourceFile, Analyzer.Report) {
        let front = Frontend.check(SourceFile(path: "t.gesture", text: text))
        return (front.gestureSet, front.source, Analyzer.analyze(front.gestureSet, source: front.source))
    }

    /// A conflict left out of the report is found on the engine, with a stream
    /// that shows it; the report as the analysis made it holds.
    @Test func aConflictLeftOutIsFound() throws {
        let (set, source, report) = checked("gesture flick: swipe {}\ngesture drag: pan { threshold: 10pt }\n")
        #expect(report.conflicts.count == 1)
        var search = EngineSearch(set: set, source: source, randomStreams: 4)
        #expect(search.contradictions(of: report).isEmpty)
        var blind = report
        blind.conflicts = []
        var again = EngineSearch(set: set, source: source, randomStreams: 4)
        let found = try #require(again.contradictions(of: blind).first)
        #expect(set[found.victim].name == "flick" && set[found.winner].name == "drag", "\(found)")
        #expect(found.traceLines(in: set).contains(#""phase":"began""#))
    }

    /// A latency bound the engine exceeds is found: a single tap waits for the double tap.
    @Test func aLatencyTooShortIsFound() {
        let (set, source, report) = checked("gesture s: tap {}\ngesture d: tap { taps: 2 }\ns requires d to fail\n")
        var search = EngineSearch(set: set, source: source, randomStreams: 2)
        #expect(search.contradictions(of: report).isEmpty)
        var short = report
        short.latencies = short.latencies.map { var l = $0; if l.worst != nil { l.worst = 1_000 }; return l }
        var again = EngineSearch(set: set, source: source, randomStreams: 2)
        #expect(again.contradictions(of: short).contains { $0.claim.contains("waits at most 1000 us") })
    }

    /// At a scroll's edge, the pull past it is the hand-over's by design; away
    /// from it, a pan that begins before the scroll's slop takes the list's touches.
    @Test func edgeStatesAreSearched() {
        let sheet = """
            profile web
            gesture list: scroll { axis: vertical }
            gesture sheet: pan { axis: vertical }
            list hands over to sheet at top
            view outer { gestures: sheet
                view inner { gestures: list } }

            """
        let (set, source, report) = checked(sheet)
        #expect(report.conflicts.map { set[$0.winner].name } == ["sheet"])
        var search = EngineSearch(set: set, source: source, randomStreams: 4)
        #expect(search.contradictions(of: report).isEmpty)
        #expect(search.counts.situations == 4, "no edge, top, bottom, both")
        let (fixedSet, fixedSource, fixed) = checked(sheet.replacingOccurrences(of: "axis: vertical }\nlist", with: "axis: vertical  threshold: 15pt }\nlist"))
        #expect(fixed.conflicts.isEmpty)
        var clean = EngineSearch(set: fixedSet, source: fixedSource, randomStreams: 4)
        #expect(clean.contradictions(of: fixed).isEmpty)
    }

    /// A triple tap taken at its first press by a single tap restarts, and
    /// its third attempt fails at the last lift for another reason (a second
    /// triple tap claims): the taking is the single tap's, which the report
    /// names, so the search finds nothing (it judged the later failure once).
    @Test func theFailureThatCountsIsTheClaimingAttempts() {
        let (set, source, report) = checked("""
            gesture other: tap { taps: 3  slop: 9pt }
            gesture single: tap { maxDuration: 700ms }
            gesture triple: tap { taps: 3  maxDuration: 200ms }
            single with other

            """)
        #expect(report.conflicts.map { "\(set[$0.winner].name)>\(set[$0.victim].name)" } == ["single>triple"])
        var search = EngineSearch(set: set, source: source, randomStreams: 8)
        #expect(search.contradictions(of: report).isEmpty)
    }

    /// "Never fires" is a claim the search checks: taken out of the
    /// report's reach (a gesture that claims another's stream), it is found.
    @Test func neverFiresIsChecked() throws {
        // A horizontal scroll takes every performance of a two-finger horizontal pan, but the
        // pan still claims a diagonal jump that the scroll, failing across its axis, leaves.
        let (set, source, report) = checked("""
            profile ios
            gesture pan2: pan { axis: horizontal  threshold: 13pt  touches: 2 }
            gesture list: scroll { axis: horizontal }
            list wins over pan2

            """)
        let c = try #require(report.conflicts.first)
        #expect(c.always && c.firesOn != nil, "\(report.conflicts)")
        #expect(report.diagnostics.contains { $0.message.contains("'pan2' loses all its performances") && $0.message.contains("it fires only on other input") })
        var search = EngineSearch(set: set, source: source, randomStreams: 4)
        #expect(search.contradictions(of: report).isEmpty)
        var overclaimed = report
        overclaimed.conflicts[0].firesOn = nil
        var again = EngineSearch(set: set, source: source, randomStreams: 4)
        #expect(again.contradictions(of: overclaimed).contains { $0.claim.contains("reported never to fire") })
    }
}
