// watchOS has UIKit without gesture recognizers.
#if canImport(UIKit) && !os(watchOS)
import GestureRuntime
import QuartzCore
import UIKit
import UIKit.UIGestureRecognizerSubclass

/// Runs a generated gesture set on a `UIView`: add it as you would any
/// recognizer, and set handlers on its `host`.
///
///     let recognizer = GestureSetRecognizer(PhotoViewerGestures.self)
///     recognizer.host.on(.zoom) { event in zoom(at: event.location) }
///     imageView.addGestureRecognizer(recognizer)
///
/// Only type conversion happens here: touches go to `GestureHost` (ids,
/// time, dispatch), and the recognizer's state is `host.recognizerState`
/// (the view's own touches pass untouched unless a gesture's
/// `cancelsTouches` / `delaysTouches...` say otherwise). One timer is kept at
/// `host.nextDeadline` by a `GestureSetDriver`, which may outlive the
/// recognizer (SwiftUI makes a recognizer per touch sequence).
///
/// UIKit's states have no `provisional`: a provisional gesture's
/// `provisional` and `retracted` reach the host's handlers, while the
/// recognizer's state moves only on a `began` or `recognized`, so a view's
/// touches are never cancelled for something that may be taken back. A
/// hand-over (`host.handOver(from:)`) is one claim handed on: the state stays `began`.
///
/// A set with a `scroll` gesture (v4) is tied to the scroll view that
/// performs it with `coordinate(_:with:)`: the scroll view keeps scrolling,
/// the set sees its scroll, and the rules decide between them (see
/// `ScrollViewLink` and docs/integration.md).
@MainActor
open class GestureSetRecognizer<Gestures: GestureSet>: UIGestureRecognizer {
    /// The host and its timer.
    public let driver: GestureSetDriver<Gestures>
    /// The host running the set; set handlers on it.
    public var host: GestureHost<Gestures, ObjectIdentifier> { driver.host }
    /// For a set that declares views: the spec view a touch began in (for
    /// example from `touch.view`'s tag); nil, or no resolver, is the root.
    public var viewOfTouch: ((UITouch) -> Gestures.View?)?
    /// Converts a touch's location in `view` to the space the spec's
    /// distances are meant in (the SwiftUI adapter sets it); nil: `view`'s.
    public var convertLocation: ((CGPoint) -> CGPoint)?
    /// The set's `scroll` gesture and the scroll view performing it, if any.
    private var scrollLink: ScrollViewLink<Gestures>?

    /// A recognizer for `gestures` with a host of its own.
    public convenience init(_ gestures: Gestures.Type) {
        self.init(driver: GestureSetDriver(gestures))
    }

    /// A recognizer feeding an existing driver (its host keeps its state
    /// across recognizers).
    public init(driver: GestureSetDriver<Gestures>) {
        self.driver = driver
        super.init(target: nil, action: nil)
        let state = driver.host.recognizerState
        cancelsTouchesInView = state.cancelsTouches
        delaysTouchesBegan = state.delaysTouchesBegan
        delaysTouchesEnded = state.delaysTouchesEnded
        driver.recognizer = self
        driver.host.platformDidReset()
    }

    /// Ties the set's `scroll` gesture `gesture` (v4) to `scrollView`, or,
    /// without one, to the nearest scroll view enclosing this recognizer's
    /// view at its first touch. The scroll view goes on scrolling natively;
    /// the set reads its edges at each touch's start for `at` rules, follows
    /// its pan recognizer (the scroll claims when it begins), keeps the
    /// touches while it scrolls, and stops it when a gesture of the set
    /// claims a touch.
    public func coordinate(_ gesture: Gestures.Gesture, with scrollView: UIScrollView? = nil) {
        scrollLink?.unlink()
        scrollLink = ScrollViewLink(gesture, scrollView: scrollView)
    }

    /// The screen edges the set's views defer (v4 `defersSystemEdges`), for
    /// the view controller to return from `preferredScreenEdgesDeferringSystemGestures`
    /// (UIKit asks the controller, not a view or a recognizer; call
    /// `setNeedsUpdateOfScreenEdgesDeferringSystemGestures()` when it changes).
    /// The system's gesture then needs a second swipe at those edges.
    public var deferredScreenEdges: UIRectEdge {
        let table = host.engine.table
        var edges = DirectionSet()
        for v in 0..<table.viewCount { edges.formUnion(table.deferredSystemEdges(ofView: v)) }
        var out: UIRectEdge = []
        if edges.contains(DirectionSet(.up)) { out.insert(.top) }
        if edges.contains(DirectionSet(.down)) { out.insert(.bottom) }
        if edges.contains(DirectionSet(.left)) { out.insert(.left) }
        if edges.contains(DirectionSet(.right)) { out.insert(.right) }
        return out
    }

    /// Gives assistive technology the set's actions (v4 `action:`) as
    /// `accessibilityCustomActions`: the recognizer's own view gets those of
    /// `rootView` (the spec's root view by default), and each `UIView` in
    /// `views` those of its spec view. VoiceOver lists them
    /// in its Actions rotor (Voice Control and Switch Control offer them
    /// too); choosing one performs the gesture: its handlers get one
    /// `recognized` at the view's centre, `isAction` set. Call it once the
    /// recognizer is added to its view, and again when `views` change.
    public func installAccessibilityActions(rootView: Gestures.View? = nil, views: [Gestures.View: UIView] = [:]) {
        var targets = views
        if let own = view, let root = rootView ?? Gestures.View.allCases.first { targets[root] = own }
        for (specView, uiView) in targets {
            uiView.accessibilityCustomActions = Gestures.actions(on: specView).map { entry in
                UIAccessibilityCustomAction(name: entry.name) { [weak self, weak uiView] _ in
                    guard let self, let uiView, let base = self.view else { return false }
                    let centre = uiView.convert(CGPoint(x: uiView.bounds.midX, y: uiView.bounds.midY), to: base)
                    return self.host.performAction(entry.gesture, on: specView, at: SIMD2(Double(centre.x), Double(centre.y)),
                                                   at: CACurrentMediaTime())
                }
            }
        }
    }

    /// Not stopped by the coordinated scroll view's pan: the set follows the
    /// touches it scrolls (the scroll's `changed` and `ended`).
    open override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        if let pan = scrollLink?.pan, preventingGestureRecognizer === pan { return false }
        return super.canBePrevented(by: preventingGestureRecognizer)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        scrollLink?.touchesBegin(in: view, recognizer: self)
        forward(touches, .began, event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        forward(touches, .moved, event)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        forward(touches, .ended, event)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        forward(touches, .cancelled, event)
    }

    open override func reset() {
        super.reset()
        // UIKit took the touches away (another recognizer won, this one was
        // disabled) without ending them here: cancel them, or the engine
        // would hold them down. After a normal end no touch is left.
        if host.identities.count > 0 { driver.cancelAllTouches() }
        host.platformDidReset()
        scrollLink?.reset()
    }

    private func forward(_ touches: Set<UITouch>, _ phase: TouchPhase, _ event: UIEvent) {
        let view = self.view
        let resolve = phase == .began ? viewOfTouch : nil
        let convert = convertLocation
        // Screen-edge pans measure from the edges of the view's bounds, in the touches' space.
        if phase == .began, let view {
            var corner = CGPoint(x: view.bounds.maxX, y: view.bounds.maxY)
            if let convert { corner = convert(corner) }
            host.screenSize = SIMD2(Double(corner.x), Double(corner.y))
        }
        host.handle(touches.lazy.map { touch in
            var p = touch.location(in: view)
            if let convert { p = convert(p) }
            return UIKitTouch(identity: ObjectIdentifier(touch), phase: phase, location: SIMD2(Double(p.x), Double(p.y)),
                              hitView: resolve?(touch)?.rawValue, pointer: UIKitTouch.kind(of: touch))
        }, at: event.timestamp)
        driver.update()
    }

    /// Copies the host's recognizer state across.
    func copyState() {
        scrollLink?.hostChanged(self)
        switch host.recognizerState.phase {
        case .possible: break
        case .began where state == .possible: state = .began
        case .ended where state == .possible: state = .ended  // recognized and decided at once
        case .ended where state == .began || state == .changed: state = .ended
        case .failed where state == .possible: state = .failed
        default: break
        }
    }
}

/// Owns a `GestureHost` and its one timer, in the run loop's common modes
/// (so deadlines fire while a scroll view tracks), and tells the current
/// recognizer when the host's state changed.
@MainActor
public final class GestureSetDriver<Gestures: GestureSet> {
    /// The host; set handlers on it.
    public let host: GestureHost<Gestures, ObjectIdentifier>
    weak var recognizer: GestureSetRecognizer<Gestures>?
    private var timer: Timer?

    /// A driver with a host of its own for `gestures`.
    public init(_ gestures: Gestures.Type) {
        host = GestureHost(gestures, touches: ObjectIdentifier.self)
    }

    /// Cancels every touch the host has down.
    public func cancelAllTouches() {
        host.cancelAllTouches()
        update()
    }

    /// After every call into the host: the recognizer's state, and the timer moved to `host.nextDeadline`.
    func update() {
        recognizer?.copyState()
        timer?.invalidate()
        timer = nil
        guard let due = host.nextDeadline else { return }
        let timer = Timer(timeInterval: max(0, due - CACurrentMediaTime()), repeats: false) { [weak self] _ in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.host.timerFired(at: CACurrentMediaTime())
                self.update()
            }
        }
        RunLoop.main.add(timer, forMode: .common)
        self.timer = timer
    }
}

/// A `UITouch` as the host layer reads it.
struct UIKitTouch: PlatformTouch {
    var identity: ObjectIdentifier
    var phase: TouchPhase
    var location: SIMD2<Double>
    var hitView: Int?
    var pointer: PointerKind

    /// Apple Pencil is a pen; a trackpad or mouse pointer (iPadOS, Mac Catalyst) a mouse.
    /// On the main actor: UIKit declares `UITouch.type` main-actor isolated.
    @MainActor
    static func kind(of touch: UITouch) -> PointerKind {
        switch touch.type {
        case .pencil: .pen
        case .indirectPointer: .mouse
        default: .touch
        }
    }
}
#endif
