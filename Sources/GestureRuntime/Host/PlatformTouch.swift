/// What a host layer needs of one platform touch sample: the seam that a
/// UIKit adapter (a `UITouch` and its view), a web bridge (a pointer event)
/// or a test's own type conforms to, so every decision is made in portable
/// code that runs anywhere.
public protocol PlatformTouch {
    /// Stays the same while the finger is down (`ObjectIdentifier(uiTouch)`,
    /// a pointer id); may be reused after it ends.
    associatedtype Identity: Hashable
    var identity: Identity { get }
    /// The sample's phase.
    var phase: TouchPhase { get }
    /// Where the finger is, in points, y downward, in the coordinate space
    /// the spec's distances are meant in (the attached view's).
    var location: SIMD2<Double> { get }
    /// For a `began`: the spec view the finger hit (a `View` raw value), nil
    /// for the root. Defaults to nil.
    var hitView: Int? { get }
    /// What produced the touch (`UITouch.type`, a Pointer Event's
    /// `pointerType`), read on `began`. Defaults to `.touch`.
    var pointer: PointerKind { get }
}

extension PlatformTouch {
    public var hitView: Int? { nil }
    public var pointer: PointerKind { .touch }
}
