import Foundation
import GestureTrace
import GestureCompiler
import GestureLanguageServer

/// `gspec-bench lsp`: how soon `gspec lsp` publishes after a change, end to
/// end through its real loop over pipes (debounce included), on a generated
/// set (`--gestures N`, 300 by default). Each run types one character into a
/// parameter value and times the front end's publish and then the
/// analysis's, beside the time `gspec check` (front end and analysis) takes
/// on the same text in this process.
func languageServerBench() {
    let count = options.gestures.first ?? 300
    let text = SpecGenerator.gestureSet(count: count)
    let uri = "file:///bench/generated.gesture"
    var toServer: [Int32] = [0, 0], fromServer: [Int32] = [0, 0]
    guard pipe(&toServer) == 0, pipe(&fromServer) == 0 else { fail("cannot make pipes") }
    let (input, output) = (toServer[0], fromServer[1])
    Thread { _ = ServerLoop.run(input: input, output: output) }.start()

    func send(_ message: JSON) {
        let bytes = MessageFramer.frame(message.serialized)
        _ = bytes.withUnsafeBytes { write(toServer[1], $0.baseAddress, $0.count) }
    }
    var framer = MessageFramer()
    var pending: [JSON] = []
    func next(where match: (JSON) -> Bool) -> JSON {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let i = pending.firstIndex(where: match) { return pending.remove(at: i) }
            let n = buffer.withUnsafeMutableBytes { read(fromServer[0], $0.baseAddress, $0.count) }
            guard n > 0 else { fail("the server closed its output") }
            for case .message(let body) in framer.push(buffer[0..<n]) {
                if let m = try? JSON.parse(body) { pending.append(m) }
            }
        }
    }
    func published(_ version: Int) -> (JSON) -> Bool {
        { $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["version"]?.int == version }
    }

    send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
    _ = next { $0["id"]?.int == 1 }
    send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
        "textDocument": ["uri": .string(uri), "version": 1, "languageId": "gesture", "text": .string(text)]]])
    _ = next(where: published(1))
    _ = next(where: published(1))

    // Type a digit after `taps: 1` of the first gesture, then take it back.
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let row = lines.firstIndex { $0.contains("gesture g0:") }!
    let column = lines[row].distance(from: lines[row].startIndex, to: lines[row].firstRange(of: "taps: 1")!.upperBound)
    var frontEnd: [Double] = [], analysis: [Double] = [], check: [Double] = []
    for run in 0..<options.runs {
        let version = run + 2
        let typing = run % 2 == 0
        let range: JSON = ["start": ["line": JSON(row), "character": JSON(column)],
                           "end": ["line": JSON(row), "character": JSON(column + (typing ? 0 : 1))]]
        let t0 = nanoseconds()
        send(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
            "textDocument": ["uri": .string(uri), "version": JSON(version)],
            "contentChanges": [["range": range, "text": typing ? "0" : ""]]]])
        _ = next(where: published(version))
        let t1 = nanoseconds()
        _ = next(where: published(version))
        let t2 = nanoseconds()
        frontEnd.append(Double(t1 - t0) / 1e6)
        analysis.append(Double(t2 - t0) / 1e6)
        // `gspec check` on the same text, in this process.
        let line = Array(lines[row])
        lines[row] = String(line[..<column]) + (typing ? "0" : "") + String(line[(column + (typing ? 0 : 1))...])
        let c0 = nanoseconds()
        let checked = Frontend.check(SourceFile(path: "generated.gesture", text: lines.joined(separator: "\n")))
        _ = Analyzer.analyze(checked.gestureSet, source: checked.source)
        check.append(Double(nanoseconds() - c0) / 1e6)
    }
    print("gspec lsp on a generated \(count)-gesture spec (\(text.utf8.count) bytes), \(options.runs) edits, end to end over pipes")
    print(String(format: "  front-end diagnostics published: median %.1f ms, max %.1f ms after the change (debounce %.0f ms included)",
                 median(frontEnd), frontEnd.max()!, LanguageServer.debounce * 1000))
    print(String(format: "  analysis warnings published:     median %.1f ms after the change; gspec check on the same text: median %.1f ms",
                 median(analysis), median(check)))
    report["lsp"] = ["gestures": count, "frontEndMs": median(frontEnd), "frontEndMaxMs": frontEnd.max()!,
                     "analysisMs": median(analysis), "checkMs": median(check)]
}
