import Foundation
import GSpecFuzz
import GestureCompiler
import GestureRuntime
import Testing

/// Inputs at and past the documented limits work or fail with an error that
/// names the limit; the fuzz targets run here briefly with a fixed seed.
@Suite struct ResourceLimitTests {
    @Test func tenThousandGesturesCompileAndRun() throws {
        var text = ""
        for i in 0..<10_000 {
            switch i % 4 {
            case 0: text += "gesture g\(i): tap { taps: \(i % 3 + 1) }\n"
            case 1: text += "gesture g\(i): pan {}\n"
            case 2: text += "gesture g\(i): stroke { match: down-right up-right }\n"
            default: text += "gesture g\(i): pinch {}\n"
            }
        }
        for i in stride(from: 0, to: 9_996, by: 4) { text += "g\(i) requires g\(i + 4) to fail\ng\(i + 1) with g\(i + 3)\n" }
        let output = Compiler.compile(SourceFile(path: "big.gesture", text: text))
        guard let table = output.table else {
            Issue.record("did not compile: \(output.diagnostics.first?.message ?? "")")
            return
        }
        #expect(table.gestures.count == 10_000)
        let reloaded = try GestureTable(decoding: table.encoded())
        var engine = Engine(table: reloaded)
        engine.feed(TouchEvent(time: 0, id: 1, phase: .began, x: 0, y: 0))
        engine.feed(TouchEvent(time: 50_000, id: 1, phase: .ended, x: 0, y: 0))
        engine.finish()
        #expect(engine.events.contains { $0.state == .recognized })
    }

    @Test func stateExplosionIsACompileErrorAtTheGesture() {
        // "any* right any{12}" needs a DFA state per possible last-13 window: thousands.
        let text = "gesture fine: tap {}\ngesture blowUp: stroke { match: any* right any{12} }\n"
        let output = Compiler.compile(SourceFile(path: "x.gesture", text: text))
        #expect(output.table == nil)
        let error = output.diagnostics.first { $0.id == "state-explosion" }
        #expect(error?.message.contains("4096") == true)
        #expect(error.map { SourceFile(path: "x.gesture", text: text).text($0.range) } == "blowUp")
    }

    @Test func hugePatternsAndDeepNestingAreRefused() {
        let huge = Compiler.compile(SourceFile(path: "x", text: "gesture s: stroke { match: ((right left){1000}){1000} }\n"))
        #expect(huge.diagnostics.map(\.id) == ["pattern-too-large"])
        let deep = String(repeating: "(", count: 100_000) + "right" + String(repeating: ")", count: 100_000)
        let nested = Compiler.compile(SourceFile(path: "x", text: "gesture s: stroke { match: \(deep) }\n"))
        #expect(nested.diagnostics.map(\.id) == ["pattern-too-deep"])
    }

    /// Every input the fuzzers ever crashed on, kept under Regressions/ and
    /// replayed through its target (the file name's first word).
    @Test func fuzzFindingsStayFixed() throws {
        let dir = RuntimePaths.tests.appendingPathComponent("Regressions")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(!names.isEmpty)
        for name in names {
            let bytes = Array(try Data(contentsOf: dir.appendingPathComponent(name)))
            switch name.prefix(while: { $0 != "-" }) {
            case "table":
                #expect(throws: TableError.self) { try GestureTable(decoding: bytes) }
                FuzzTargets.table(bytes)
            case "crafted":
                // A table crafted past its checksum (a section's bit flipped, length and
                // checksum made right) that trapped a reader once: now it loads and runs,
                // or is refused, through the runtime and the C interface alike.
                _ = try? GestureTable(decoding: bytes)
                FuzzTargets.table(bytes)
                CInterfaceFuzz.run(CInterfaceFuzz.input(table: bytes, calls: (0..<900).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))
            case "capi": CInterfaceFuzz.run(bytes)
            case "engine": FuzzTargets.engine(bytes)
            case "host": FuzzTargets.host(bytes)
            case "trace": FuzzTargets.trace(bytes)
            default: FuzzTargets.compiler(bytes)
            }
        }
    }

    @Test func seededFuzzTargetsHoldTheirInvariants() throws {
        var rng = SplitMix64(seed: 0xF022)
        func next() -> UInt64 { rng.next() }
        let table = FuzzTargets.allKinds.encoded()
        let spec = Array("gesture a: tap { taps: 2 }\ngesture b: stroke { match: (right | up)+ }\na with b\n".utf8)
        for round in 0..<2_000 {
            var damaged = table
            for _ in 0..<(1 + next() % 3) { damaged[Int(next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: next()) }
            FuzzTargets.table(damaged)
            FuzzTargets.tableSections((0..<Int(next() % 80)).map { _ in UInt8(truncatingIfNeeded: next()) })
            var text = spec
            text[Int(next() % UInt64(text.count))] = UInt8(truncatingIfNeeded: next() % 128)
            FuzzTargets.compiler(text)
            FuzzTargets.engine((0..<Int(next() % 600)).map { _ in UInt8(truncatingIfNeeded: next()) })
            FuzzTargets.host((0..<Int(next() % 600)).map { _ in UInt8(truncatingIfNeeded: next()) })
            var trace = Array(#"{"t":0.1,"touch":1,"phase":"began","x":5,"y":5,"view":"child"}"#.utf8) + [10]
                + Array(#"{"t":0.2,"set":"drag","enabled":false}"#.utf8) + [10] + Array(#"{"t":0.3,"touch":1,"phase":"ended","x":5,"y":5}"#.utf8)
            for _ in 0..<(1 + next() % 4) { trace[Int(next() % UInt64(trace.count))] = UInt8(truncatingIfNeeded: next() % 128) }
            FuzzTargets.trace(trace)
            // The C interface, less often: a sequence of a hundred calls costs as much as the rest together.
            if round % 5 == 0 {
                CInterfaceFuzz.run(CInterfaceFuzz.input(table: next() % 4 == 0 ? damaged : table,
                                                        calls: (0..<Int(next() % 900)).map { _ in UInt8(truncatingIfNeeded: next()) }))
            }
        }
        FuzzTargets.table(table)
    }
}
