import GestureLanguageServer

/// `gspec lsp`: a Language Server Protocol server over stdin and stdout (docs/editors.md).
struct LspCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "lsp",
        abstract: "Serve the Language Server Protocol over stdin and stdout (for editors).",
        discussion: """
            For editors: point an LSP client at 'gspec lsp' for .gesture files
            (docs/editors.md). Diagnostics as 'gspec check' reports them, hover,
            go to definition, references, rename, completion, quick fixes from
            fix-its, formatting as 'gspec fmt' and document symbols. Nothing but
            protocol messages is written to stdout.
            """
    )

    /// VS Code's language client adds `--stdio` to the command it starts.
    @Flag(name: "--stdio", help: "Accepted for clients that pass it: stdin and stdout are the only transport.") var stdio: Bool

    func run(console: Console) -> ExitCode {
        ServerLoop.run() == 0 ? .success : .inputError
    }
}
