import GestureLanguageServer

/// `gspec lsp`: a Language Server Protocol server over stdin and stdout (docs/editors.md).
enum LspCommand {
    static let spec = CommandLineSpec(
        name: "lsp",
        abstract: "Serve the Language Server Protocol over stdin and stdout.",
        usage: "gspec lsp",
        options: [],
        discussion: """
            For editors: point an LSP client at 'gspec lsp' for .gesture files
            (docs/editors.md). Diagnostics as 'gspec check' reports them, hover,
            go to definition, references, rename, completion, quick fixes from
            fix-its, formatting as 'gspec fmt' and document symbols. Nothing but
            protocol messages is written to stdout.
            """
    )

    static func run(_ parsed: CommandLineSpec.Parsed, console: Console) -> ExitCode {
        ServerLoop.run() == 0 ? .success : .inputError
    }
}
