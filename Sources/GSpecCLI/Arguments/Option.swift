/// A type an option's text converts to.
protocol ArgumentValue {
    init?(argument: String)
    /// The allowed spellings, when the value is one of a few words (checked while parsing, listed in help).
    static var choices: [String] { get }
}

extension ArgumentValue {
    static var choices: [String] { [] }
}

extension ArgumentValue where Self: RawRepresentable & CaseIterable, RawValue == String {
    init?(argument: String) { self.init(rawValue: argument) }
    static var choices: [String] { allCases.map(\.rawValue) }
}

extension String: ArgumentValue {
    init?(argument: String) { self = argument }
}

extension Optional: ArgumentValue where Wrapped: ArgumentValue {
    init?(argument: String) {
        guard let value = Wrapped(argument: argument) else { return nil }
        self = value
    }
    static var choices: [String] { Wrapped.choices }
}

/// One declared argument of a command. Reference types, so that parsing can
/// fill in the properties of a command value found by reflection.
class ArgumentDefinition {
    enum Kind {
        /// `--name <placeholder>` (or `--name=value`); a required one must be given.
        case option(placeholder: String, choices: [String], isRequired: Bool)
        /// `--name`, no value.
        case flag
        /// The words that are not options, as the usage line shows them (`<file.gesture|dir>...`).
        case positionals(usage: String)
    }

    let name: String
    let kind: Kind
    let help: String

    init(name: String, kind: Kind, help: String) {
        (self.name, self.kind, self.help) = (name, kind, help)
    }

    /// Takes the option's text (nil for a flag); throws when it is not a valid value.
    func take(_ text: String?) throws(UsageError) {}
}

/// `@Option(name: "--emit", placeholder: "form", help: "...") var emit: Emit = .table`.
@propertyWrapper
struct Option<Value: ArgumentValue> {
    final class Definition: ArgumentDefinition {
        var value: Value
        init(_ value: Value, name: String, placeholder: String, isRequired: Bool, help: String) {
            self.value = value
            super.init(name: name, kind: .option(placeholder: placeholder, choices: Value.choices, isRequired: isRequired), help: help)
        }
        override func take(_ text: String?) throws(UsageError) {
            guard let text, let v = Value(argument: text) else {
                let choices = Value.choices
                throw UsageError("invalid value '\(text ?? "")' for '\(name)'"
                                 + (choices.isEmpty ? "" : "; expected one of \(choices.joined(separator: ", "))"))
            }
            value = v
        }
    }

    let definition: Definition
    var wrappedValue: Value { definition.value }

    init(wrappedValue: Value, name: String, placeholder: String, help: String) {
        definition = Definition(wrappedValue, name: name, placeholder: placeholder, isRequired: false, help: help)
    }

    /// An option without a default: nil when not given, or a usage error when `isRequired`.
    init(name: String, placeholder: String, isRequired: Bool = false, help: String) where Value: ExpressibleByNilLiteral {
        definition = Definition(nil, name: name, placeholder: placeholder, isRequired: isRequired, help: help)
    }
}

/// `@Flag(name: "--stats", help: "...") var stats: Bool`.
@propertyWrapper
struct Flag {
    final class Definition: ArgumentDefinition {
        var isSet = false
        override func take(_ text: String?) throws(UsageError) {
            guard text == nil else { throw UsageError("option '\(name)' takes no value") }
            isSet = true
        }
    }

    let definition: Definition
    var wrappedValue: Bool { definition.isSet }

    init(name: String, help: String) {
        definition = Definition(name: name, kind: .flag, help: help)
    }
}

/// `@Arguments(usage: "<file.gesture|dir>...") var inputs: [String]`: the words that are not options.
@propertyWrapper
struct Arguments {
    final class Definition: ArgumentDefinition {
        var values: [String] = []
        override func take(_ text: String?) throws(UsageError) {
            if let text { values.append(text) }
        }
    }

    let definition: Definition
    var wrappedValue: [String] { definition.values }

    init(usage: String) {
        definition = Definition(name: usage, kind: .positionals(usage: usage), help: "")
    }
}

/// A property that declares arguments (reflection finds them through this).
protocol DeclaresArguments {
    var definitions: [ArgumentDefinition] { get }
}

extension Option: DeclaresArguments {
    var definitions: [ArgumentDefinition] { [definition] }
}

extension Flag: DeclaresArguments {
    var definitions: [ArgumentDefinition] { [definition] }
}

extension Arguments: DeclaresArguments {
    var definitions: [ArgumentDefinition] { [definition] }
}

/// Options several commands share, declared once in a struct of their own
/// (`@OptionGroup var diagnostics: DiagnosticOptions`).
protocol ParsableArguments {
    init()
}

@propertyWrapper
struct OptionGroup<Value: ParsableArguments>: DeclaresArguments {
    var wrappedValue = Value()
    init() {}
    var definitions: [ArgumentDefinition] { argumentDefinitions(of: wrappedValue) }
}

/// The arguments `value`'s properties declare, in declaration order.
func argumentDefinitions(of value: Any) -> [ArgumentDefinition] {
    Mirror(reflecting: value).children.flatMap { ($0.value as? DeclaresArguments)?.definitions ?? [] }
}

extension UInt16: ArgumentValue {
    init?(argument: String) { self.init(argument) }
}

extension Int: ArgumentValue {
    init?(argument: String) { self.init(argument) }
}
