import Foundation
import GestureCompiler

/// `gspec fmt`: rewrite spec files in the canonical layout (docs/formatting.md).
struct FmtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "fmt",
        abstract: "Rewrite .gesture files in the canonical layout.",
        discussion: """
            Directories are searched recursively for .gesture files. Formatting keeps
            every token and comment and changes only the layout, so the formatted file
            compiles to the same table (its lines aside). A file with syntax errors is
            left as it is and its errors are printed; the exit status is then 1.
            """
    )

    @Arguments(usage: "<file.gesture|dir>...") var inputs: [String]
    @Flag(name: "--check", help: "Write nothing; show what would change in each file (a unified diff) and exit 1 if any would.") var check: Bool
    @OptionGroup var diagnostics: DiagnosticOptions

    func validate() throws(UsageError) {
        if inputs.isEmpty { throw .missingInput }
    }

    func run(console: Console) -> ExitCode {
        let renderer = diagnostics.renderer(for: console)
        var failed = false, changed = false
        for input in InputFiles.collect(inputs, extension: "gesture") {
            guard case .success(let source) = input else {
                if case .failure(let message) = input { console.err("error: \(message.text)\n") }
                failed = true
                continue
            }
            switch SpecFormatter.format(source) {
            case .failure(.syntax(let diagnostics)):
                console.err(renderer.render(diagnostics, in: source))
                failed = true
            case .failure(.wouldLoseText):
                console.err("error: \(source.path): not formatted: the layout would change its tokens (a gspec bug; please report it)\n")
                failed = true
            case .success(let text):
                guard Array(text.utf8) != source.bytes else { continue }
                changed = true
                if check {
                    console.out("\(source.path): not formatted\n" + Self.diff(String(decoding: source.bytes, as: UTF8.self), text, path: source.path))
                } else if !FileManager.default.createFile(atPath: source.path, contents: Data(text.utf8)) {
                    console.err("error: cannot write '\(source.path)'\n")
                    failed = true
                }
            }
        }
        return failed || (check && changed) ? .inputError : .success
    }
}
