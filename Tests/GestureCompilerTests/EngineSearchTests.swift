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
        #expect(set.gestures[found.victim].name == "flick" && set.gestures[found.winner].name == "drag", "\(found)")
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
        #expect(report.conflicts.map { set.gestures[$0.winner].name } == ["sheet"])
        var search = EngineSearch(set: set, source: source, randomStreams: 4)
        #expect(search.contradictions(of: report).isEmpty)
        #expect(search.counts.situations == 4, "no edge, top, bottom, both")
        let (fixedSet, fixedSource, fixed) = checked(sheet.replacingOccurrences(of: "axis: vertical }\nlist", with: "axis: vertical  threshold: 15pt }\nlist"))
        #expect(fixed.conflicts.isEmpty)
        var clean = EngineSearch(set: fixedSet, source: fixedSource, randomStreams: 4)
        #expect(clean.contradictions(of: fixed).isEmpty)
    }
}
