/// An integer id of one kind (as Swift Regex's `TypedInt`): a state of one
/// gesture's automaton cannot be passed where a gesture's index is expected,
/// at no cost at run time (a struct of one `Int`, its members inlined).
package struct TypedInt<Kind>: Hashable, Comparable, Sendable {
    package var rawValue: Int

    @inline(__always)
    package init(_ rawValue: Int) { self.rawValue = rawValue }

    @inline(__always)
    package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// What a `StateID` counts.
package enum AutomatonState {}
/// A state of one gesture's automaton, numbered from 0 within that gesture.
package typealias StateID = TypedInt<AutomatonState>
