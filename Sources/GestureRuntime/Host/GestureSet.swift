/// A compiled gesture set with typed names: what `gspec build --emit swift`
/// (and so the `GSpecPlugin` build plugin) generates for each `.gesture` file.
///
/// For `tap-view.gesture` the generated `TapViewGestures` conforms: its
/// `Gesture` enum has one case per gesture, in table order (a gesture listed
/// in several views is one case; its events name the view), its `View` enum
/// one case per declared view (the root `window` first), and `table` is the
/// compiled table.
public protocol GestureSet {
    /// The set's gestures; raw values are indices into the table (of a
    /// gesture's first instance, when it is on several views).
    associatedtype Gesture: RawRepresentable, CaseIterable, Hashable, Sendable where Gesture.RawValue == Int
    /// The set's views; raw values are view indices (`TouchEvent.view`).
    /// A set that declares no views has only the root view.
    associatedtype View: RawRepresentable, CaseIterable, Hashable, Sendable = RootView where View.RawValue == Int
    /// The set's modes (v3); raw values are mode indices. A set that declares none has none.
    associatedtype Mode: RawRepresentable, CaseIterable, Hashable, Sendable = NoMode where Mode.RawValue == Int
    /// The compiled table.
    static var table: GestureTable { get }
}

/// The modes of a gesture set that declares none: there is no value to pass.
public enum NoMode: RawRepresentable, CaseIterable, Hashable, Sendable {
    public init?(rawValue: Int) { nil }
    public var rawValue: Int { switch self {} }
}

/// The one view of a gesture set that declares no views.
public enum RootView: Int, CaseIterable, Hashable, Sendable {
    case window = 0
}

extension GestureSet {
    /// The accessibility actions offered on `view` (v4 `action:`), in
    /// declaration order: what VoiceOver's Actions rotor lists for it
    /// (`GestureHost.performAction` performs one).
    public static func actions(on view: View) -> [(gesture: Gesture, name: String)] {
        table.actions(ofView: ViewID(view.rawValue)).compactMap { g in
            Gesture(rawValue: table.firstInstance(of: g).rawValue).map { ($0, table.action(of: g)!) }
        }
    }

    /// The table's id of `gesture` (its first instance's, when it is on
    /// several views): what `GestureTable`'s and `Engine`'s calls take.
    /// (A static function for the same reason as `name(of:)`.)
    public static func id(of gesture: Gesture) -> GestureID { GestureID(gesture.rawValue) }

    /// The name of `gesture` as written in the spec. (A static function, not
    /// a property of the enum, so that no gesture name can collide with it.)
    public static func name(of gesture: Gesture) -> String { table.name(of: id(of: gesture)) }

    /// The name of `view` as written in the spec (`window` for the root).
    public static func name(of view: View) -> String {
        table.hasViews ? table.name(ofView: ViewID(view.rawValue)) : "window"
    }

    /// The gesture named `name` in the spec, if the set has it.
    public static func gesture(named name: String) -> Gesture? {
        table.gesture(named: name).flatMap { Gesture(rawValue: $0.rawValue) }
    }
}
