import Foundation
@testable import GSpecCLI
import GestureRuntime
import GestureTrace
import Testing

/// gspec.wasm refuses a control call with a code and gspec.mjs words the
/// message from the catalogue (`RefusalCode`), ranges and numbers printed
/// in JavaScript: every message must be the native one, byte for byte.
@Suite struct WebRefusalTests {
    /// A spec whose run-time parameters have ranges with random ends (up to
    /// 17 significant digits, so that printing rounds), a gesture enabled by
    /// modes, one with an action on two views, one that hands over and a scroll.
    static func spec(_ rng: inout some RandomNumberGenerator) -> (text: String, gestures: [(name: String, kind: GestureKind)]) {
        var text = "mode editing\nmode locked\n"
        var gestures: [(String, GestureKind)] = []
        let runtime = GestureParameter.all.filter { $0.isRuntime && $0.type.dimension.unit != nil || $0.type == .ratio }
        for (k, p) in runtime.enumerated() {
            guard let kind = p.kinds.filter({ $0 != .stroke && $0 != .scroll }).randomElement(using: &rng) else { continue }
            // Two ends inside the parameter's own range, written in the unit messages use.
            let unit = p.type.dimension.unit
            func random() -> Double {
                let low = p.range.lower.isFinite ? p.range.lower : 0
                let high = p.range.upper.isFinite ? p.range.upper : low + [1, 1_000, 1_000_000].randomElement(using: &rng)!
                var v = low + (high - low) * Double.random(in: 0.001...0.999, using: &rng)
                if unit?.dimension == .duration { v = v.rounded() }
                return v
            }
            let (a, b) = { let x = random(), y = random(); return (min(x, y), max(x, y)) }()
            func written(_ v: Double) -> String {
                guard let unit else { return "\(v)" }
                return unit.dimension == .duration ? DurationText.literal(Int64(v)) : "\(unit.value(fromRuntime: v))\(unit.rawValue)"
            }
            text += "gesture g\(k): \(kind.keyword) { \(p.name): \(written(a)) in \(written(a))...\(written(b)) }\n"
            gestures.append(("g\(k)", kind))
        }
        text += """
            gesture moded: tap { enabled: editing and not locked }
            gesture menu: longPress { action: "Menu" }
            gesture sheet: pan { }
            gesture list: scroll { axis: vertical }
            sheet hands over to list
            view root {
                gestures: \(gestures.map(\.0).joined(separator: ", ")), moded, menu, sheet, list
                view card { gestures: menu }
            }

            """
        return (text, gestures + [("moded", .tap), ("menu", .longPress), ("sheet", .pan), ("list", .scroll)])
    }

    @Test(.enabled(if: WebRuntimeTests.node != nil, "LOUD SKIP: node is not installed; the web runtime's refusals were not checked"))
    func refusalsReadAsNatively() throws {
        try WebRuntimeTests.build()
        let dir = try WebRuntimeTests.scratch("gspec-refusals-")
        defer { try? FileManager.default.removeItem(at: dir) }
        var rng = SystemRandomNumberGenerator()
        var checked = 0, refused: Set<RefusalCode> = []
        for round in 0..<6 {
            let (text, gestures) = Self.spec(&rng)
            let spec = dir.appendingPathComponent("r\(round).gesture"), tablePath = dir.appendingPathComponent("r\(round).gtab")
            try text.write(to: spec, atomically: true, encoding: .utf8)
            let (status, _, errors) = run(["build", spec.path, "-o", tablePath.path, "--no-analysis"])
            try #require(status == .success, "\(errors)\n\(text)")
            let table = try GestureTable(decoding: Array(Data(contentsOf: tablePath)))
            // The calls, and the trace lines they are, applied natively in the same order.
            var engine = Engine(table: table)
            var calls: [[Any]] = [], expected: [String] = []
            let values = ["1pt", "1e3pt", "0.5s", "250ms", "45deg", "1rad", "300pt/s", "5%", "0.25", "-3pt", "abc", "1e400pt", "0x10pt", ".5e-1ms", "+3.pt"]
            for _ in 0..<300 {
                // Half the calls on the four gestures most refusals speak of.
                let (name, _) = Bool.random(using: &rng) ? gestures.suffix(4).randomElement(using: &rng)! : gestures.randomElement(using: &rng)!
                // Every instance of the name (menu is on two views), as a trace line names them.
                let instances = table.gestureIDs.filter { table.name(of: $0) == name }
                let g = instances[0]
                var line = TraceReader.ControlLine(time: engine.clock + 1, gestures: instances)
                switch Int.random(in: 0..<8, using: &rng) {
                case 0:
                    let on = Bool.random(using: &rng)
                    calls.append(["setEnabled", name, on]); line.enabled = on
                case 1: calls.append(["handOver", name]); line.handOver = true
                case 2:
                    let running = Bool.random(using: &rng)
                    calls.append(["setMomentum", name, running]); line.momentum = running
                case 3: calls.append(["scrollBegan", name]); line.scrollBegan = true
                case 4: calls.append(["performAction", name, ["x": 10, "y": 20]]); line.action = SIMD2(10, 20)
                default:
                    let parameter = (RuntimeParameter.allCases.map(\.rawValue) + ["taps", "bogus", "axis"]).randomElement(using: &rng)!
                    // Near a range's ends, or a value of any unit.
                    var value = values.randomElement(using: &rng)!
                    if let p = GestureParameter.named(parameter, for: table.kind(of: g)), let unit = p.type.dimension.unit,
                       let range = table.allowedRange(of: p, gesture: g), Bool.random(using: &rng) {
                        let end = Bool.random(using: &rng) ? range.lower : range.upper
                        value = "\(unit.value(fromRuntime: end) * Double.random(in: 0.5...1.5, using: &rng))\(unit.rawValue)"
                    }
                    calls.append(["set", name, parameter, value]); line.parameters = [(parameter, value)]
                }
                let message = TraceRun.apply(line, to: &engine, table: table)
                expected.append(message.map { "gspec: \($0)" } ?? "ok")
                if message != nil {
                    // Refused by the check, or (an action) by the engine: its gesture is disabled.
                    if case .failure(let r) = TraceRun.check(line, table: table) { refused.insert(r.code) } else { refused.insert(.disabledAction) }
                }
                engine.removeAllEvents()
            }
            let callsPath = dir.appendingPathComponent("r\(round).json")
            try JSONSerialization.data(withJSONObject: calls).write(to: callsPath)
            let (code, output) = try WebRuntimeTests.shell(WebRuntimeTests.node!, [WebRuntimeTests.root.appendingPathComponent("web/test/refusals.mjs").path,
                                                                                  tablePath.path, callsPath.path])
            try #require(code == 0, "\(output)")
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            #expect(lines.count == expected.count)
            for (k, (got, want)) in zip(lines, expected).enumerated() where got != want {
                Issue.record("call \(k) \(calls[k]): the page says \(got), natively \(want)\n\(text)")
            }
            checked += lines.count
        }
        #expect(checked == 1_800)
        // Every refusal a page can meet from the engine came up.
        for code: RefusalCode in [.handsOverToNone, .noAction, .disabledAction, .noMomentum, .notAScroll, .enabledByModes, .noValidValue, .structural,
                                  .unknownParameter, .notOfKind, .wrongUnit, .outOfRange] {
            #expect(refused.contains(code), "no call was refused with \(code)")
        }
    }
}
