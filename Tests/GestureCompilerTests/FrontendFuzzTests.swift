import Foundation
import GSpecFuzz
import Testing
@testable import GestureCompiler

/// Seeded fuzzing of the whole front end: random token soup and mutations of
/// the valid specs. The front end must never crash or hang, and every
/// diagnostic and note must lie inside the file.
@Suite struct FrontendFuzzTests {
    static let seeds: [[UInt8]] = {
        var files = Paths.files(in: Paths.packageRoot.appendingPathComponent("specs"), ext: "gesture")
        files += Paths.files(in: Paths.packageRoot.appendingPathComponent("grammar/examples"), ext: "gesture")
        return files.compactMap { try? Array(Data(contentsOf: $0)) }
    }()

    static let fragments: [String] = [
        "gesture ", "let ", "requires ", " to fail", " with ", "tap", "longPress", "swipe", "pan", "pinch",
        "rotation", "stroke", "scroll", "{", "}", "(", ")", ":", ",", "|", "=", "...", "?", "*", "+", "{2,}", "{3}",
        "taps", "touches", "slop", "maxInterval", "match", "segment", "axis", "threshold", "directions",
        "down-right", "up-right", "left", "right", "horizontal", "any", "10pt", "300ms", "0.05", "5deg",
        "300pt/s", "-1", "1...2", "2...", "true", "false", "//c\n", "/// doc\n", "/*", "*/", "\n", " ", "\t",
        "a", "b1", "é", "$", "\"", "\u{0}", "99999999999999999999999999999999", "1.5", "%", "\r\n",
    ]

    @Test func twentyThousandInputsNeverCrashAndStayInBounds() {
        var rng = SplitMix64(seed: 0x6573_7065_6321)
        var checked = 0
        var withErrors = 0
        for i in 0..<20_000 {
            let input = i % 2 == 0 ? soup(&rng) : mutate(Self.seeds[Int(rng.next() % UInt64(Self.seeds.count))], &rng)
            let source = SourceFile(path: "fuzz.gesture", bytes: input)
            let result = Frontend.check(source)
            for d in result.diagnostics {
                #expect(inBounds(d.range, source), "input \(i): \(d.message)")
                for note in d.notes { #expect(inBounds(note.range, source), "input \(i): \(note.message)") }
                let loc = source.location(of: d.range.start)
                #expect(loc.line >= 1 && loc.column >= 1)
            }
            _ = DiagnosticRenderer().render(result.diagnostics, in: source)
            checked += 1
            if result.diagnostics.hasErrors { withErrors += 1 }
        }
        #expect(checked == 20_000)
        // The generator must really produce broken input, or the test proves nothing.
        #expect(withErrors > 10_000)
    }

    private func inBounds(_ r: SourceRange, _ s: SourceFile) -> Bool {
        r.start >= 0 && r.start <= r.end && r.end <= s.bytes.count
    }

    private func soup(_ rng: inout SplitMix64) -> [UInt8] {
        var out: [UInt8] = []
        for _ in 0..<Int(rng.next() % 120) {
            out += Array(Self.fragments[Int(rng.next() % UInt64(Self.fragments.count))].utf8)
            if rng.next() % 3 == 0 { out.append(UInt8(ascii: " ")) }
        }
        return out
    }

    private func mutate(_ seed: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = seed
        for _ in 0..<(1 + Int(rng.next() % 6)) {
            let at = bytes.isEmpty ? 0 : Int(rng.next() % UInt64(bytes.count))
            switch rng.next() % 6 {
            case 0:  // delete a run
                let n = min(bytes.count - at, Int(rng.next() % 12))
                bytes.removeSubrange(at..<at + n)
            case 1:  // insert a fragment
                bytes.insert(contentsOf: Array(Self.fragments[Int(rng.next() % UInt64(Self.fragments.count))].utf8), at: at)
            case 2:  // flip a byte
                if !bytes.isEmpty { bytes[at] = UInt8(truncatingIfNeeded: rng.next()) }
            case 3:  // truncate
                bytes.removeSubrange(at...)
            case 4:  // duplicate a run
                let n = min(bytes.count - at, Int(rng.next() % 40))
                bytes.insert(contentsOf: bytes[at..<at + n], at: at)
            default:  // replace a byte by a structural one
                if !bytes.isEmpty { bytes[at] = Array("{}():|,\n".utf8)[Int(rng.next() % 8)] }
            }
        }
        return bytes
    }
}
