#if canImport(UIKit)
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
/// `host.nextDeadline`.
@MainActor
open class GestureSetRecognizer<Gestures: GestureSet>: UIGestureRecognizer {
    /// The host running the set; set handlers on it.
    public let host: GestureHost<Gestures, ObjectIdentifier>
    /// For a set that declares views: the spec view a touch began in (for
    /// example from `touch.view`'s tag); nil, or no resolver, is the root.
    public var viewOfTouch: ((UITouch) -> Gestures.View?)?
    private var timer: Timer?

    /// A recognizer for `gestures`.
    public init(_ gestures: Gestures.Type) {
        host = GestureHost(gestures, touches: ObjectIdentifier.self)
        super.init(target: nil, action: nil)
        cancelsTouchesInView = host.recognizerState.cancelsTouches
        delaysTouchesBegan = false
        delaysTouchesEnded = host.recognizerState.delaysTouches
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
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
        host.platformDidReset()
    }

    private func forward(_ touches: Set<UITouch>, _ phase: TouchPhase, _ event: UIEvent) {
        let view = self.view
        let resolve = phase == .began ? viewOfTouch : nil
        host.handle(touches.lazy.map { touch in
            let p = touch.location(in: view)
            return UIKitTouch(identity: ObjectIdentifier(touch), phase: phase, location: SIMD2(Double(p.x), Double(p.y)),
                              hitView: resolve?(touch)?.rawValue)
        }, at: event.timestamp)
        update()
    }

    /// Copies the host's decisions across: the recognizer's state and the one timer.
    private func update() {
        switch host.recognizerState.phase {
        case .possible: break
        case .began where state == .possible: state = .began
        case .ended where state == .possible: state = .ended  // recognized and decided at once
        case .ended where state == .began || state == .changed: state = .ended
        case .failed where state == .possible: state = .failed
        default: break
        }
        timer?.invalidate()
        timer = nil
        guard let due = host.nextDeadline else { return }
        timer = Timer.scheduledTimer(withTimeInterval: max(0, due - CACurrentMediaTime()), repeats: false) { [weak self] _ in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.host.timerFired(at: CACurrentMediaTime())
                self.update()
            }
        }
    }
}

/// A `UITouch` as the host layer reads it.
struct UIKitTouch: PlatformTouch {
    var identity: ObjectIdentifier
    var phase: TouchPhase
    var location: SIMD2<Double>
    var hitView: Int?
}
#endif
