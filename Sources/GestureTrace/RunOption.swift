import GestureRuntime

/// An option of `gspec run` that the WebAssembly runner takes too: the one
/// list from which the module's `gspec_run` entry, `Runtime.run`'s `flags`
/// object, gspec-run.mjs's command line and the names and help of the native
/// command's flags (`RunCommand`'s `@RunOptions`) come. A new option is one
/// case here and its meaning in `RunSettings.set`; the native-against-wasm
/// test (`WebRuntimeTests.gspecRunMjsIsGspecRun`) fails until it has a case
/// that uses it.
package enum RunOption: UInt8, SpecWord {
    case allStates, deliveries, explain, screen, staleTouchTimeout

    /// The key of `Runtime.run`'s `flags` object.
    package var name: String {
        switch self {
        case .allStates: "allStates"
        case .deliveries: "deliveries"
        case .explain: "explain"
        case .screen: "screen"
        case .staleTouchTimeout: "staleTouchTimeout"
        }
    }

    /// The command-line spelling.
    package var flag: String {
        switch self {
        case .allStates: "--all-states"
        case .deliveries: "--deliveries"
        case .explain: "--explain"
        case .screen: "--screen"
        case .staleTouchTimeout: "--stale-touch-timeout"
        }
    }

    /// What its value is called in usage lines; nil for a flag, which takes none.
    package var placeholder: String? {
        switch self {
        case .allStates, .deliveries, .explain: nil
        case .screen: "WxH"
        case .staleTouchTimeout: "seconds"
        }
    }

    package var help: String {
        switch self {
        case .allStates: "Also print 'failed' for gestures that were in an attempt."
        case .deliveries: "Also print what the views receive: touchesBegan/Moved/Ended/Cancelled, in order."
        case .explain: "Print failed gestures with the reason and spec line, and gestures held by a rule."
        case .screen: "The screen size in points for screen-edge pans, when the trace has no {\"screen\":[W,H]} line."
        case .staleTouchTimeout: "Cancel a touch that has had no sample for this long (default: never)."
        }
    }

    /// Every option as JSON (`[{"name","flag","placeholder","help"}]`), for the WebAssembly runner's callers.
    package static var json: String {
        "[" + allCases.map { o in
            "{\"name\":\(JSON.quoted(o.name)),\"flag\":\(JSON.quoted(o.flag)),"
                + "\"placeholder\":\(o.placeholder.map(JSON.quoted) ?? "null"),\"help\":\(JSON.quoted(o.help))}"
        }.joined(separator: ",") + "]"
    }
}

extension RunSettings {
    /// Sets `option`: a flag (its value ignored) turns on; an option takes the text given.
    package mutating func set(_ option: RunOption, _ value: String) {
        switch option {
        case .allStates: allStates = true
        case .deliveries: deliveries = true
        case .explain: explain = true
        case .screen: screen = value
        case .staleTouchTimeout: staleTouchTimeout = value
        }
    }

    /// The settings of `lines`: one option a line, `name` or `name=value` (the
    /// WebAssembly runner's form), and the first unknown name, if any.
    package static func parsing(_ lines: String) -> (settings: RunSettings, unknown: String?) {
        var settings = RunSettings()
        for line in lines.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let option = RunOption(name: String(parts[0])) else { return (settings, String(parts[0])) }
            settings.set(option, parts.count > 1 ? String(parts[1]) : "")
        }
        return (settings, nil)
    }
}
