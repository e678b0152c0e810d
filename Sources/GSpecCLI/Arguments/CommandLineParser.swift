import GestureRuntime
import GestureCompiler

/// Parsing, usage and help of a command, all from its declarations:
/// `--help` everywhere, `--name=value` and `--name value`, `--` ends
/// options, unknown options named with the closest real one suggested.
extension ParsableCommand {
    /// The command with its arguments filled in from `arguments` (the words
    /// after the subcommand), or nil when `--help` was asked for.
    static func parse(_ arguments: [String]) throws(UsageError) -> Self? {
        let command = Self()
        let definitions = argumentDefinitions(of: command)
        let positionals = definitions.first { if case .positionals = $0.kind { true } else { false } }
        var given: Set<String> = []
        var wantsHelp = false
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("-") || arg == "-" {
                guard let positionals else { throw UsageError("unexpected argument '\(arg)'") }
                try positionals.take(arg)
                continue
            }
            if arg == "--" {
                onlyPositionals = true
                continue
            }
            if arg == "--help" || arg == "-h" {
                wantsHelp = true
                continue
            }
            var key = arg
            var inlineValue: String?
            if let eq = arg.firstIndex(of: "=") {
                key = String(arg[..<eq])
                inlineValue = String(arg[arg.index(after: eq)...])
            }
            guard let definition = definitions.first(where: { $0.name == key && !$0.isPositionals }) else {
                var message = "unknown option '\(key)'"
                if let s = closestMatch(to: key, in: definitions.filter { !$0.isPositionals }.map(\.name) + ["--help"]) {
                    message += "; did you mean '\(s)'?"
                }
                throw UsageError(message)
            }
            given.insert(key)
            guard case .option(let placeholder, _, _) = definition.kind else {
                try definition.take(inlineValue)
                continue
            }
            if let inlineValue {
                try definition.take(inlineValue)
            } else if i < arguments.count {
                try definition.take(arguments[i])
                i += 1
            } else {
                throw UsageError("missing value for '\(key) <\(placeholder)>'")
            }
        }
        if wantsHelp { return nil }
        for d in definitions {
            if case .option(let placeholder, _, true) = d.kind, !given.contains(d.name) {
                throw UsageError("missing '\(d.name) <\(placeholder)>'")
            }
        }
        try command.validate()
        return command
    }

    /// `gspec build <file.gesture|dir>... [-o <out>] [--emit table|json|swift|dot] [--stats]`.
    static var usage: String {
        var words = ["gspec", configuration.name]
        for d in argumentDefinitions(of: Self()) {
            switch d.kind {
            case .positionals(let usage): words.append(usage)
            case .flag: words.append("[\(d.name)]")
            case .option(let placeholder, let choices, let isRequired):
                let word = "\(d.name) " + (choices.isEmpty ? "<\(placeholder)>" : choices.joined(separator: "|"))
                words.append(isRequired ? word : "[\(word)]")
            }
        }
        return words.joined(separator: " ")
    }

    /// What `gspec <command> --help` prints.
    static var helpText: String {
        let c = configuration
        var text = "OVERVIEW: \(c.abstract)\n\nUSAGE: \(usage)\n"
        if !c.discussion.isEmpty { text += "\n\(c.discussion)\n" }
        text += "\nOPTIONS:\n"
        let rows = argumentDefinitions(of: Self()).compactMap { d -> (String, String)? in
            switch d.kind {
            case .positionals: nil
            case .flag: (d.name, d.help)
            case .option(let placeholder, _, _): ("\(d.name) <\(placeholder)>", d.help)
            }
        } + [("-h, --help", "Show help information.")]
        let width = rows.map(\.0.count).max() ?? 0
        for (left, right) in rows {
            text += "  " + left + String(repeating: " ", count: width - left.count + 2) + right + "\n"
        }
        return text
    }
}

extension ArgumentDefinition {
    var isPositionals: Bool {
        if case .positionals = kind { true } else { false }
    }
}
