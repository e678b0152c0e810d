/// The states a recognizer reports, as UIKit names them.
public enum GestureState: UInt8, CaseIterable, Sendable {
    case possible = 0
    case began = 1
    case changed = 2
    case ended = 3
    case cancelled = 4
    case failed = 5
    /// The discrete gestures' terminal success (UIKit's `.recognized`, equal to `.ended` there).
    case recognized = 6
    /// A discrete gesture with `provisional: true` completed while a
    /// `requires` rule holds it (v3): `recognized` or `retracted` follows.
    case provisional = 7
    /// A provisional gesture lost (v3): what it required to fail succeeded,
    /// it was disabled, or its touches were cancelled. Ends it, as `failed`.
    case retracted = 8
    /// A gesture with a settle moved its value past one of its `marks` (v5):
    /// reported beside `changed`, with the mark and the way it was crossed.
    case marked = 9

    /// The spelling `gspec run` prints.
    public var name: String {
        switch self {
        case .possible: "possible"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        case .recognized: "recognized"
        case .provisional: "provisional"
        case .retracted: "retracted"
        case .marked: "marked"
        }
    }
}
