import GestureCompiler

/// The `gspec` command: dispatches to a subcommand and returns the exit status.
public enum GSpec {
    /// Printed by `gspec --version`.
    public static let version = "0.1.0"

    static let commands: [String: CommandLineSpec] = [
        "build": BuildCommand.spec,
        "check": CheckCommand.spec,
        "diff": DiffCommand.spec,
        "eval": EvalCommand.spec,
        "fmt": FmtCommand.spec,
        "lsp": LspCommand.spec,
        "serve": ServeCommand.spec,
        "graph": GraphCommand.spec,
        "run": RunCommand.spec,
        "test": TestCommand.spec,
    ]

    static let overview = """
        OVERVIEW: gspec compiles declarative touch-gesture specs (.gesture files).

        USAGE: gspec <subcommand>

        SUBCOMMANDS:
          build   Compile .gesture files to table files.
          check   Parse and check .gesture files and print diagnostics.
          diff    Compare two versions of a gesture set by behaviour, not text.
          eval    Measure a gesture set on a labelled dataset of traces.
          fmt     Rewrite .gesture files in the canonical layout.
          lsp     Serve the Language Server Protocol over stdin and stdout (for editors).
          serve   Serve the playground on http://127.0.0.1: edit a spec, draw gestures, watch it decide.
          graph   Draw the optimized automata of a gesture set.
          run     Run a gesture set on a recorded touch trace and print its gesture events.
          test    Test compiled gesture sets against their specs: thresholds and example traces.

        OPTIONS:
          --version   Show the version.
          -h, --help  Show help information.

          See 'gspec <subcommand> --help' for a subcommand's options.

        """

    /// Runs `gspec` with the arguments after the program name.
    public static func run(_ arguments: [String], console: Console) -> ExitCode {
        guard let first = arguments.first else {
            console.err(overview)
            return .usageError
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1, let spec = commands[arguments[1]] {
                console.out(spec.helpText)
            } else {
                console.out(overview)
            }
            return .success
        case "--version":
            console.out("gspec \(version)\n")
            return .success
        default:
            break
        }
        guard let spec = commands[first] else {
            var message = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown subcommand '\(first)'"
            if let s = closestMatch(to: first, in: commands.keys.sorted() + ["--help", "--version"]) {
                message += "; did you mean '\(s)'?"
            }
            console.err("error: \(message)\nSee 'gspec --help'.\n")
            return .usageError
        }
        let parsed: CommandLineSpec.Parsed
        do {
            parsed = try spec.parse(Array(arguments.dropFirst()))
        } catch {
            console.err("error: \(error.message)\nUsage: \(spec.usage)\nSee 'gspec \(first) --help'.\n")
            return .usageError
        }
        if parsed.wantsHelp {
            console.out(spec.helpText)
            return .success
        }
        switch first {
        case "build": return BuildCommand.run(parsed, console: console)
        case "run": return RunCommand.run(parsed, console: console)
        case "graph": return GraphCommand.run(parsed, console: console)
        case "diff": return DiffCommand.run(parsed, console: console)
        case "eval": return EvalCommand.run(parsed, console: console)
        case "fmt": return FmtCommand.run(parsed, console: console)
        case "lsp": return LspCommand.run(parsed, console: console)
        case "serve": return ServeCommand.run(parsed, console: console)
        case "test": return TestCommand.run(parsed, console: console)
        default: return CheckCommand.run(parsed, console: console)
        }
    }
}
