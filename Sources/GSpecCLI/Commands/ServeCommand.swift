import Foundation

/// `gspec serve [spec] [--port N]`: the playground on http://127.0.0.1:N (docs/playground.md).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "serve",
        abstract: "Serve the playground on http://127.0.0.1: edit a spec, draw gestures, watch it decide.",
        discussion: """
            Listens on 127.0.0.1 only and answers only to its own host name and origin.
            With a spec file, the page edits a copy of it (the file itself is not
            written) and 'Save as example' writes drawn traces with their expected
            events into the spec's NAME.tests/ directory, as 'gspec test' cases.
            With --files DIR, the files under DIR are served too (GET, at their
            paths under DIR): a page using the web runtime, such as Examples/web/.
            """
    )

    @Arguments(usage: "[file.gesture]") var inputs: [String]
    @Option(name: "--port", placeholder: "N", help: "The port on 127.0.0.1 (default 8765; 0: any free port, printed).")
    var port: UInt16 = 8765
    @Option(name: "--files", placeholder: "DIR", help: "Also serve the files under DIR (a web page using web/dist/gspec.mjs).")
    var files: String?

    func validate() throws(UsageError) {
        if inputs.count > 1 { throw UsageError("give at most one spec") }
    }

    func run(console: Console) -> ExitCode {
        let specPath = inputs.first.map { ($0 as NSString).standardizingPath }
        if let specPath, !FileManager.default.fileExists(atPath: specPath) {
            console.err("error: no such file or directory: '\(specPath)'\n")
            return .inputError
        }
        var isDirectory: ObjCBool = false
        if let files, !FileManager.default.fileExists(atPath: files, isDirectory: &isDirectory) || !isDirectory.boolValue {
            console.err("error: --files takes a directory: '\(files)'\n")
            return .inputError
        }
        signal(SIGPIPE, SIG_IGN)
        let playground = Playground(specPath: specPath.map { URL(fileURLWithPath: $0).path }, files: files.map(StaticFiles.init(directory:)))
        let server: HTTPServer
        do {
            server = try HTTPServer(port: port) { playground.handle($0) }
        } catch let error as ServeError {
            console.err("error: \(error.message)\n")
            return .inputError
        } catch {
            return .inputError
        }
        console.out("gspec playground on http://127.0.0.1:\(server.port)/\n")
        server.serve()
    }
}
