/// A subcommand of `gspec`, described once: its configuration and its
/// `@Option`, `@Flag` and `@Arguments` properties drive parsing, the usage
/// line, `--help` and dispatch (`GSpec.commands`), as swift-argument-parser's
/// commands do, without the package.
protocol ParsableCommand {
    /// Name, one-line abstract and discussion.
    static var configuration: CommandConfiguration { get }
    /// Every argument at its default; parsing fills them in.
    init()
    /// Checks what the declarations cannot say (how many inputs, which
    /// combinations); a failure is a usage error with its message.
    func validate() throws(UsageError)
    /// Runs the parsed command.
    func run(console: Console) -> ExitCode
}

extension ParsableCommand {
    func validate() throws(UsageError) {}
}

/// What `gspec help` and the overview say of a command.
struct CommandConfiguration {
    /// The subcommand's word (`gspec build`).
    var name: String
    /// One line, for the overview and the top of `--help`.
    var abstract: String
    /// Paragraphs after the usage line in `--help`.
    var discussion: String = ""
}

/// A wrong command line, with the message to print (exit status 2).
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension UsageError {
    /// A command that takes files or directories was given none.
    static let missingInput = UsageError("missing input: give .gesture files or directories")
}
