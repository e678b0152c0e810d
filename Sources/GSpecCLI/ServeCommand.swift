import Foundation

/// `gspec serve [spec] [--port N]`: the playground on http://127.0.0.1:N (docs/playground.md).
enum ServeCommand {
    static let spec = CommandLineSpec(
        name: "serve",
        abstract: "Serve the playground: edit a spec, draw gestures, watch the compiled set decide.",
        usage: "gspec serve [file.gesture] [--port N]",
        options: [
            .init(name: "--port", value: "N", help: "The port on 127.0.0.1 (default 8765; 0: any free port, printed)."),
        ],
        discussion: """
            Listens on 127.0.0.1 only and answers only to its own host name and origin.
            With a spec file, the page edits a copy of it (the file itself is not
            written) and 'Save as example' writes drawn traces with their expected
            events into the spec's NAME.tests/ directory, as 'gspec test' cases.
            """
    )

    static func run(_ parsed: CommandLineSpec.Parsed, console: Console) -> ExitCode {
        guard parsed.positionals.count <= 1 else {
            console.err("error: give at most one spec\nUsage: \(spec.usage)\n")
            return .usageError
        }
        let specPath = parsed.positionals.first.map { ($0 as NSString).standardizingPath }
        if let specPath, !FileManager.default.fileExists(atPath: specPath) {
            console.err("error: no such file or directory: '\(specPath)'\n")
            return .inputError
        }
        guard let port = UInt16(parsed.values["--port"] ?? "8765") else {
            console.err("error: --port takes a port number, got '\(parsed.values["--port"]!)'\n")
            return .usageError
        }
        signal(SIGPIPE, SIG_IGN)
        let playground = Playground(specPath: specPath.map { URL(fileURLWithPath: $0).path })
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
