/// An integer id of one kind (as Swift Regex's `TypedInt`): a state of one
/// gesture's automaton cannot be passed where a gesture is expected, nor a
/// gesture where a view or a touch slot is, at no cost at run time (a struct
/// of one `Int`, its members inlined).
package struct TypedInt<Kind>: Hashable, Comparable, Strideable, Sendable {
    package var rawValue: Int

    @inline(__always)
    package init(_ rawValue: Int) { self.rawValue = rawValue }

    /// An id stored in a table's 32-bit lists.
    @inline(__always)
    package init(_ rawValue: UInt32) { self.rawValue = Int(rawValue) }

    /// An id stored in the engine's 32-bit rank lists.
    @inline(__always)
    package init(_ rawValue: Int32) { self.rawValue = Int(rawValue) }

    @inline(__always)
    package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    @inline(__always)
    package func distance(to other: Self) -> Int { other.rawValue &- rawValue }

    @inline(__always)
    package func advanced(by n: Int) -> Self { Self(rawValue &+ n) }
}

/// What a `StateID` counts.
package enum AutomatonState {}
/// A state of one gesture's automaton, numbered from 0 within that gesture.
package typealias StateID = TypedInt<AutomatonState>

/// What a `GestureID` counts.
package enum SetGesture {}
/// A gesture of a set: its index in the table's `gestures`, in declaration
/// order (a gesture listed in several views is one index per view). The
/// public API, the events and the table format carry it as a plain integer.
package typealias GestureID = TypedInt<SetGesture>

extension Range where Bound == GestureID {
    /// The gestures `0 ..< count`.
    @inline(__always)
    package init(gestures count: Int) { self = GestureID(0)..<GestureID(count) }
}
