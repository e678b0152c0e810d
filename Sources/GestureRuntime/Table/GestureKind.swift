/// The built-in gesture kinds a table can hold.
///
/// Raw values are stable: they are written into table files.
public enum GestureKind: UInt8, CaseIterable, Sendable {
    case tap = 0
    case longPress = 1
    case swipe = 2
    case pan = 3
    case pinch = 4
    case rotation = 5
    case stroke = 6
    /// The platform scrolling a view (v4): declared so that the set and its
    /// analyses see it; modelled as the platform behaves (format version 12).
    case scroll = 7

    /// The keyword that names the kind in a `.gesture` file.
    public var keyword: String {
        switch self {
        case .tap: "tap"
        case .longPress: "longPress"
        case .swipe: "swipe"
        case .pan: "pan"
        case .pinch: "pinch"
        case .rotation: "rotation"
        case .stroke: "stroke"
        case .scroll: "scroll"
        }
    }

    /// Continuous gestures report began/changed/ended; discrete ones report recognized.
    public var isContinuous: Bool {
        switch self {
        case .longPress, .pan, .pinch, .rotation, .scroll: true
        case .tap, .swipe, .stroke: false
        }
    }

    /// Whether `provisional: true` applies: a discrete report a `requires`
    /// rule holds between completing and being reported (a long press's
    /// report is its `began`).
    public var mayBeProvisional: Bool {
        switch self {
        case .tap, .longPress, .swipe, .stroke: true
        case .pan, .pinch, .rotation, .scroll: false
        }
    }

    /// Whether `hands over to` may link it: its touches can be measured from
    /// any moment of a live gesture (a long press, though continuous, is
    /// about one press).
    public var handsOver: Bool {
        switch self {
        case .pan, .pinch, .rotation, .scroll: true
        case .tap, .longPress, .swipe, .stroke: false
        }
    }

    /// Whether its keyword is contextual: a kind only after a gesture's `:`,
    /// still free to name a gesture or a constant elsewhere (the v4 kinds,
    /// so that earlier specs that named a gesture `scroll` keep their meaning).
    public var isContextual: Bool {
        switch self {
        case .tap, .longPress, .swipe, .pan, .pinch, .rotation, .stroke: false
        case .scroll: true
        }
    }

    /// Looks a kind up by its keyword.
    public init?(keyword: String) {
        guard let kind = Self.allCases.first(where: { $0.keyword.isSame(as: keyword) }) else { return nil }
        self = kind
    }
}
