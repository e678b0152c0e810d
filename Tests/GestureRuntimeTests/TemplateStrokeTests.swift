import Foundation
import GSpecFuzz
import GestureCompiler
import Testing
@testable import GestureRuntime

/// Template strokes (`examples:`): the normalization and matcher on
/// degenerate input, recognition and rejection with their explanations, the
/// best match winning among template strokes, the checker's errors, and the
/// table's template sections.
@Suite struct TemplateStrokeTests {
    /// A closed shape through `corners` (or a circle when empty), `n` points, scaled and shifted.
    static func shape(_ corners: [SIMD2<Double>], n: Int = 60, scale: Double = 1, at origin: SIMD2<Double> = [200, 200],
                      wobble: Double = 0) -> [SIMD2<Double>] {
        (0..<n).map { i in
            let f = Double(i) / Double(n - 1)
            var p: SIMD2<Double>
            if corners.isEmpty {
                p = SIMD2(cos(2 * .pi * f), -sin(2 * .pi * f)) * 50
            } else {
                let x = f * Double(corners.count - 1)
                let k = min(Int(x), corners.count - 2)
                p = corners[k] + (corners[k + 1] - corners[k]) * (x - Double(k))
            }
            return origin + p * scale + SIMD2(sin(Double(i) * 1.7), cos(Double(i) * 2.3)) * wobble
        }
    }

    static let circle: [SIMD2<Double>] = []
    static let triangle: [SIMD2<Double>] = [[0, -50], [-45, 30], [45, 30], [0, -50]]

    /// Five variations of a shape as examples in `folder`.
    static func examples(_ folder: String, _ corners: [SIMD2<Double>]) -> [StrokeExamples.Example] {
        (0..<5).map { k in
            .init(name: "\(folder)/e\(k)", points: shape(corners, n: 40 + 7 * k, scale: 0.6 + 0.2 * Double(k), wobble: Double(k)))
        }
    }

    static let library = StrokeExamples(location: "test.examples", folders: [
        "circle": examples("circle", circle), "triangle": examples("triangle", triangle),
        "one": [.init(name: "one/a", points: shape(circle))],
        "twoFingers": [.init(name: "twoFingers/a", points: shape(circle), problem: "it has 2 touches")] + examples("circle", circle),
    ])

    static func compile(_ text: String) -> Compiler.Output {
        Compiler.compile(SourceFile(path: "test.gesture", text: text), examples: library)
    }

    static func table(_ text: String) throws -> GestureTable {
        let output = compile(text)
        return try #require(output.table, "\(output.diagnostics)")
    }

    /// Runs one stroke through `path`, 10 ms apart; the events and explanations.
    static func run(_ table: GestureTable, _ path: [SIMD2<Double>], change: ((inout Engine) throws -> Void)? = nil) rethrows -> ([String], [String]) {
        var engine = Engine(table: table)
        engine.explains = true
        try change?(&engine)
        for (i, p) in path.enumerated() {
            let phase: TouchPhase = i == 0 ? .began : i == path.count - 1 ? .ended : .moved
            engine.feed(TouchEvent(time: Microseconds(Int64(i) * 10_000), id: 1, phase: phase, x: p.x, y: p.y))
        }
        engine.finish()
        return (engine.events.map { "\(table.name(of: $0.gesture)) \($0.state)" }, engine.explanations.map { $0.message(in: table) })
    }

    @Test func degenerateStrokesNeitherCrashNorMatch() {
        var out = [Float](repeating: 0, count: StrokeTemplate.floats)
        func normalize(_ points: [SIMD2<Double>]) -> Bool {
            points.withUnsafeBufferPointer { p in out.withUnsafeMutableBufferPointer { StrokeTemplate.normalize(p.baseAddress!, count: p.count, into: $0.baseAddress!) } }
        }
        #expect(!normalize([[1, 1]]))
        #expect(!normalize(Array(repeating: [5, 5], count: 100)))  // a dot
        #expect(!normalize([[0, 0], [1e300, 1e300], [-1e300, 0]]))  // its length overflows
        for line in [[SIMD2<Double>(0, 0), [10, 0]], (0..<1_000).map { SIMD2(Double($0) * 0.1, Double($0) * 0.2) }] {
            #expect(normalize(line))
            #expect(out.allSatisfy { $0.isFinite })
            let norm = out.reduce(0) { $0 + Double($1) * Double($1) }
            #expect(abs(norm - 1) < 1e-5)
            var vector = [Float](repeating: 0, count: 2 * StrokeTemplate.vectorFloats)
            out.withUnsafeBufferPointer { p in
                vector.withUnsafeMutableBufferPointer {
                    StrokeTemplate.vector(p.baseAddress!, into: $0.baseAddress!)
                    StrokeTemplate.perpendicular($0.baseAddress!, into: $0.baseAddress! + StrokeTemplate.vectorFloats)
                }
            }
            #expect(vector.allSatisfy { $0.isFinite })
            let same = vector.withUnsafeBufferPointer {
                StrokeTemplate.score($0.baseAddress!, $0.baseAddress! + StrokeTemplate.vectorFloats, $0.baseAddress!, limit: .init(0.5))
            }
            #expect(abs(same - 1) < 1e-5)
        }
    }

    @Test func aTemplateStrokeRecognizesItsShapeAndExplainsWhatItRejects() throws {
        let table = try Self.table("gesture circle: stroke { examples: circle }")
        #expect(table.templates(of: 0).count == 5)
        #expect(Self.run(table, Self.shape(Self.circle, n: 50, scale: 1.3, at: [100, 400], wobble: 2)).0 == ["circle recognized"])
        let line = (0..<30).map { SIMD2(100 + Double($0) * 5, 100.0) }
        let (events, reasons) = Self.run(table, line)
        #expect(events == ["circle failed"])
        #expect(reasons.count == 1 && reasons[0].hasPrefix("'circle' failed: its closest template 'circle/e") && reasons[0].contains(", below minScore 0.8 (line 1)"),
                "\(reasons)")
        let (tapEvents, tapReasons) = Self.run(table, [[100, 100], [100, 100]])
        #expect(tapEvents == ["circle failed"] && tapReasons == ["'circle' failed: the stroke has no length to match its templates (line 1)"])
        // A stricter score at run time rejects the circle, a looser one accepts the line.
        let strict = try Self.run(table, Self.shape(Self.circle, wobble: 6)) { try $0.set(.minScore, to: .ratio(0.9999), gesture: 0, at: 0) }
        #expect(strict.0 == ["circle failed"])
        #expect(try Self.run(table, line) { try $0.set(.minScore, to: .ratio(0), gesture: 0, at: 0) }.0 == ["circle recognized"])
    }

    @Test func theBestMatchingTemplateStrokeWins() throws {
        let table = try Self.table("gesture circle: stroke { examples: circle }\ngesture triangle: stroke { examples: triangle }\ncircle with triangle")
        for (path, winner, loser) in [(Self.shape(Self.circle, wobble: 1), "circle", "triangle"), (Self.shape(Self.triangle, wobble: 1), "triangle", "circle")] {
            let (events, reasons) = Self.run(table, path)
            #expect(events.contains("\(winner) recognized") && events.contains("\(loser) failed"), "\(events)")
            // Each fails on its own threshold or because the other matched better; never both recognized.
            #expect(!events.contains("\(loser) recognized"))
            #expect(reasons.allSatisfy { $0.hasPrefix("'\(loser)' failed: ") }, "\(reasons)")
        }
        // Through the reference interpreter, the same decisions.
        let set = Self.compile("gesture circle: stroke { examples: circle }\ngesture triangle: stroke { examples: triangle }\ncircle with triangle").frontend.gestureSet
        var reference = ReferenceEngine(table: table, transitions: ReferenceTransitions(set))
        var engine = Engine(table: table)
        for (i, p) in Self.shape(Self.triangle, wobble: 1).enumerated() {
            let phase: TouchPhase = i == 0 ? .began : i == 59 ? .ended : .moved
            let e = TouchEvent(time: Microseconds(Int64(i) * 10_000), id: 1, phase: phase, x: p.x, y: p.y)
            reference.feed(e)
            engine.feed(e)
        }
        reference.finish()
        engine.finish()
        #expect(reference.events == engine.events)
    }

    /// A template stroke that asks a rival for its verdict before the rival
    /// has seen the lift's frame gets the verdict the rival reaches alone: both
    /// measure the same lifted path. Here the lift would be the sample that
    /// fills the kept path (64 points) and thins it, so measuring the rival
    /// before or after its own capture of the lift would differ.
    @Test func aRivalAskedFirstMeasuresTheSamePathAsAlone() throws {
        // The first gesture must reach its own minScore to ask the rival (a
        // circle), and not claim the touch from it (`with`), so that the rival's verdict is explained.
        let path = Self.shape(Self.circle, n: 65, wobble: 3)
        let rival = "gesture triangle: stroke { examples: triangle  turning: 0deg...0.001deg }"
        let alone = Self.run(try Self.table(rival), path).1
        let asked = Self.run(try Self.table("gesture circle: stroke { examples: circle }\n" + rival + "\ncircle with triangle"), path).1
        #expect(alone.count == 1 && alone[0].hasPrefix("'triangle' failed: its turning, "), "\(alone)")
        #expect(asked.contains(alone[0].replacingOccurrences(of: "(line 1)", with: "(line 2)")), "\(asked) \(alone)")
    }

    @Test func theCheckerSaysWhatIsWrongWithTheExamples() {
        func ids(_ text: String) -> [String] { Self.compile(text).diagnostics.filter { $0.severity == .error }.map(\.id) }
        #expect(ids("gesture s: stroke { examples: squares }") == ["no-examples"])
        #expect(Self.compile("gesture s: stroke { examples: squares }").diagnostics[0].message.contains("test.examples/squares/"))
        #expect(ids("gesture s: stroke { examples: one }") == ["too-few-examples"])
        #expect(ids("gesture s: stroke { examples: twoFingers }") == ["bad-example"])
        #expect(ids("gesture s: stroke { examples: circle  recognize: immediately }") == ["needs-on-lift"])
        #expect(ids("gesture s: stroke { examples: circle  maxTemplates: 0 }") == ["out-of-range"])
        #expect(ids("gesture s: stroke { examples: circle  minScore: 2 }") == ["out-of-range"])
        #expect(ids("gesture s: stroke {}") == ["missing-match"])
        // A pattern and templates together: both must hold.
        #expect(ids("gesture s: stroke { examples: circle  match: any* }").isEmpty)
    }

    @Test func theTableKeepsAtMostMaxTemplatesChosenAlike() throws {
        let three = try Self.table("gesture c: stroke { examples: circle  maxTemplates: 3 }")
        #expect(three.templates(of: 0).count == 3)
        #expect(try Self.table("gesture c: stroke { examples: circle  maxTemplates: 3 }") == three)
        let names = three.templates(of: 0).map { three.strings[Int(three.templateNames[$0])] }
        #expect(Set(names).count == 3 && names.allSatisfy { $0.hasPrefix("circle/e") })
    }

    /// `varyAspect` (...) add varied copies of every example, named after it,
    /// which compete with the examples for `maxTemplates`; a triangle drawn
    /// twice as wide as any example matches only with stretched copies.
    @Test func variedExamplesCompeteForTheTemplates() throws {
        func names(_ t: GestureTable) -> [String] { t.templates(of: 0).map { t.strings[Int(t.templateNames[$0])] } }
        let plain = try Self.table("gesture t: stroke { examples: triangle  minScore: 0.97 }")
        let varied = try Self.table("gesture t: stroke { examples: triangle  minScore: 0.97  varyAspect: 2  varyRounding: 10% }")
        #expect(names(plain).count == 5 && names(varied).count == 20)
        #expect(names(varied).contains("triangle/e0~1") && names(varied).contains("triangle/e4~3"))
        #expect(names(try Self.table("gesture t: stroke { examples: triangle  varyAspect: 2  maxTemplates: 5 }")).count == 5)
        let wide = Self.shape(Self.triangle).map { SIMD2(200 + ($0.x - 200) * 1.4, 200 + ($0.y - 200) / 1.4) }
        #expect(Self.run(plain, wide).0 == ["t failed"])
        #expect(Self.run(varied, wide).0 == ["t recognized"])
        func ids(_ text: String) -> [String] { Self.compile(text).diagnostics.filter { $0.severity == .error }.map(\.id) }
        #expect(ids("gesture t: stroke { examples: triangle  varyAspect: 0.5 }") == ["out-of-range"])
        #expect(ids("gesture t: stroke { examples: triangle  varyOvershoot: 30% }") == ["out-of-range"])
        #expect(ids("gesture t: tap { varyEnds: 10% }") == ["parameter-wrong-kind"])
        // On a stroke without examples they do nothing: a warning at each, the set still built.
        let pattern = Self.compile("gesture t: stroke { match: right  varyRounding: 10%  maxTemplates: 3  minScore: 0.9 }")
        #expect(pattern.table != nil)
        #expect(pattern.diagnostics.filter { $0.id == "needs-examples" }.map { $0.message.prefix(14) } == ["'varyRounding'", "'maxTemplates'"])
    }

    @Test func templateSectionsRoundTripAndAreValidated() throws {
        let table = try Self.table("gesture press: tap {}\ngesture circle: stroke { examples: circle }")
        #expect(try GestureTable(decoding: table.encoded()) == table)
        #expect(table.templateStart == [0, 0, 5])
        var bad = table
        bad.templatePoints[3] = .nan
        #expect(throws: TableError.invalid("templates")) { try TableFormat.validate(bad) }
        bad = table
        bad.gestures[1].strokeFlags &= ~GestureRecord.strokeTemplates
        #expect(throws: TableError.invalid("templates of gesture 1")) { try TableFormat.validate(bad) }
        bad = table
        bad.templateStart[2] = 4
        #expect(throws: TableError.self) { try TableFormat.validate(bad) }
        // Isolating a template stroke keeps its templates.
        let alone = table.isolating(1)
        #expect(alone.templates(of: 0).count == 5)
        #expect(throws: Never.self) { try TableFormat.validate(alone) }
    }
}

/// The pivots' bounds (`TemplateIndex`): never above the angle they bound,
/// for any stroke, template and rotation limit, including a stroke that is
/// one of the templates and templates that repeat.
@Suite struct TemplateIndexTests {
    @Test func theBoundIsNeverAboveTheTrueAngle() throws {
        var rng = SplitMix64(seed: 7)
        func scribble(_ legs: Int) -> [SIMD2<Double>] {
            (0...legs).map { _ in SIMD2(Double.random(in: 0...100, using: &rng), Double.random(in: 0...100, using: &rng)) }
        }
        var folder = (0..<30).map { StrokeExamples.Example(name: "many/e\($0)", points: scribble(2 + $0 % 5)) }
        folder.append(.init(name: "many/again", points: folder[3].points))
        let library = StrokeExamples(location: "test.examples", folders: ["many": folder])
        let output = Compiler.compile(SourceFile(path: "test.gesture", text: "gesture many: stroke { examples: many  maxTemplates: 1000 }"),
                                      examples: library)
        let table = try #require(output.table, "\(output.diagnostics)")
        let index = TemplateIndex(table)
        let range = table.templates(of: 0)
        #expect(range.count == 31)
        let floats = StrokeTemplate.vectorFloats
        var scratch = [Float](repeating: 0, count: StrokeTemplate.floats + 2 * floats)
        let strokes = (0..<200).map { scribble(1 + $0 % 8) } + folder.map(\.points)
        var checked = 0
        for stroke in strokes {
            try scratch.withUnsafeMutableBufferPointer { buffer in
                let points = buffer.baseAddress!, vector = points + StrokeTemplate.floats, perpendicular = vector + floats
                try #require(stroke.withUnsafeBufferPointer { StrokeTemplate.normalize($0.baseAddress!, count: $0.count, into: points) })
                StrokeTemplate.vector(points, into: vector)
                StrokeTemplate.perpendicular(vector, into: perpendicular)
                for degrees in [0.0, 10, 45, 120, 180] {
                    let limit = StrokeTemplate.RotationLimit(degrees * .pi / 180)
                    var angles = TemplateIndex.unmeasured
                    for p in 0..<TemplateIndex.pivotCount {
                        let k = Int(index.scan.base[range.lowerBound + p])
                        let cosines = StrokeTemplate.scoreRange(vector, perpendicular, index.vectors.base + k * floats, limit: limit)
                        (angles[p], angles[p + TemplateIndex.pivotCount]) = TemplateIndex.angles(best: cosines.best, worst: cosines.worst)
                    }
                    for i in range.dropFirst(TemplateIndex.pivotCount) {
                        let k = Int(index.scan.base[i])
                        let score = StrokeTemplate.score(vector, perpendicular, index.vectors.base + k * floats, limit: limit)
                        let bound = Double(index.bound(angles, k))
                        #expect(bound <= acos(min(1, score)), "template \(k), limit \(degrees)°: bound \(bound), score \(score)")
                        if bound > 0 { checked += 1 }
                    }
                }
            }
        }
        // The bounds bound something: most of them are above zero.
        #expect(checked > strokes.count * 5 * 29 / 2, "\(checked)")
    }
}
