import Foundation
import GestureCompiler
import GestureRuntime

/// `gspec graph`: the optimized automata as a Graphviz picture.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "graph",
        abstract: "Draw the optimized automata of a gesture set (Graphviz DOT, or SVG through 'dot').",
        discussion: "States are numbered as in the table; double circles are terminal, edges carry the symbols that leave a state."
    )

    @Arguments(usage: "<file.gesture>") var inputs: [String]
    @Option(name: "--gesture", placeholder: "name", help: "Draw only this gesture.") var gesture: String?
    @Option(name: "-o", placeholder: "file", help: "Write to a file: .dot, or .svg (needs Graphviz's 'dot' on PATH). Default: stdout.")
    var output: String?
    @OptionGroup var diagnostics: DiagnosticOptions

    func validate() throws(UsageError) {
        if inputs.count != 1 { throw UsageError("expected one .gesture file") }
    }

    func run(console: Console) -> ExitCode {
        guard case .success(let source)? = InputFiles.collect(inputs, extension: "gesture").first else {
            console.err("error: no such file or directory: '\(inputs[0])'\n")
            return .inputError
        }
        let compiled = Compiler.compile(source, examples: StrokeExamples.beside(source.path))
        console.err(diagnostics.renderer(for: console).render(compiled.diagnostics, in: source))
        guard let table = compiled.table else { return .inputError }
        var only: Int?
        if let name = gesture {
            let names = table.gestureIDs.map(table.name(of:))
            guard let g = names.firstIndex(of: name) else {
                var message = "error: no gesture '\(name)' in \(source.path)"
                if let s = closestMatch(to: name, in: names) { message += "; did you mean '\(s)'?" }
                console.err(message + "\n")
                return .inputError
            }
            only = g
        }
        let dot = TableEmitter.dot(table, only: only)
        guard let path = output else {
            console.out(dot)
            return .success
        }
        do {
            if path.hasSuffix(".svg") {
                try Self.svg(dot, to: path)
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
