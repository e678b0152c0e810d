import GestureRuntime

/// `profile NAME`: the defaults of every kind set to a platform's feel.
/// Explicit parameters still win. Each value's source is in docs/language.md
/// ("Profiles"); where a platform has no such notion, the iOS (v1) value stays.
public enum Profile: String, CaseIterable, Hashable, Sendable {
    /// UIKit: the v1 defaults.
    case ios
    /// Android's `ViewConfiguration` (dp taken as points).
    case android
    /// Flutter's `gestures/constants.dart` (logical pixels taken as points).
    case flutter
    /// Hammer.js 2.0.8's recognizers (CSS pixels taken as points).
    case web

    /// Sets `d`'s defaults for its kind to this profile's.
    func applyDefaults(to d: inout GestureDefinition) {
        switch self {
        case .ios:
            break
        case .android:
            d.maxInterval = 300_000                 // DOUBLE_TAP_TIMEOUT
            d.maxDuration = 400_000                 // a tap is up before DEFAULT_LONG_PRESS_TIMEOUT
            d.slop = 8                              // TOUCH_SLOP
            d.tapDistance = 100                     // DOUBLE_TAP_SLOP
            d.duration = 400_000                    // DEFAULT_LONG_PRESS_TIMEOUT
            d.minVelocity = d.kind == .pan ? 0 : 50 // MINIMUM_FLING_VELOCITY
            if d.kind == .swipe { (d.minDistance, d.maxAngle) = (8, .pi / 4) }  // a fling past TOUCH_SLOP, any direction by its dominant axis
            if d.kind == .pan { d.threshold = 8 }   // TOUCH_SLOP
            d.edgeWidth = 12                        // EDGE_SLOP
        case .flutter:
            d.maxInterval = 300_000                 // kDoubleTapTimeout
            d.maxDuration = 500_000                 // a tap is up before kLongPressTimeout
            d.slop = 18                             // kTouchSlop
            d.tapDistance = 100                     // kDoubleTapSlop
            d.duration = 500_000                    // kLongPressTimeout
            d.minVelocity = d.kind == .pan ? 0 : 50 // kMinFlingVelocity
            if d.kind == .swipe { (d.minDistance, d.maxAngle) = (18, .pi / 4) }  // minFlingDistance falls back to kTouchSlop
            if d.kind == .pan { d.threshold = 36 }  // kPanSlop
        case .web:
            d.maxInterval = 300_000                 // Tap.interval
            d.maxDuration = 250_000                 // Tap.time
            d.slop = 9                              // Tap.threshold, Press.threshold
            d.tapDistance = 10                      // Tap.posThreshold
            d.duration = 251_000                    // Press.time
            if d.kind == .swipe { (d.minDistance, d.minVelocity, d.maxAngle) = (10, 300, .pi / 4) }  // Swipe.threshold, velocity 0.3 px/ms
            if d.kind == .pan { d.threshold = 10 }  // Pan.threshold
            if d.kind == .pinch || d.kind == .rotation { d.threshold = 0 }  // Pinch.threshold, Rotate.threshold
        }
    }
}
