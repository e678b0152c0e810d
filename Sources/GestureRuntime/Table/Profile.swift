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

/// A system gesture zone (v4): a strip along one screen edge where the
/// platform's own gesture takes a swipe inward first (iOS's home indicator,
/// Android's back). Each profile lists its platform's; docs/language.md
/// ("Profiles") gives the source of every figure.
public struct SystemGestureZone: Hashable, Sendable {
    /// The edge the strip runs along.
    public var edge: ScreenEdge
    /// How far from the edge it reaches, in points (dp on Android).
    public var width: Double
    /// What the system's swipe does there ("home", "back", ...), for messages.
    public var action: String
    /// Whether a view may ask the platform to let the app see the swipe
    /// first (`defersSystemEdges`), and what the user must then do.
    public var deferral: String?

    public init(_ edge: ScreenEdge, _ width: Double, _ action: String, deferral: String?) {
        (self.edge, self.width, self.action, self.deferral) = (edge, width, action, deferral)
    }
}

extension Profile {
    /// The platform's name in messages: "iOS", "Android", "Flutter", "the web".
    public var platformName: String {
        switch self {
        case .ios: "iOS"
        case .android: "Android"
        case .flutter: "Flutter"
        case .web: "the web"
        }
    }

    /// The platform's system gesture zones: none for `flutter` (the zones are
    /// those of the platform it runs on) and `web` (a page's edges are the
    /// browser's window, not the screen's).
    public var systemGestureZones: [SystemGestureZone] {
        switch self {
        case .ios:
            let twice = "the user must swipe twice (the first swipe shows the indicator, the second acts)"
            return [.init(.bottom, 34, "home and the app switcher (a swipe up)", deferral: twice),
                    .init(.top, 47, "the Notification Center and Control Center (a swipe down)", deferral: twice)]
        case .android:
            let back = "Android takes at most 200dp of each side edge's exclusions into account; beyond them the swipe still goes back"
            return [.init(.left, 30, "back (a swipe inward)", deferral: back),
                    .init(.right, 30, "back (a swipe inward)", deferral: back),
                    .init(.bottom, 32, "home (a swipe up)", deferral: nil)]
        case .flutter, .web:
            return []
        }
    }

    /// iOS Safari's own edge swipes (v4), which a page cannot turn off: back
    /// from the window's left edge, forward from its right. WebKit leaves the
    /// width to UIKit's edge pan recognizer; 20pt, UIKit's screen-edge width,
    /// is the figure used. The `web` profile counts them when asked
    /// (`gspec check --safari-edge-swipes`).
    public static let safariEdgeSwipes: [SystemGestureZone] = [
        .init(.left, 20, "back (a swipe right)", deferral: nil),
        .init(.right, 20, "forward (a swipe left)", deferral: nil),
    ]
}

/// The range a platform's user setting gives a parameter (v4): an app on
/// that platform should follow the setting, so the analyses check the set at
/// both ends and `set` accepts any value between. docs/language.md
/// ("Profiles") gives the source of every figure.
public struct SettingRange: Hashable, Sendable {
    public var kind: GestureKind
    /// The parameter's name in a spec.
    public var parameter: String
    /// The ends, in the runtime's units.
    public var lower: Double
    public var upper: Double
    /// The setting, as messages and docs name it.
    public var setting: String
}

extension Profile {
    /// The ranges the platform's user settings give parameters a spec leaves
    /// to the profile: Android's touch & hold delay (Settings, Accessibility:
    /// short 400ms, medium 1000ms, long 1500ms; `Settings.Secure.LONG_PRESS_TIMEOUT`,
    /// which `ViewConfiguration.getLongPressTimeout()` reads). iOS has no
    /// setting for `UILongPressGestureRecognizer`'s duration (Haptic Touch's
    /// touch duration is the system's own menus), Flutter's `kLongPressTimeout`
    /// is fixed, and a page cannot read the platform's.
    public var settingRanges: [SettingRange] {
        switch self {
        case .android:
            [SettingRange(kind: .longPress, parameter: "duration", lower: 400_000, upper: 1_500_000,
                          setting: "Android's touch & hold delay")]
        case .ios, .flutter, .web:
            []
        }
    }
}
