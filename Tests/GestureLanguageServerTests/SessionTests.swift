import GestureCompiler
import GestureTrace
import Foundation
import GestureLanguageServer
import GestureRuntime
import Testing

/// Scripted sessions with `gspec lsp` over pipes, as an editor drives it.
@Suite(.serialized) struct SessionTests {
    let uri = "file:///tmp/gspec-lsp-test/taps.gesture"

    static let taps = """
        /// Select the item.
        gesture singleTap: tap { taps: 1 }

        /// Zoom in or out.
        gesture doubleTap: tap { taps: 2  maxInterval: 300ms }

        singleTap requires doubleTap to fail

        """

    private func messages(_ diagnostics: [JSON]?) -> [String] {
        (diagnostics ?? []).compactMap { $0["message"]?.string }
    }

    @Test func diagnosticsFollowIncrementalEditsAndAnalysisComesSecond() throws {
        let client = try LSPClient()
        try client.initialize()
        client.open(uri, "gesture a: tapp {}\n")
        let first = client.diagnostics(uri, version: 1) { !$0.isEmpty }
        #expect(messages(first).contains { $0.contains("unknown gesture kind 'tapp'") })
        #expect(first?.first?["range"] == LSPClient.range((0, 11), (0, 15)))
        #expect(first?.first?["severity"]?.int == 1 && first?.first?["code"]?.string == "unknown-kind")

        // Fix the kind with an incremental edit, then add a second tap: the analysis finds the conflict.
        client.change(uri, version: 2, (0, 11), (0, 15), "tap")
        #expect(client.diagnostics(uri, version: 2) { $0.isEmpty } != nil)
        client.change(uri, version: 3, (1, 0), (1, 0), "gesture b: tap {}\n")
        let analysed = client.diagnostics(uri, version: 3) { $0.contains { $0["code"]?.string == "preempted" } }
        let conflict = try #require(analysed?.first { $0["code"]?.string == "preempted" })
        #expect(conflict["severity"]?.int == 2)
        #expect(conflict["message"]?.string?.contains("witness") == true)
        #expect(conflict["range"] == LSPClient.range((1, 8), (1, 9)))
        let related = try #require(conflict["relatedInformation"]?.array?.first)
        #expect(related["message"]?.string == "'a' is declared here")
        #expect(related["location"]?["range"] == LSPClient.range((0, 8), (0, 9)))

        // The quick fix is the rule the warning proposes.
        let actions = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": LSPClient.range((1, 0), (1, 5)), "context": ["diagnostics": []],
        ])
        let titles = actions["result"]?.array?.compactMap { $0["title"]?.string } ?? []
        #expect(titles.contains { $0.contains("a requires b to fail") || $0.contains("a with b") }, "\(titles)")
        #expect(try client.shutdown() == 0)
        #expect(client.unframed.isEmpty)
    }

    /// A conflict a parameter can settle offers one quick fix per
    /// alternative: the rule (preferred), `wins over` (v4, the winner being
    /// continuous), then each verified parameter change, as an edit of the
    /// gesture's own declaration.
    @Test func conflictQuickFixesIncludeParameterChanges() throws {
        let client = try LSPClient()
        try client.initialize()
        client.open(uri, "gesture open: tap {}\ngesture reorder: longPress { duration: 400ms }\n")
        _ = client.diagnostics(uri, version: 1) { $0.contains { $0["code"]?.string == "conflict" } }
        let actions = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": LSPClient.range((1, 0), (1, 5)), "context": ["diagnostics": []],
        ])["result"]?.array ?? []
        let titles = actions.compactMap { $0["title"]?.string }
        #expect(titles.count == 4 && titles.contains("Add 'open wins over reorder'"), "\(titles)")
        #expect(actions.filter { $0["isPreferred"]?.bool == true }.compactMap { $0["title"]?.string }
                    == ["Add 'reorder requires open to fail'"], "\(titles)")
        func edit(_ title: String) -> JSON? {
            actions.first { $0["title"]?.string == title }?["edit"]?["changes"]?[uri]?.array?.first
        }
        let add = try #require(edit("Add 'maxDuration: 400ms'"), "\(titles)")
        #expect(add["range"] == LSPClient.range((0, 19), (0, 19)) && add["newText"]?.string == " maxDuration: 400ms ")
        let replace = try #require(edit("Replace with 'duration: 500ms'"), "\(titles)")
        #expect(replace["range"] == LSPClient.range((1, 29), (1, 44)) && replace["newText"]?.string == "duration: 500ms")
        #expect(try client.shutdown() == 0)
    }

    /// A file being typed has errors; a gesture whose own declaration checks still shows its values.
    @Test func hoverShowsEffectiveParametersDespiteAnErrorElsewhere() throws {
        let client = try LSPClient()
        try client.initialize()
        client.open(uri, Self.taps + "singleTap requires tripleTap to fail\ngesture broken: tap { taps: 0 }\n")
        let diagnostics = client.diagnostics(uri, version: 1) { !$0.isEmpty }
        #expect(messages(diagnostics).contains { $0.contains("unknown gesture 'tripleTap'") })
        let hover = try client.request("textDocument/hover", LSPClient.at(uri, 4, 10))["result"]?["contents"]?["value"]?.string
        let text = try #require(hover)
        #expect(text.contains("**doubleTap**: tap gesture") && text.contains("| `maxInterval` | 300ms |"), "\(text)")
        #expect(text.contains("| `slop` | 10pt (default) |") && text.contains("| `taps` | 2 |"), "\(text)")
        // A gesture with an error of its own has no values to show, only its kind.
        let broken = try client.request("textDocument/hover", LSPClient.at(uri, 8, 10))["result"]?["contents"]?["value"]?.string
        #expect(broken?.contains("**broken**: tap gesture") == true && broken?.contains("| parameter |") == false, "\(broken ?? "")")
        #expect(try client.shutdown() == 0)
    }

    @Test func hoverDefinitionReferencesRenameSymbolsAndFormatting() throws {
        let client = try LSPClient()
        try client.initialize()
        client.open(uri, Self.taps)
        _ = client.diagnostics(uri, version: 1)

        // Hover on a use of doubleTap in the rule: kind, doc, effective parameters with defaults, latency.
        var hover: String?
        for _ in 0..<50 {  // the latency line appears once the analysis has run
            hover = try client.request("textDocument/hover", LSPClient.at(uri, 6, 25))["result"]?["contents"]?["value"]?.string
            if hover?.contains("latency: worst") == true { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let text = try #require(hover)
        #expect(text.contains("**doubleTap**: tap gesture") && text.contains("Zoom in or out."))
        #expect(text.contains("| `maxInterval` | 300ms |") && text.contains("| `slop` | 10pt (default) |"))
        #expect(text.contains("latency: worst 0 ms"), "\(text)")
        let singleHover = try client.request("textDocument/hover", LSPClient.at(uri, 1, 10))["result"]?["contents"]?["value"]?.string
        #expect(singleHover?.contains("waits for `doubleTap` to fail") == true, "\(singleHover ?? "")")
        // Hover on a parameter name: its meaning and default.
        let parameter = try client.request("textDocument/hover", LSPClient.at(uri, 4, 36))["result"]?["contents"]?["value"]?.string
        #expect(parameter?.contains("**maxInterval**") == true && parameter?.contains("default: 300ms") == true)

        let definition = try client.request("textDocument/definition", LSPClient.at(uri, 6, 25))["result"]
        #expect(definition?["range"] == LSPClient.range((4, 8), (4, 17)))
        let references = try client.request("textDocument/references", LSPClient.at(uri, 4, 10))["result"]?.array
        #expect(references?.count == 2)

        let rename = try client.request("textDocument/rename", LSPClient.at(uri, 1, 9).merging(["newName": "tapOnce"]))
        let edits = rename["result"]?["changes"]?[uri]?.array ?? []
        #expect(edits.count == 2 && edits.allSatisfy { $0["newText"]?.string == "tapOnce" })
        let clash = try client.request("textDocument/rename", LSPClient.at(uri, 1, 9).merging(["newName": "doubleTap"]))
        #expect(clash["error"]?["code"]?.int == -32803)
        let keyword = try client.request("textDocument/rename", LSPClient.at(uri, 1, 9).merging(["newName": "gesture"]))
        #expect(keyword["error"] != nil)

        let symbols = try client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])["result"]?.array
        #expect(symbols?.compactMap { $0["name"]?.string } == ["singleTap", "doubleTap", "singleTap requires doubleTap to fail"])
        #expect(symbols?[1]["children"]?.array?.compactMap { $0["name"]?.string } == ["taps", "maxInterval"])

        client.change(uri, version: 2, (1, 0), (1, 34), "gesture   singleTap:tap{taps:1}")
        let format = try client.request("textDocument/formatting", ["textDocument": ["uri": .string(uri)],
                                                                      "options": ["tabSize": 4, "insertSpaces": true]])
        let newText = format["result"]?.array?.first?["newText"]?.string
        #expect(newText == Self.taps)
        #expect(try client.shutdown() == 0)
    }

    @Test func completionOffersWhatFitsWhereTheCursorIs() throws {
        let client = try LSPClient()
        try client.initialize()
        let text = """
            let gap = 300ms
            gesture one: tap { taps: 2  }
            gesture two: swipe {
                directions: 
            }
            gesture three: 
            one requires 
            view list {
                gestures: 
            }

            """
        client.open(uri, text)
        func labels(_ line: Int, _ character: Int) throws -> [String] {
            try client.request("textDocument/completion", LSPClient.at(uri, line, character))["result"]?.array?
                .compactMap { $0["label"]?.string } ?? []
        }
        #expect(try labels(5, 15).contains("longPress"))
        #expect(try labels(6, 13).starts(with: ["one", "two"]))
        #expect(try labels(3, 16).contains("left") && labels(3, 16).contains("gap") == true)
        #expect(try labels(8, 14).contains("two"))
        // Parameter names of the kind, inserted with a value and its unit.
        let items = try client.request("textDocument/completion", LSPClient.at(uri, 1, 28))["result"]?.array ?? []
        #expect(items.contains { $0["label"]?.string == "maxInterval" && $0["insertText"]?.string == "maxInterval: 300ms" })
        #expect(!items.contains { $0["label"]?.string == "directions" })
        #expect(try client.shutdown() == 0)
    }

    /// A hand-over from a scroll (v4) completes with `at`, then the edges; a
    /// hand-over from a pan is offered neither.
    @Test func scrollHandOversCompleteWithTheirEdges() throws {
        let client = try LSPClient()
        try client.initialize()
        let text = """
            gesture list: scroll { axis: vertical }
            gesture sheet: pan { axis: vertical }
            list hands over to sheet 
            list hands over to sheet at 
            sheet hands over to list 

            """
        client.open(uri, text)
        _ = client.diagnostics(uri, version: 1)
        func labels(_ line: Int, _ character: Int) throws -> [String] {
            try client.request("textDocument/completion", LSPClient.at(uri, line, character))["result"]?.array?
                .compactMap { $0["label"]?.string } ?? []
        }
        #expect(try labels(2, 25) == ["at"])
        #expect(try labels(3, 28) == ScreenEdge.names)
        #expect(try labels(4, 25).isEmpty)
        #expect(try client.shutdown() == 0)
    }

    /// Modes (v3): hover shows a gesture's condition as written and what a
    /// mode is; completion offers modes in a condition, pointer kinds after
    /// `input:`, and gestures and rule words in a rule list.
    @Test func modesConditionsAndRuleListsInHoverAndCompletion() throws {
        let client = try LSPClient()
        try client.initialize()
        let text = """
            mode zoomed
            gesture move: pan { enabled: zoomed  }
            gesture dismiss: pan { enabled: not zoomed  input:  }
            gesture tapIt: tap { enabled:  }
            move, dismiss requires 
            move, 

            """
        client.open(uri, text)
        _ = client.diagnostics(uri, version: 1)
        // ('dismiss' and 'tapIt' are being typed: only 'move' checks.)
        let hover = try client.request("textDocument/hover", LSPClient.at(uri, 1, 10))["result"]?["contents"]?["value"]?.string ?? ""
        #expect(hover.contains("| `enabled` | zoomed |") && hover.contains("| `input` | touch \\| pen (default) |"), "\(hover)")
        let mode = try client.request("textDocument/hover", LSPClient.at(uri, 1, 32))["result"]?["contents"]?["value"]?.string ?? ""
        #expect(mode.contains("mode `zoomed`"), "\(mode)")
        func labels(_ line: Int, _ character: Int) throws -> [String] {
            try client.request("textDocument/completion", LSPClient.at(uri, line, character))["result"]?.array?
                .compactMap { $0["label"]?.string } ?? []
        }
        #expect(try labels(3, 30).contains("zoomed") && labels(3, 30).contains("not"))
        #expect(try labels(2, 51) == ["touch", "pen", "mouse", "any"])
        #expect(try labels(4, 23).starts(with: ["move", "dismiss", "tapIt"]))
        #expect(try labels(5, 6).starts(with: ["move", "dismiss"]))
        let symbols = try client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])["result"]?.array
        #expect(symbols?.first?["name"]?.string == "mode zoomed")
        #expect(try client.shutdown() == 0)
    }

    /// Provisional recognition and hand-over (v3): hover explains the
    /// parameter and shows the provisional latency; completion offers the
    /// rule's words (`hands over to`, then `over to`) and gestures after them.
    @Test func provisionalAndHandOverInHoverAndCompletion() throws {
        let client = try LSPClient()
        try client.initialize()
        let text = """
            gesture select: tap { provisional: true }
            gesture zoomIn: tap { taps: 2 }
            select requires zoomIn to fail
            gesture list: pan {}
            gesture sheet: pan {}
            list hands over to sheet

            """
        client.open(uri, text)
        _ = client.diagnostics(uri, version: 1)
        let parameter = try client.request("textDocument/hover", LSPClient.at(uri, 0, 25))["result"]?["contents"]?["value"]?.string ?? ""
        #expect(parameter.contains("**provisional**") && parameter.contains("`retracted`"), "\(parameter)")
        var hover = ""
        for _ in 0..<50 {  // the latency line appears once the analysis has run
            hover = try client.request("textDocument/hover", LSPClient.at(uri, 0, 10))["result"]?["contents"]?["value"]?.string ?? ""
            if hover.contains("latency: worst") { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(hover.contains("| `provisional` | true |") && hover.contains("shown provisional after 0 ms"), "\(hover)")
        // Rules being typed (a second document: these lines do not parse yet).
        let typing = "file:///tmp/typing.gesture"
        client.open(typing, text + "sheet \nsheet hands \nlist hands over to \n")
        func labels(_ line: Int, _ character: Int) throws -> [String] {
            try client.request("textDocument/completion", LSPClient.at(typing, line, character))["result"]?.array?
                .compactMap { $0["label"]?.string } ?? []
        }
        #expect(try labels(6, 6) == ["requires", "with", "after", "hands over to", "wins over"])
        #expect(try labels(7, 12) == ["over to"])
        #expect(try labels(8, 19).starts(with: ["select", "zoomIn", "list", "sheet"]))
        #expect(try client.shutdown() == 0)
    }

    /// Positions are UTF-16 code units: after an emoji (two units) and an
    /// accented letter (one), columns and edits land where the editor means.
    @Test func utf16ColumnsAfterNonASCIIText() throws {
        let client = try LSPClient()
        try client.initialize()
        client.open(uri, "gesture a: tap { taps: 2 } /* 😀é */ gesture b: tapp {}\n")
        let diagnostics = client.diagnostics(uri, version: 1) { !$0.isEmpty }
        // "gesture a: tap { taps: 2 } /* " is 30 units, the emoji 2, "é */ gesture b: " 16: 'tapp' starts at 48.
        #expect(diagnostics?.first?["range"] == LSPClient.range((0, 48), (0, 52)))
        client.change(uri, version: 2, (0, 48), (0, 52), "pan")
        #expect(client.diagnostics(uri, version: 2) { $0.isEmpty } != nil)
        let hover = try client.request("textDocument/hover", LSPClient.at(uri, 0, 45))["result"]?["contents"]?["value"]?.string
        #expect(hover?.contains("**b**: pan gesture") == true)
        #expect(try client.shutdown() == 0)
    }

    /// A burst of 100 edits sent at once publishes diagnostics once, for the last text.
    @Test func aBurstOfEditsPublishesOnlyForTheLastText() throws {
        let client = try LSPClient()
        try client.initialize()
        client.open(uri, "gesture a: tap {}\n")
        _ = client.diagnostics(uri, version: 1)
        var burst: [UInt8] = []
        for v in 2...101 {
            // Alternately break and mend the kind: every odd version has an error.
            let text = v % 2 == 0 ? "tapp" : "tap"
            burst += client.frame(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
                "textDocument": ["uri": .string(uri), "version": JSON(v)],
                "contentChanges": [["range": LSPClient.range((0, 11), (0, v % 2 == 0 ? 14 : 15)), "text": .string(text)]],
            ]])
        }
        client.send(raw: burst)
        let last = client.diagnostics(uri, version: 101)
        #expect(last?.isEmpty == true)
        _ = try client.request("shutdown", .null)
        let versions = client.messages.filter { $0["method"]?.string == "textDocument/publishDiagnostics" }
            .compactMap { $0["params"]?["version"]?.int }
        #expect(!versions.contains { $0 > 1 && $0 < 101 }, "published for intermediate versions: \(versions)")
        client.notify("exit", .null)
    }

    @Test func cancelledRequestGetsTheCancelledError() throws {
        let client = try LSPClient()
        try client.initialize()
        client.open(uri, Self.taps)
        let hover = client.frame(["jsonrpc": "2.0", "id": 77, "method": "textDocument/hover", "params": LSPClient.at(uri, 1, 10)])
        let cancel = client.frame(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 77]])
        client.send(raw: hover + cancel)
        let response = try client.response(to: 77)
        #expect(response["error"]?["code"]?.int == -32800)
        #expect(try client.shutdown() == 0)
    }

    /// Bad messages get the protocol's error reply, and the server goes on serving.
    @Test func badMessagesGetErrorsAndTheServerKeepsServing() throws {
        let client = try LSPClient()
        _ = try client.request("textDocument/hover", LSPClient.at(uri, 0, 0))  // before initialize
        #expect(client.messages.last?["error"]?["code"]?.int == -32002)
        try client.initialize()
        client.send(raw: Array("Content-Length: 9\r\n\r\n{not json".utf8))
        client.send(raw: Array("Content-Type: x\r\n\r\n".utf8))  // no length
        client.send(raw: Array("Content-Length: 99999999999\r\n\r\n".utf8))  // over the limit: refused unread
        client.send(raw: client.frame(["jsonrpc": "2.0", "id": 500, "method": "no/such/method"]))
        client.send(raw: client.frame(["jsonrpc": "2.0", "id": ["an", "array"], "method": "shutdown"]))
        client.send(raw: client.frame([1, 2, 3]))
        let unopened = try client.request("textDocument/hover", LSPClient.at("file:///never/opened.gesture", 0, 0))
        #expect(unopened["error"]?["code"]?.int == -32602)
        client.open(uri, "gesture a: tap {}\n")
        let pastEnd = try client.request("textDocument/hover", LSPClient.at(uri, 40, 0))
        #expect(pastEnd["error"]?["code"]?.int == -32602)
        #expect(try client.response(to: 500)["error"]?["code"]?.int == -32601)
        let errors = client.messages.filter { $0["id"] == .null }.compactMap { $0["error"]?["code"]?.int }
        #expect(errors.filter { $0 == -32700 }.count == 3, "\(errors)")
        #expect(errors.contains(-32600))
        // Still serving: a real request is answered.
        let hover = try client.request("textDocument/hover", LSPClient.at(uri, 0, 8))
        #expect(hover["result"]?["contents"]?["value"]?.string?.contains("**a**: tap gesture") == true)
        #expect(try client.shutdown() == 0)
        #expect(client.unframed.isEmpty)
    }

    @Test func exitWithoutShutdownExitsOne() throws {
        let client = try LSPClient()
        try client.initialize()
        client.notify("exit", .null)
        let status = try client.exitStatus()
        #expect(status == 1)
    }
}

extension JSON {
    /// An object with `other`'s members added.
    func merging(_ other: JSON) -> JSON {
        guard case .object(let a) = self, case .object(let b) = other else { return self }
        return .object(a + b)
    }
}

extension LSPClient {
    func exitStatus() throws -> Int32 {
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline {
            if let status = status { return status }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw CancellationError()
    }
}
