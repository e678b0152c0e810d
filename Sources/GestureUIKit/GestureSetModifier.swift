// UIGestureRecognizerRepresentable exists on iOS and Mac Catalyst only.
#if os(iOS)
import GestureRuntime
import SwiftUI
import UIKit

/// A generated gesture set as a SwiftUI gesture, built on
/// `GestureSetRecognizer`:
///
///     Image("photo").gestures(PhotoViewerGestures.self) { event in
///         switch event.gesture { case .zoom: ... default: break }
///     }
///
/// SwiftUI makes a recognizer for each touch sequence; the host lives in the
/// coordinator, so a double tap sees its first tap and a single tap waiting
/// for it is still decided. Locations are in the modified view's space
/// (shifted by where that view sits in its host; a rotated or scaled view is
/// not accounted for).
@available(iOS 18.0, macCatalyst 18.0, *)
public struct GestureSetGesture<Gestures: GestureSet>: UIGestureRecognizerRepresentable {
    let handler: (TypedGestureEvent<Gestures>) -> Void

    /// Calls `handler` for every event of `gestures`, in the engine's order.
    public init(_ gestures: Gestures.Type, perform handler: @escaping (TypedGestureEvent<Gestures>) -> Void) {
        self.handler = handler
    }

    /// The driver (host and timer) kept across recognizers, and the view's
    /// coordinate space. On the main actor, as `makeCoordinator` is: the
    /// driver's initializer is main-actor isolated, and a nonisolated class
    /// could not call it from its property's initial value.
    @MainActor
    public final class Coordinator {
        let driver = GestureSetDriver(Gestures.self)
        let converter: CoordinateSpaceConverter

        init(converter: CoordinateSpaceConverter) {
            self.converter = converter
        }
    }

    public func makeCoordinator(converter: CoordinateSpaceConverter) -> Coordinator {
        Coordinator(converter: converter)
    }

    public func makeUIGestureRecognizer(context: Context) -> GestureSetRecognizer<Gestures> {
        let recognizer = GestureSetRecognizer(driver: context.coordinator.driver)
        let converter = context.coordinator.converter
        recognizer.convertLocation = { [unowned recognizer] p in
            // The recognizer's location in its UIView against the same point in the SwiftUI view.
            let there = recognizer.location(in: recognizer.view), here = converter.localLocation
            return CGPoint(x: p.x + here.x - there.x, y: p.y + here.y - there.y)
        }
        recognizer.host.onEvent = handler
        return recognizer
    }

    public func updateUIGestureRecognizer(_ recognizer: GestureSetRecognizer<Gestures>, context: Context) {
        recognizer.host.onEvent = handler
    }
}

@available(iOS 18.0, macCatalyst 18.0, *)
extension View {
    /// Runs the generated gesture set `gestures` on this view and calls
    /// `handler` for each of its events. (A file that imports both SwiftUI
    /// and GestureRuntime names SwiftUI's property wrapper `@SwiftUI.GestureState`.)
    public func gestures<Gestures: GestureSet>(
        _ gestures: Gestures.Type, perform handler: @escaping (TypedGestureEvent<Gestures>) -> Void
    ) -> some View {
        gesture(GestureSetGesture(gestures, perform: handler))
    }
}
#endif
