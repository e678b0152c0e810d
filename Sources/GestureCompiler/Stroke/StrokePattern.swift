import GestureRuntime

/// A resolved stroke pattern: a regular expression whose symbols are sets of
/// direction classes.
public indirect enum StrokePattern: Hashable, Sendable {
    case classes(DirectionSet)
    case sequence([StrokePattern])
    case alternation([StrokePattern])
    /// `max == nil` is unbounded.
    case repetition(StrokePattern, min: Int, max: Int?)

    /// How many symbol positions the pattern has once counted repetitions are
    /// written out: the size of its Thompson NFA, up to a constant factor.
    /// Saturates instead of overflowing, so huge counts are caught before expansion.
    public var expandedSize: Int {
        switch self {
        case .classes: return 1
        case .sequence(let items), .alternation(let items):
            return items.reduce(0) { $0.addingReportingOverflow($1.expandedSize).partialValue }
        case .repetition(let inner, let min, let max):
            let copies = Swift.max(1, max ?? (min + 1))
            let (product, overflow) = inner.expandedSize.multipliedReportingOverflow(by: copies)
            return overflow ? .max : product
        }
    }
}
