import GestureCompiler

/// `gspec check <file|dir>...`: diagnostics only.
enum CheckCommand {
    static let spec = CommandLineSpec(
        name: "check",
        abstract: "Parse and check .gesture files and print their diagnostics.",
        usage: "gspec check <file.gesture|dir>... [--color auto|always|never]",
        options: [
            CommandLineSpec.colorOption,
        ],
        discussion: """
            Directories are searched recursively for .gesture files. Diagnostics go to
            stderr as 'path:line:col: error|warning|note: message' with the source line
            and a caret. Exit status: 0 no errors (warnings allowed), 1 errors in the
            input or a missing file, 2 a wrong command line.
            """
    )

    static func run(_ parsed: CommandLineSpec.Parsed, console: Console) -> ExitCode {
        guard !parsed.positionals.isEmpty else {
            console.err("error: missing input: give .gesture files or directories\nUsage: \(spec.usage)\n")
            return .usageError
        }
        let renderer = DiagnosticRenderer(colored: colored(parsed, console))
        var failed = false
        for input in InputFiles.collect(parsed.positionals, extension: "gesture") {
            switch input {
            case .failure(let message):
                console.err("error: \(message.text)\n")
                failed = true
            case .success(let source):
                let result = Frontend.check(source)
                console.err(renderer.render(result.diagnostics, in: source))
                failed = failed || result.diagnostics.hasErrors
            }
        }
        return failed ? .inputError : .success
    }

    static func colored(_ parsed: CommandLineSpec.Parsed, _ console: Console) -> Bool {
        switch parsed.values["--color"] ?? "auto" {
        case "always": true
        case "never": false
        default: console.errIsTerminal
        }
    }
}
