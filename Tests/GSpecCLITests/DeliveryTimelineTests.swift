import Foundation
import GestureTrace
import Testing

/// docs/delivery.md shows one timeline per delivery case, drawn from the
/// golden traces' expected output, so the pictures cannot drift from what
/// `gspec run --deliveries` prints (re-record with GSPEC_RECORD=1).
@Suite struct DeliveryTimelineTests {
    static let doc = CLIPaths.packageRoot.appendingPathComponent("docs/delivery.md")
    static let traces = GoldenTraceTests.golden.appendingPathComponent("traces")

    /// Two columns: what the views receive, and the gestures' events.
    static func timeline(_ expected: String) throws -> String {
        var rows = ["  t (s)   view receives                        gestures"]
        for line in expected.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let t = String(line.dropFirst(5).prefix { $0 != "," })
            let view = object["view"] as? String ?? "window"
            if let phase = object["delivery"] as? String {
                let touches = (object["touches"] as? [Int] ?? []).map(String.init).joined(separator: ",")
                var cell = "\(view)  \(phase) [\(touches)]"
                if let from = object["from"] as? String { cell += " from \(from)" }
                rows.append(pad(t, 8) + "  " + cell)
            } else {
                let gesture = object["gesture"] as? String ?? "?"
                let state = object["state"] as? String ?? "?"
                rows.append(pad(t, 8) + "  " + String(repeating: " ", count: 37) + "\(gesture) \(state) (\(view))")
            }
        }
        return rows.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            .joined(separator: "\n")
    }

    static func pad(_ s: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - s.count)) + s
    }

    /// The page with every timeline block drawn from the golden outputs.
    static func regenerated(_ page: String) throws -> String {
        var out: [String] = []
        var lines = page.components(separatedBy: "\n")[...]
        while let line = lines.popFirst() {
            out.append(line)
            guard line.hasPrefix("<!-- timeline: "), line.hasSuffix(" -->") else { continue }
            let name = String(line.dropFirst("<!-- timeline: ".count).dropLast(" -->".count))
            // Drop the old block, if any.
            if lines.first == "", lines.dropFirst().first == "```text" {
                lines = lines.dropFirst(2)
                while let l = lines.popFirst(), l != "```" {}
            }
            let expected = try String(contentsOf: traces.appendingPathComponent("\(name).expected"), encoding: .utf8)
            out += ["", "```text", try timeline(expected), "```"]
        }
        return out.joined(separator: "\n")
    }

    @Test func timelinesMatchTheGoldenOutputs() throws {
        let page = try String(contentsOf: Self.doc, encoding: .utf8)
        let fresh = try Self.regenerated(page)
        if ProcessInfo.processInfo.environment["GSPEC_RECORD"] == "1" {
            try fresh.write(to: Self.doc, atomically: true, encoding: .utf8)
        } else {
            #expect(page == fresh, "docs/delivery.md is out of date: run GSPEC_RECORD=1 swift test")
        }
    }

    @Test func everyDeliveryCaseHasATimeline() throws {
        let page = try String(contentsOf: Self.doc, encoding: .utf8)
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.traces.path)
            .filter { $0.hasPrefix("delivery-") && $0.hasSuffix(".jsonl") }
        #expect(names.count >= 8)
        for name in names {
            #expect(page.contains("<!-- timeline: \(name.dropLast(".jsonl".count)) -->"), "no timeline for \(name)")
        }
    }
}
