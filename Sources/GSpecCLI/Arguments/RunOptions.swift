import GestureTrace

/// `@RunOptions var settings: RunSettings`: one argument per `RunOption`,
/// named, shown and explained by the list, so that a new shared option is a
/// case there and its meaning in `RunSettings.set`, and `gspec run` takes it
/// as the WebAssembly runner does.
@propertyWrapper
struct RunOptions: DeclaresArguments {
    final class Definition: ArgumentDefinition {
        let option: RunOption
        /// The text given ("" for a flag); nil when not given.
        var value: String?

        init(_ option: RunOption) {
            self.option = option
            super.init(name: option.flag,
                       kind: option.placeholder.map { .option(placeholder: $0, choices: [], isRequired: false) } ?? .flag,
                       help: option.help)
        }

        override func take(_ text: String?) throws(UsageError) {
            if option.placeholder == nil && text != nil { throw UsageError("option '\(name)' takes no value") }
            value = text ?? ""
        }
    }

    let all = RunOption.allCases.map(Definition.init)
    var definitions: [ArgumentDefinition] { all }

    /// The settings the given options make.
    var wrappedValue: RunSettings {
        var settings = RunSettings()
        for d in all { if let value = d.value { settings.set(d.option, value) } }
        return settings
    }

    init() {}
}
