/// The state a platform recognizer that wraps a whole gesture set reports to
/// its platform (a `UIGestureRecognizer`'s `state`), decided here in portable
/// code so that adapters only copy it across.
///
/// The recognizer stays `possible` and lets the view's own touches through,
/// so the set never blocks them, unless the spec says otherwise: when a
/// gesture with `cancelsTouches` (the default, as in UIKit) begins or is
/// recognized the recognizer begins (the platform then cancels the view's
/// touches), and ends once the touch sequence is decided: every touch up and
/// no gesture waiting for a deadline. A `scroll` (v4) claims nothing here:
/// the platform's scroll view performs it. With `delaysTouchesBegan` or
/// `delaysTouchesEnded` on a gesture, a recognizer that claimed nothing
/// fails then, which hands the held touches to the view.
public struct RecognizerState: Hashable, Sendable {
    /// The states a platform recognizer passes through.
    public enum Phase: Hashable, Sendable {
        case possible, began, ended, failed
    }

    /// The current state.
    public var phase: Phase { current }
    // Inlinable: a host observes every event.
    @usableFromInline var current = Phase.possible
    @usableFromInline let claims: [Bool]
    /// Whether the platform should hold back the view's `began` while the
    /// recognizer is possible (some gesture has `delaysTouchesBegan`).
    public let delaysTouchesBegan: Bool
    /// Whether the platform should hold back the view's `ended` while the
    /// recognizer is possible (some gesture has `delaysTouchesEnded`, UIKit's default).
    public let delaysTouchesEnded: Bool

    /// The tracker for `table`'s gestures.
    public init(table: GestureTable) {
        let handling = table.gestureIDs.map { table.touchHandling(of: $0) }
        // A `scroll` is the platform's own (v4): its claim is the platform's scroll view's, not this recognizer's.
        claims = zip(table.gestureIDs, handling).map { g, h in h.cancels && table.kind(of: g) != .scroll }
        delaysTouchesBegan = handling.contains { $0.delaysBegan }
        delaysTouchesEnded = handling.contains { $0.delaysEnded }
    }

    /// Whether the platform holds back any of the view's touches.
    public var delaysTouches: Bool { delaysTouchesBegan || delaysTouchesEnded }
    /// Whether the platform should cancel the view's touches once the
    /// recognizer begins (some gesture cancels touches).
    public var cancelsTouches: Bool { claims.contains(true) }

    /// The state after `event`; nil when it stays as it is. A `provisional`
    /// event claims nothing: only what cannot be taken back cancels the view's touches.
    @inlinable @discardableResult
    public mutating func observe(_ event: GestureEvent) -> Phase? {
        guard current == .possible, event.state == .began || event.state == .recognized,
              event.gesture >= 0, event.gesture.rawValue < claims.count, claims[event.gesture.rawValue] else { return nil }
        current = .began
        return current
    }

    /// The state once the touch sequence is decided; nil when it stays as it is.
    public mutating func sequenceDecided() -> Phase? {
        switch current {
        case .began: current = .ended
        case .possible where delaysTouches: current = .failed
        default: return nil
        }
        return current
    }

    /// The platform reset the recognizer after it ended or failed.
    public mutating func reset() { current = .possible }
}
