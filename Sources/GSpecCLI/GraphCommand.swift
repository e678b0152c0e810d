import Foundation
import GestureCompiler
import GestureRuntime

/// `gspec graph`: the optimized automata as a Graphviz picture.
enum GraphCommand {
    static let spec = CommandLineSpec(
        name: "graph",
        abstract: "Draw the optimized automata of a gesture set (Graphviz DOT, or SVG through 'dot').",
        usage: "gspec graph <file.gesture> [--gesture NAME] [-o file.dot|file.svg]",
        options: [
            .init(name: "--gesture", value: "name", help: "Draw only this gesture."),
            .init(name: "-o", value: "file", help: "Write to a file: .dot, or .svg (needs Graphviz's 'dot' on PATH). Default: stdout."),
            CommandLineSpec.colorOption,
        ],
        discussion: "States are numbered as in the table; double circles are terminal, edges carry the symbols that leave a state."
    )

    static func run(_ parsed: CommandLineSpec.Parsed, console: Console) -> ExitCode {
        guard parsed.positionals.count == 1 else {
            console.err("error: expected one .gesture file\nUsage: \(spec.usage)\n")
            return .usageError
        }
        guard case .success(let source)? = InputFiles.collect(parsed.positionals, extension: "gesture").first else {
            console.err("error: no such file or directory: '\(parsed.positionals[0])'\n")
            return .inputError
        }
        let output = Compiler.compile(source, examples: StrokeExamples.beside(source.path))
        console.err(DiagnosticRenderer(colored: CheckCommand.colored(parsed, console)).render(output.diagnostics, in: source))
        guard let table = output.table else { return .inputError }
        var only: Int?
        if let name = parsed.values["--gesture"] {
            let names = table.gestures.indices.map(table.name(of:))
            guard let g = names.firstIndex(of: name) else {
                var message = "error: no gesture '\(name)' in \(source.path)"
                if let s = closestMatch(to: name, in: names) { message += "; did you mean '\(s)'?" }
                console.err(message + "\n")
                return .inputError
            }
            only = g
        }
        let dot = TableEmitter.dot(table, only: only)
        guard let path = parsed.values["-o"] else {
            console.out(dot)
            return .success
        }
        do {
            if path.hasSuffix(".svg") {
                try svg(dot, to: path)
            } else {
                try Data(dot.utf8).write(to: URL(fileURLWithPath: path))
            }
        } catch {
            console.err("error: \(error)\n")
            return .inputError
        }
        return .success
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Renders through Graphviz, found on PATH.
    private static func svg(_ dot: String, to path: String) throws {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        guard let tool = directories.map({ "\($0)/dot" }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw Failure(description: "writing SVG needs Graphviz's 'dot' on PATH; write '.dot' instead")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-Tsvg", "-o", path]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(dot.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "'dot' failed with status \(process.terminationStatus)")
        }
    }
}
