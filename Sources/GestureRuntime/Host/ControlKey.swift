/// What a control call says about a gesture besides a run-time parameter's
/// name: the keys of `gspec_engine_control` (native/include/gspec.h), of the
/// JavaScript and Java engines' control calls, and the fields of a trace's
/// control lines that carry them (docs/trace-format.md). Written once: the
/// header's `GSPEC_CONTROL_*` names, the Java and JavaScript lists of the
/// keys no parameter may take, and the exports' dispatch come from it.
public enum ControlKey: UInt8, SpecWord {
    /// `{"set":NAME,"enabled":true}`: the gesture on or off.
    case enabled
    /// `{"handOver":NAME}`: the app hands an active gesture over (v3).
    case handOver
    /// `{"scroll":NAME,"at":[...]}`: the edges of its content a scroll is at (v4).
    case scroll
    /// `{"scroll":NAME,"began":true}`: the platform began scrolling (v4).
    case began
    /// `{"scroll":NAME,"momentum":true}`: the platform's momentum runs, or no longer (v5).
    case momentum

    /// The key as a control call and a trace line spell it.
    public var name: String {
        switch self {
        case .enabled: "enabled"
        case .handOver: "handOver"
        case .scroll: "scroll"
        case .began: "began"
        case .momentum: "momentum"
        }
    }

    /// What its value is in a control call, for the header and the docs.
    public var value: String {
        switch self {
        case .enabled: "\"true\" or \"false\""
        case .handOver: "unused"
        case .scroll: "the edges' bits as one character: 1 << a gspec_direction, GSPEC_DIRECTION_UP the top"
        case .began: "unused"
        case .momentum: "\"true\" or \"false\""
        }
    }

    /// Every word a control call or line holds that names no run-time
    /// parameter: the keys above and the trace lines' own (`t`, `set`,
    /// `mode`, `on`, `at`, `action`). The Java and JavaScript engines refuse
    /// them as parameter names (a test keeps every parameter off the list).
    public static let reserved: [String] = names + ["t", "set", "mode", "on", "at", "action"]
}
