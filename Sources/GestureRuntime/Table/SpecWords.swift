/// A closed list of named cases that crosses into text: the words a spec
/// writes as a parameter's value (read by the checker, completion, `gspec
/// diff` and the editor grammar's test), and the names of event keys, record
/// slots and run options that JavaScript and TypeScript read. The cases, in
/// order, are the names, so a new one is one case.
public protocol SpecWord: CaseIterable, Hashable, Sendable where AllCases == [Self] {
    /// The word as a `.gesture` file spells it.
    var name: String { get }
}

extension SpecWord {
    /// Every word, in declaration order.
    public static var names: [String] { allCases.map { $0.name } }

    /// The case a spec's word names.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name.isSame(as: name) }) else { return nil }
        self = match
    }
}

/// The axis a pan or stroke measures movement on (the record's `axis`: the raw value).
public enum Axis: UInt8, SpecWord {
    case any = 0, horizontal = 1, vertical = 2

    public var name: String {
        switch self {
        case .any: "any"
        case .horizontal: "horizontal"
        case .vertical: "vertical"
        }
    }

    /// The word for the axis in a gesture of `kind`: a scroll's `any` is `both`.
    public func name(for kind: GestureKind) -> String {
        self == .any && kind == .scroll ? "both" : name
    }

    /// The words a gesture of `kind` writes for the axes.
    public static func names(for kind: GestureKind) -> [String] { allCases.map { $0.name(for: kind) } }

    /// The axis `word` names in a gesture of `kind`.
    public init?(name word: String, for kind: GestureKind) {
        guard let match = Self.allCases.first(where: { $0.name(for: kind) == word }) else { return nil }
        self = match
    }

    /// The direction classes a stroke on this axis can produce.
    public var directions: DirectionSet {
        switch self {
        case .any: .any
        case .horizontal: .horizontal
        case .vertical: .vertical
        }
    }
}

/// When a stroke or a tap decides.
public enum RecognizeMode: UInt8, SpecWord {
    /// Decided when the finger lifts: a stroke's whole segment sequence must
    /// match; a tap is recognized at its last press's lift.
    case onLift
    /// A stroke: recognized at the first step after which the segments so far match.
    case immediately
    /// A tap: recognized when its last press's fingers are down.
    case onPress

    public var name: String {
        switch self {
        case .onLift: "onLift"
        case .immediately: "immediately"
        case .onPress: "onPress"
        }
    }

    /// The modes `kind` accepts (the first is its default).
    public static func modes(for kind: GestureKind) -> [RecognizeMode] {
        switch kind {
        case .tap: [.onLift, .onPress]
        case .longPress, .swipe, .pan, .pinch, .rotation, .stroke, .scroll: [.onLift, .immediately]
        }
    }
}

/// What a tap does after the press it counts to: UIKit's `tapCount`.
public enum SeriesMode: UInt8, SpecWord {
    /// The series ends with the gesture's decision; the next press starts a new one (v1).
    case restart
    /// The series goes on: the gesture fires at the n-th tap, once per series,
    /// and later presses within `maxInterval` and `tapDistance` continue it.
    case continues

    public var name: String {
        switch self {
        case .restart: "restart"
        case .continues: "continues"
        }
    }
}

/// What a transform does when its finger count changes (v5 `fingers`; the
/// record's `fingers` byte is the raw value, 0 for the kind's v1 rule: a pan
/// pauses below its minimum and ends at its last lift, a pinch or rotation
/// measures its first two touches and ends when both have lifted).
public enum FingerPolicy: UInt8, SpecWord {
    /// Goes on while at least its minimum is down; ends at the lift that leaves fewer.
    case `continue` = 1
    /// Ends at any change of its finger count once begun.
    case end = 2
    /// Ends at any change of count once begun, and begins again with values from zero.
    case restart = 3

    public var name: String {
        switch self {
        case .continue: "continue"
        case .end: "end"
        case .restart: "restart"
        }
    }
}

/// A side of the screen or of a view: where a pan's `edges` begin.
public enum ScreenEdge: UInt8, SpecWord {
    case left, right, top, bottom

    public var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        }
    }

    /// The edge `direction` points at, if it points at one (not a diagonal).
    public init?(_ direction: Direction) {
        guard let edge = Self.allCases.first(where: { $0.direction == direction }) else { return nil }
        self = edge
    }

    /// The direction that points at the edge: how tables store edges (a `DirectionSet`).
    public var direction: Direction {
        switch self {
        case .left: .left
        case .right: .right
        case .top: .up
        case .bottom: .down
        }
    }

    /// The axis that crosses the edge: a movement along it reaches or leaves the edge.
    public var axis: Axis { self == .top || self == .bottom ? .vertical : .horizontal }

    /// Whether a gesture measured on `axis` can move towards or away from the edge.
    public func isReached(on axis: Axis) -> Bool { axis == .any || axis == self.axis }

    /// The word for every edge at once.
    public static let all = "all"
    /// Every word an `edges` value accepts.
    public static var words: [String] { names + [all] }
}

extension GestureParameter.ValueType {
    /// The words a value of this type may be, for a gesture of `kind`
    /// (completion offers them); empty for numbers, names and patterns' own syntax.
    public func words(for kind: GestureKind) -> [String] {
        switch self {
        case .swipeDirections: DirectionSet.swipeNames
        case .strokeDirections, .pattern: DirectionSet.names
        case .edges: ScreenEdge.words
        case .axis: Axis.names(for: kind)
        case .recognize: RecognizeMode.modes(for: kind).map { $0.name }
        case .series: SeriesMode.names
        case .fingers: FingerPolicy.names
        case .flag: ["true", "false"]
        case .inputKinds: PointerKind.names + [PointerKind.anyName]
        // Every type decided, so a new one must say whether it has words.
        case .count, .touches, .touchRange, .duration, .distance, .velocity, .angle, .ratio, .fraction, .length,
             .offset, .condition, .name, .text, .gesture, .bounds, .span: []
        }
    }
}
