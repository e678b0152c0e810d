#if canImport(SwiftUI) && canImport(UIKit)
import GestureRuntime
import SwiftUI
import UIKit

/// A generated gesture set as a SwiftUI gesture, built on
/// `GestureSetRecognizer`:
///
///     Image("photo").gestures(PhotoViewerGestures.self) { event in
///         switch event.gesture { case .zoom: ... default: break }
///     }
@available(iOS 18.0, macCatalyst 18.0, visionOS 2.0, *)
public struct GestureSetGesture<Gestures: GestureSet>: UIGestureRecognizerRepresentable {
    let handler: (TypedGestureEvent<Gestures>) -> Void

    /// Calls `handler` for every event of `gestures`, in the engine's order.
    public init(_ gestures: Gestures.Type, perform handler: @escaping (TypedGestureEvent<Gestures>) -> Void) {
        self.handler = handler
    }

    public func makeUIGestureRecognizer(context: Context) -> GestureSetRecognizer<Gestures> {
        let recognizer = GestureSetRecognizer(Gestures.self)
        recognizer.host.onEvent = handler
        return recognizer
    }

    public func updateUIGestureRecognizer(_ recognizer: GestureSetRecognizer<Gestures>, context: Context) {
        recognizer.host.onEvent = handler
    }
}

@available(iOS 18.0, macCatalyst 18.0, visionOS 2.0, *)
extension View {
    /// Runs the generated gesture set `gestures` on this view and calls
    /// `handler` for each of its events.
    public func gestures<Gestures: GestureSet>(
        _ gestures: Gestures.Type, perform handler: @escaping (TypedGestureEvent<Gestures>) -> Void
    ) -> some View {
        gesture(GestureSetGesture(gestures, perform: handler))
    }
}
#endif
