import GestureRuntime
import GestureCompiler

/// The `gspec` command: dispatches to a subcommand and returns the exit status.
public enum GSpec {
    /// Printed by `gspec --version`.
    public static let version = Compiler.version

    /// Every subcommand, in the order the overview lists them: the one list
    /// dispatch, `gspec help`, suggestions and the overview read.
    static var commands: [any ParsableCommand.Type] {[
        BuildCommand.self, CheckCommand.self, DiffCommand.self, EvalCommand.self, FmtCommand.self,
        GraphCommand.self, LspCommand.self, RunCommand.self, ServeCommand.self, TestCommand.self,
    ]}

    /// What `gspec --help` prints (and, on stderr, a wrong subcommand).
    static var overview: String {
        // Closures, not key paths: a key path through a static member of an existential metatype crashes SILGen (Swift 6.3.1).
        let configurations = commands.map { $0.configuration }
        let width = configurations.map { $0.name.count }.max() ?? 0
        let rows = configurations.map { c in
            "  " + c.name + String(repeating: " ", count: width - c.name.count + 3) + c.abstract
        }
        return """
            OVERVIEW: gspec compiles declarative touch-gesture specs (.gesture files).

            USAGE: gspec <subcommand>

            SUBCOMMANDS:
            \(rows.joined(separator: "\n"))

            OPTIONS:
              --version   Show the version.
              -h, --help  Show help information.

              See 'gspec <subcommand> --help' for a subcommand's options.

            """
    }

    static func command(named name: String) -> (any ParsableCommand.Type)? {
        commands.first { $0.configuration.name == name }
    }

    /// Runs `gspec` with the arguments after the program name.
    public static func run(_ arguments: [String], console: Console) -> ExitCode {
        guard let first = arguments.first else {
            console.err(overview)
            return .usageError
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1, let command = command(named: arguments[1]) {
                console.out(command.helpText)
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
        guard let command = command(named: first) else {
            var message = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown subcommand '\(first)'"
            if let s = closestMatch(to: first, in: commands.map { $0.configuration.name } + ["--help", "--version"]) {
                message += "; did you mean '\(s)'?"
            }
            console.err("error: \(message)\n\n" + overview)
            return .usageError
        }
        do throws(UsageError) {
            guard let parsed = try command.parse(Array(arguments.dropFirst())) else {
                console.out(command.helpText)
                return .success
            }
            return parsed.run(console: console)
        } catch {
            console.err("error: \(error.message)\nUsage: \(command.usage)\nSee 'gspec \(first) --help'.\n")
            return .usageError
        }
    }
}
