/// An integer id of one kind (as Swift Regex's `TypedInt`): a gesture cannot
/// be passed where a view, a mode, a touch slot or an automaton state is
/// expected, nor the other way round, at no cost at run time (a struct of
/// one `Int`, its members inlined). A literal is any kind's id
/// (`engine.isEnabled(0)`); an `Int` computed elsewhere is converted on
/// purpose (`GestureID(i)`), which is where a mix-up would show.
public struct TypedInt<Kind>: Hashable, Comparable, Strideable, Sendable, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    /// The index in its list (the table's gestures, views or modes, the engine's touch slots).
    public var rawValue: Int

    @inline(__always)
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    /// An id stored in a table's 32-bit lists.
    @inline(__always)
    public init(_ rawValue: UInt32) { self.rawValue = Int(rawValue) }

    /// An id stored in the engine's 32-bit lists.
    @inline(__always)
    public init(_ rawValue: Int32) { self.rawValue = Int(rawValue) }

    @inline(__always)
    public init(integerLiteral value: Int) { rawValue = value }

    /// The index, as messages and trace lines print it.
    public var description: String { String(rawValue) }

    @inline(__always)
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    @inline(__always)
    public func distance(to other: Self) -> Int { other.rawValue &- rawValue }

    @inline(__always)
    public func advanced(by n: Int) -> Self { Self(rawValue &+ n) }
}

/// What a `StateID` counts.
public enum AutomatonState {}
/// A state of one gesture's automaton, numbered from 0 within that gesture.
public typealias StateID = TypedInt<AutomatonState>

/// What a `GestureID` counts.
public enum SetGesture {}
/// A gesture of a set: its index in the table's gestures, in declaration
/// order (a gesture listed in several views is one index per view:
/// `GestureTable.firstInstance(of:)`). The table format, the C and web
/// interfaces and the events' records carry it as a plain integer.
public typealias GestureID = TypedInt<SetGesture>

/// What a `ViewID` counts.
public enum SetView {}
/// A view of a set: its index in the table's views, the root (`window`) 0.
public typealias ViewID = TypedInt<SetView>

/// What a `ModeID` counts.
public enum SetMode {}
/// A mode of a set (v3 `modes:`): its index in the table's modes.
public typealias ModeID = TypedInt<SetMode>

/// What a `SlotID` counts.
public enum EngineSlot {}
/// One of the engine's touch slots: where a touch that is down (or a tap
/// series' earlier press) is kept, `0 ..< Engine.touchCapacity`.
public typealias SlotID = TypedInt<EngineSlot>

extension Range where Bound == GestureID {
    /// The gestures `0 ..< count`.
    @inline(__always)
    package init(gestures count: Int) { self = GestureID(0)..<GestureID(count) }
}
