import GestureCompiler

/// A hand-written argument parser that behaves like swift-argument-parser:
/// `--help` everywhere, `--name=value` and `--name value`, unknown options
/// named with the closest real one suggested.
struct CommandLineSpec {
    struct Option {
        var name: String
        /// The value's placeholder, or nil for a flag.
        var value: String?
        var help: String
        /// Allowed values, when the option takes one of a few words.
        var choices: [String] = []
    }

    /// `--color auto|always|never`, shared by every command that prints diagnostics.
    static let colorOption = Option(name: "--color", value: "when",
                                    help: "Color diagnostics: auto (when stderr is a terminal), always or never.",
                                    choices: ["auto", "always", "never"])

    var name: String
    var abstract: String
    var usage: String
    var options: [Option]
    var discussion: String = ""

    /// What the parser found.
    struct Parsed {
        var flags: Set<String> = []
        var values: [String: String] = [:]
        var positionals: [String] = []
        var wantsHelp = false
    }

    /// A wrong command line, with the message to print.
    struct Failure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    func parse(_ arguments: [String]) throws(Failure) -> Parsed {
        var parsed = Parsed()
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("-") || arg == "-" {
                parsed.positionals.append(arg)
                continue
            }
            if arg == "--" {
                onlyPositionals = true
                continue
            }
            if arg == "--help" || arg == "-h" {
                parsed.wantsHelp = true
                continue
            }
            var key = arg
            var inlineValue: String?
            if let eq = arg.firstIndex(of: "=") {
                key = String(arg[..<eq])
                inlineValue = String(arg[arg.index(after: eq)...])
            }
            guard let option = options.first(where: { $0.name == key }) else {
                var message = "unknown option '\(key)'"
                if let s = closestOption(to: key) { message += "; did you mean '\(s)'?" }
                throw Failure(message)
            }
            guard let placeholder = option.value else {
                if inlineValue != nil { throw Failure("option '\(key)' takes no value") }
                parsed.flags.insert(key)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if i < arguments.count {
                value = arguments[i]
                i += 1
            } else {
                throw Failure("missing value for '\(key) <\(placeholder)>'")
            }
            if !option.choices.isEmpty && !option.choices.contains(value) {
                throw Failure("invalid value '\(value)' for '\(key)'; expected one of \(option.choices.joined(separator: ", "))")
            }
            parsed.values[key] = value
        }
        return parsed
    }

    private func closestOption(to key: String) -> String? {
        closestMatch(to: key, in: options.map(\.name) + ["--help"])
    }

    var helpText: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n"
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        text += "\nOPTIONS:\n"
        let rows = options.map { option in
            (option.value.map { "\(option.name) <\($0)>" } ?? option.name, option.help)
        } + [("-h, --help", "Show help information.")]
        let width = rows.map(\.0.count).max() ?? 0
        for (left, right) in rows {
            text += "  " + left + String(repeating: " ", count: width - left.count + 2) + right + "\n"
        }
        return text
    }
}
