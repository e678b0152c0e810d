// watchOS has UIKit without gesture recognizers.
#if canImport(UIKit) && !os(watchOS)
import GestureRuntime
import ObjectiveC
import UIKit

/// A set's `scroll` gesture (v4) tied to the `UIScrollView` that performs it:
/// the scroll view keeps scrolling (with its deceleration and bounce), and
/// the set sees it. Only documented UIKit API: the scroll view's
/// `panGestureRecognizer` observed by target-action, its content offset
/// read, and that recognizer's `isEnabled` switched off while the set owns
/// a touch.
///
/// - At each touch's start the scroll's edges come from the content offset
///   (`host.setScrollEdges`), so a pull past an edge its `at` rule names
///   goes to the rule's gesture (the sheet) instead of the scroll view; and
///   whether it still decelerates (`host.setMomentum`, v5), so a touch that
///   stops it is no tap of the set.
/// - When the pan recognizer begins, the platform has decided: the scroll
///   claims its touches (`host.scrollBegan`), and the set's gestures on them
///   fail or are cancelled as the rules say.
/// - While the scroll view scrolls, the set keeps receiving the touches
///   (`GestureSetRecognizer.canBePrevented(by:)` says so), so the engine
///   reports the scroll's `changed` and `ended`; if the content reaches an
///   `at` edge and the finger pulls on past it, the touch is handed over
///   mid-scroll (`host.handOver(from:)`), which UIKit allows.
/// - Whenever a gesture of the set claims a touch, the pan recognizer is
///   disabled until the touches lift (UIKit cancels a scroll in progress),
///   so the platform never scrolls a touch the set took.
@MainActor
final class ScrollViewLink<Gestures: GestureSet> {
    let gesture: Gestures.Gesture
    /// The scroll view named by the app; nil: the nearest one enclosing the recognizer's view.
    weak var given: UIScrollView?
    private(set) weak var scrollView: UIScrollView?
    private var observer: PanObserver?
    private var disabledPan = false

    init(_ gesture: Gestures.Gesture, scrollView: UIScrollView?) {
        self.gesture = gesture
        given = scrollView
    }

    /// A link that goes while its set holds a touch (its recognizer freed
    /// mid-gesture: no `reset` comes, and a disabled pan sends the observer no
    /// action) must not leave the scroll view locked. A deinit is not
    /// isolated, so the pan is turned back on from a task on the main actor.
    deinit {
        guard disabledPan, let scrollView else { return }
        Task { @MainActor in scrollView.panGestureRecognizer.isEnabled = true }
    }

    /// The scroll view's pan recognizer, once linked.
    var pan: UIPanGestureRecognizer? { scrollView?.panGestureRecognizer }

    /// Before the first touch of a sequence is fed: links the scroll view if
    /// it has not been, and says which edges of its content it is at.
    func touchesBegin(in view: UIView?, recognizer: GestureSetRecognizer<Gestures>) {
        if scrollView == nil { link(view, recognizer) }
        guard let scrollView else { return }
        recognizer.host.setScrollEdges(gesture, Self.edges(of: scrollView))
        // v5: a touch that stops the content's deceleration is no tap of the set.
        recognizer.host.setMomentum(gesture, running: scrollView.isDecelerating)
    }

    /// After every call into the host: a gesture of the set that claimed a
    /// touch takes it from the scroll view.
    func hostChanged(_ recognizer: GestureSetRecognizer<Gestures>) {
        guard let pan, recognizer.host.recognizerState.phase == .began, pan.isEnabled else { return }
        pan.isEnabled = false
        disabledPan = true
    }

    /// The touch sequence is over: the scroll view scrolls again.
    func reset() {
        if disabledPan { pan?.isEnabled = true }
        disabledPan = false
    }

    private func link(_ view: UIView?, _ recognizer: GestureSetRecognizer<Gestures>) {
        var enclosing = view
        while let v = enclosing, !(v is UIScrollView) { enclosing = v.superview }
        guard let scrollView = given ?? enclosing as? UIScrollView else { return }
        self.scrollView = scrollView
        observer = PanObserver(on: scrollView.panGestureRecognizer) { [weak self, weak recognizer] pan in
            guard let self, let recognizer else { return false }
            self.panChanged(pan, recognizer)
            return true
        }
    }

    /// Lets the scroll view go: what `coordinate` replaces. The pan stops
    /// calling this link and scrolls again.
    func unlink() {
        reset()
        observer?.remove()
        observer = nil
    }

    private func panChanged(_ pan: UIPanGestureRecognizer, _ recognizer: GestureSetRecognizer<Gestures>) {
        // On iPad the pan also scrolls for a trackpad or a mouse wheel, with no
        // touch down: no touch of the set's is the platform's then.
        guard let scrollView, pan.numberOfTouches > 0 || pan.state != .began && pan.state != .changed else { return }
        let host = recognizer.host
        switch pan.state {
        case .began:
            host.scrollBegan(gesture)
        case .changed:
            // Scrolled to an edge its `at` rule names, the finger pulling on past it: the touch goes on to that gesture.
            let at = host.engine.table.handOverEdges(of: gesture.rawValue)
            guard !at.isEmpty else { break }
            let v = pan.velocity(in: scrollView)
            var pulled = DirectionSet()
            if v.y > 0 { pulled.insert(DirectionSet(.up)) } else if v.y < 0 { pulled.insert(DirectionSet(.down)) }
            if v.x > 0 { pulled.insert(DirectionSet(.left)) } else if v.x < 0 { pulled.insert(DirectionSet(.right)) }
            if !at.intersection(Self.edges(of: scrollView)).intersection(pulled).isEmpty { host.handOver(from: gesture) }
        default:
            break
        }
        recognizer.driver.update()
    }

    /// The edges of its content `scrollView` is at, as the directions pointing at them (`.up`: the top).
    static func edges(of scrollView: UIScrollView) -> DirectionSet {
        let inset = scrollView.adjustedContentInset, offset = scrollView.contentOffset
        let size = scrollView.bounds.size, content = scrollView.contentSize
        var edges = DirectionSet()
        // Half a point of slack: offsets are fractional on 3x screens.
        if offset.y <= -inset.top + 0.5 { edges.insert(DirectionSet(.up)) }
        if offset.y >= content.height + inset.bottom - size.height - 0.5 { edges.insert(DirectionSet(.down)) }
        if offset.x <= -inset.left + 0.5 { edges.insert(DirectionSet(.left)) }
        if offset.x >= content.width + inset.right - size.width - 0.5 { edges.insert(DirectionSet(.right)) }
        return edges
    }
}

/// The target of the scroll view's pan recognizer: a plain `NSObject`, since
/// a selector needs an Objective-C method and `ScrollViewLink` is generic.
/// UIKit does not say that a recognizer retains its targets, so the pan
/// holds this one (an associated object) for as long as it is a target;
/// when its link is gone (the recognizer was freed), the next action removes it.
@MainActor
final class PanObserver: NSObject {
    private weak var pan: UIPanGestureRecognizer?
    /// False once the link is gone.
    private let changed: (UIPanGestureRecognizer) -> Bool

    init(on pan: UIPanGestureRecognizer, _ changed: @escaping (UIPanGestureRecognizer) -> Bool) {
        self.pan = pan
        self.changed = changed
        super.init()
        objc_setAssociatedObject(pan, key, self, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        pan.addTarget(self, action: #selector(panned(_:)))
    }

    /// This object's address: a key no other observer has while it lives.
    private var key: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }

    @objc func panned(_ pan: UIPanGestureRecognizer) {
        if !changed(pan) { remove() }
    }

    /// No longer a target of the pan, nor held by it.
    func remove() {
        guard let pan else { return }
        pan.removeTarget(self, action: #selector(panned(_:)))
        objc_setAssociatedObject(pan, key, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        self.pan = nil
    }
}
#endif
