import Foundation
import GestureCompiler
import GestureRuntime
import GestureTrace
import Testing
@testable import GSpecCLI

/// The shipped shape set on real people's strokes: the committed sample
/// always, the whole development set when `../shared/data/dollar1-dev` is
/// there. Also: a stroke resampled to 60 Hz or 240 Hz must come out the same.
@Suite struct HumanStrokeTests {
    static let shapes = CLIPaths.packageRoot.appendingPathComponent("specs/shapes.gesture")
    static let sample = CLIPaths.fixtures.appendingPathComponent("strokes")
    static let development = CLIPaths.packageRoot.appendingPathComponent("../shared/data/dollar1-dev").standardized
    static let hasDevelopmentSet = FileManager.default.fileExists(atPath: development.appendingPathComponent("check").path)

    struct Stroke {
        var shape: String
        var speed: String
        var events: [TouchEvent]
    }

    static func strokes(in folder: URL) throws -> [Stroke] {
        let fm = FileManager.default
        var out: [Stroke] = []
        for shape in try fm.contentsOfDirectory(atPath: folder.path).sorted() {
            let dir = folder.appendingPathComponent(shape)
            guard let files = try? fm.contentsOfDirectory(atPath: dir.path) else { continue }
            for file in files.sorted() where file.hasSuffix(".jsonl") {
                let events = try TraceLoader.events(fromFile: dir.appendingPathComponent(file).path)
                out.append(Stroke(shape: shape, speed: EvalSample.speed(of: file), events: events))
            }
        }
        return out
    }

    static func table() throws -> GestureTable {
        let url = shapes
        return try #require(Compiler.compile(SourceFile(path: url.path, bytes: Array(try Data(contentsOf: url))), examples: .beside(url.path)).table)
    }

    /// The gestures a stroke fires, in order, on a copy of `fresh` (copies
    /// share what an engine derives from its table: its template index).
    static func fired(_ events: [TouchEvent], _ fresh: Engine) -> [String] {
        var engine = fresh
        for e in events { engine.feed(e) }
        engine.finish()
        return engine.events.filter { $0.state == .recognized }.map { engine.table.name(of: $0.gesture) }
    }

    /// Recall of each gesture on its shape, per speed, and false fires on the other shapes.
    static func figures(_ strokes: [Stroke], _ table: GestureTable) -> (recall: [String: [String: Double]], falseFires: [String: Double]) {
        var hits: [String: [String: (Int, Int)]] = [:]
        var wrong: [String: (Int, Int)] = [:]
        let fresh = Engine(table: table)
        for s in strokes {
            let fired = fired(s.events, fresh)
            for g in table.gestureIDs.map(table.name(of:)) {
                if g == s.shape {
                    for speed in [s.speed, "all"] {
                        let (h, n) = hits[g, default: [:]][speed, default: (0, 0)]
                        hits[g, default: [:]][speed] = (h + (fired.contains(g) ? 1 : 0), n + 1)
                    }
                } else {
                    let (w, n) = wrong[g, default: (0, 0)]
                    wrong[g] = (w + (fired.contains(g) ? 1 : 0), n + 1)
                }
            }
        }
        return (hits.mapValues { $0.mapValues { Double($0.0) / Double($0.1) } },
                wrong.mapValues { Double($0.0) / Double($0.1) })
    }

    @Test func theSampleIsRecognized() throws {
        let table = try Self.table()
        let (recall, falseFires) = Self.figures(try Self.strokes(in: Self.sample), table)
        #expect(recall.count == 16)
        let all = recall.values.map { $0["all"]! }
        // Nine strokes a shape, none a template: one miss is 89%.
        #expect(all.reduce(0, +) / Double(all.count) >= 0.97, "\(recall)")
        for (gesture, bySpeed) in recall {
            #expect(bySpeed["all"]! >= 0.88, "\(gesture): \(bySpeed)")
            #expect(falseFires[gesture]! <= 0.01, "\(gesture) fires on other shapes: \(falseFires[gesture]!)")
        }
    }

    /// Skipping templates (`TemplateIndex`) changes no verdict: with
    /// explanations on every template is scored, so every event must be the
    /// same as with them off: on the sample at the shipped `minScore` and
    /// with every gesture's moved to 0.5 and to 0.95, and on every tenth
    /// trace of the non-shape set (a debug build scores slowly).
    @Test func skippingTemplatesChangesNoVerdict() throws {
        let table = try Self.table()
        let negatives = CLIPaths.packageRoot.appendingPathComponent("data/nonshapes")
        let files = try FileManager.default.contentsOfDirectory(atPath: negatives.path).filter { $0.hasSuffix(".jsonl") }.sorted()
        let strokes = try Self.strokes(in: Self.sample).map(\.events)
        let cases = [nil, 0.5, 0.95].flatMap { minScore in strokes.map { ($0, minScore) } }
            + (try stride(from: 0, to: files.count, by: 10).map {
                (try TraceLoader.events(fromFile: negatives.appendingPathComponent(files[$0]).path), nil as Double?)
            })
        var recognized = 0
        let fresh = Engine(table: table)
        for (events, minScore) in cases where !events.isEmpty {
            func run(explaining: Bool) throws -> [GestureEvent] {
                var engine = fresh
                engine.explains = explaining
                for g in table.gestureIDs {
                    if let minScore { try engine.set(.minScore, to: .ratio(minScore), gesture: g, at: events[0].time) }
                }
                for e in events { engine.feed(e) }
                engine.finish()
                return engine.events
            }
            let fast = try run(explaining: false)
            #expect(fast == (try run(explaining: true)))
            recognized += fast.filter { $0.state == .recognized }.count
        }
        #expect(recognized > 300, "the strokes should be recognized at some threshold: \(recognized)")
    }

    /// The figures of docs/evaluation.md for people the templates never saw
    /// (`gspec eval --folds subject`, the non-shape set as negatives).
    @Test(.enabled(if: hasDevelopmentSet, "needs ../shared/data/dollar1-dev"))
    func newPeopleMeetTheDocumentedFigures() throws {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("gspec-human-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: json) }
        let negatives = CLIPaths.packageRoot.appendingPathComponent("data/nonshapes").path
        let (status, _, err) = run(["eval", Self.shapes.path, "--dataset", Self.development.path, "--folds", "subject",
                                    "--negatives", negatives, "--json", json.path])
        #expect(status == .success, "\(err)")
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let recall = try #require(figures["recall"] as? [String: [String: Double]])
        let confusion = try #require(figures["confusion"] as? [String: [String: Int]])
        #expect(recall.count == 16)
        let samples = try #require(EvalCommand.samples(in: Self.development.path))
        for (gesture, bySpeed) in recall {
            // All eleven $1 people, the spec as tuned on six (docs/evaluation.md, "All eleven $1 people"); the
            // right curly brace at 95.8% since stroke features smooth the path (issue 61: four braces read as
            // brackets, for 14 points on jittered strokes and 1.3 on the mean over devices).
            #expect(bySpeed["all"]! >= 0.955, "\(gesture): \(bySpeed)")
            // Strokes of the other 15 shapes on which this gesture fired.
            let wrong = confusion.filter { $0.key != gesture }.reduce(0) { $0 + $1.value[gesture, default: 0] }
            let others = samples.filter { $0.shape != gesture }.count
            #expect(Double(wrong) / Double(others) <= 0.01, "\(gesture) fires on \(wrong) strokes of other shapes")
        }
        let negative = try #require(figures["negatives"] as? [String: Int])
        #expect(Double(negative["falseFires"]!) / Double(negative["traces"]!) <= 0.0075, "non-shapes: \(negative)")
    }

    /// `gspec eval`'s misses as pairs: a shape read as another gesture, or
    /// rejected when the set has its gesture; most frequent first.
    @Test func missesArePairsMostFrequentFirst() {
        func o(_ shape: String, _ fired: [String]) -> EvalOutcome { EvalOutcome(shape: shape, path: "", subject: "s01", speed: "any", fired: fired) }
        let outcomes = [o("check", ["v"]), o("check", ["check"]), o("check", ["v"]), o("arrow", []), o("v", ["v", "check"]),
                        o("bracket", ["brace", "question"]), o("unknown", []), o("", ["check"])]
        let pairs = EvalOutcome.confusions(outcomes, gestures: ["check", "v", "arrow", "brace", "question", "bracket"])
        #expect(pairs.map { "\($0.shape)>\($0.read):\($0.count)" } == ["check>v:2", "arrow>none:1", "bracket>brace:1", "bracket>question:1", "v>check:1"])
    }

    @Test func resamplingTo60And240HertzKeepsTheOutcome() throws {
        let table = try Self.table()
        let folder = Self.hasDevelopmentSet ? Self.development : Self.sample
        let strokes = try Self.strokes(in: folder)
        let fresh = Engine(table: table)
        var same = 0, total = 0
        for s in strokes {
            let original = Self.fired(s.events, fresh)
            for hz in [Int64(60), 240] {
                total += 1
                if Self.fired(DeviceCondition.resampled(s.events, hz: hz), fresh) == original { same += 1 }
            }
        }
        #expect(total >= 288)
        // The bar is the 99% on the whole set (measured: 99.2%); the
        // committed sample is too small for it (its 288 resamplings measured 97.6%).
        let bar = Self.hasDevelopmentSet ? 0.99 : 0.97
        #expect(Double(same) / Double(total) >= bar, "\(same) of \(total) kept their outcome")
    }
}
