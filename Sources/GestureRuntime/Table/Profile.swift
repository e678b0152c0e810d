/// `profile NAME`: the defaults of every kind set to a platform's feel.
/// Explicit parameters still win. Each value is in `GestureParameter.all`,
/// its source in docs/language.md ("Profiles"); where a platform has no such
/// notion, the iOS (v1) value stays.
public enum Profile: String, CaseIterable, Hashable, Sendable {
    /// UIKit: the v1 defaults.
    case ios
    /// Android's `ViewConfiguration` (dp taken as points).
    case android
    /// Flutter's `gestures/constants.dart` (logical pixels taken as points).
    case flutter
    /// Hammer.js 2.0.8's recognizers (CSS pixels taken as points).
    case web

    /// The profile's number in a table record (`GestureRecord.profile`): 0 is none.
    package var code: UInt8 { UInt8(Self.allCases.firstIndex(of: self)! + 1) }

    /// The profile of a record's `profile` byte; nil for none or an unknown one.
    package init?(code: UInt8) {
        guard code >= 1, Int(code) <= Self.allCases.count else { return nil }
        self = Self.allCases[Int(code) - 1]
    }
}
