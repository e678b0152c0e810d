/// One of the eight 45° direction classes a stroke segment or swipe can have.
///
/// Screen coordinates: y grows downward, so `up` is negative y. Raw values are
/// stable (table files store them) and go counter-clockwise from `right`, so
/// two classes are adjacent exactly when their raw values differ by 1 mod 8.
public enum Direction: UInt8, CaseIterable, Sendable {
    case right = 0
    case upRight = 1
    case up = 2
    case upLeft = 3
    case left = 4
    case downLeft = 5
    case down = 6
    case downRight = 7

    /// The spelling used in `.gesture` files and in output.
    public var name: String {
        switch self {
        case .right: "right"
        case .upRight: "up-right"
        case .up: "up"
        case .upLeft: "up-left"
        case .left: "left"
        case .downLeft: "down-left"
        case .down: "down"
        case .downRight: "down-right"
        }
    }

    /// Whether `other` is 45° away from `self`.
    public func isAdjacent(to other: Direction) -> Bool {
        let d = (Int(rawValue) - Int(other.rawValue) + 8) % 8
        return d == 1 || d == 7
    }
}

/// A set of direction classes, as a bit mask indexed by `Direction.rawValue`.
public struct DirectionSet: OptionSet, Hashable, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The set holding one direction.
    public init(_ direction: Direction) { rawValue = 1 << direction.rawValue }

    /// Left or right.
    public static let horizontal: DirectionSet = [DirectionSet(.left), DirectionSet(.right)]
    /// Up or down.
    public static let vertical: DirectionSet = [DirectionSet(.up), DirectionSet(.down)]
    /// All eight classes.
    public static let any = DirectionSet(rawValue: 0xFF)
    /// The screen edges a pan can only be near once the screen's size is known: right and bottom.
    package static let screenSizedEdges: DirectionSet = [DirectionSet(.right), DirectionSet(.down)]

    /// The directions in the set, in raw-value order.
    public var directions: [Direction] {
        Direction.allCases.filter { contains(DirectionSet($0)) }
    }

    /// Looks up a single direction or one of the unions `horizontal`, `vertical`, `any`.
    public init?(name: String) {
        switch name {
        case "horizontal": self = .horizontal
        case "vertical": self = .vertical
        case "any": self = .any
        default:
            guard let d = Direction.allCases.first(where: { $0.name.isSame(as: name) }) else { return nil }
            self.init(d)
        }
    }

    /// The names of the unions `init(name:)` accepts.
    public static let unionNames = ["horizontal", "vertical", "any"]
    /// Every name `init(name:)` accepts.
    public static let names: [String] = Direction.allCases.map { $0.name } + unionNames
    /// The names a swipe's `directions` accepts: the four axis directions and the unions.
    public static let swipeNames: [String] = Direction.allCases.filter { $0.rawValue % 2 == 0 }.map { $0.name } + unionNames
}
