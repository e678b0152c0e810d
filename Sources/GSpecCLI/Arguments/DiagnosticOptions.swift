import GestureCompiler

/// `--color auto|always|never`: the option of every command that prints diagnostics.
struct DiagnosticOptions: ParsableArguments {
    enum Color: String, CaseIterable, ArgumentValue {
        case auto, always, never
    }

    @Option(name: "--color", placeholder: "when", help: "Color diagnostics: auto (when stderr is a terminal), always or never.")
    var color: Color = .auto

    /// The renderer for `console`: colored when asked, or by default when stderr is a terminal.
    func renderer(for console: Console) -> DiagnosticRenderer {
        DiagnosticRenderer(colored: color == .always || color == .auto && console.errIsTerminal)
    }
}
