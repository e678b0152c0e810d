import Foundation
import GestureRuntime

/// One line of a recorded touch trace (gspec's JSON Lines format).
public struct TraceSample: Sendable {
    public var time: Double
    public var touch: Int
    public var phase: TouchPhase
    public var x: Double
    public var y: Double
}

/// What the photo viewer does in answer to its gestures: the typed events,
/// switched over as an app would.
public enum ViewerAction: Equatable, Sendable {
    case toggleControls
    case zoom(x: Double, y: Double)
    case move(dx: Double, dy: Double, state: GestureState)
    case scale(Double, state: GestureState)
    case turn(radians: Double, state: GestureState)
}

extension ViewerAction: CustomStringConvertible {
    public var description: String {
        func n(_ x: Double) -> String { String(format: "%.2f", x) }
        return switch self {
        case .toggleControls: "toggle the controls"
        case .zoom(let x, let y): "zoom at (\(n(x)), \(n(y)))"
        case .move(let dx, let dy, let state): "move \(state.name) by (\(n(dx)), \(n(dy)))"
        case .scale(let s, let state): "scale \(state.name) to \(n(s))x"
        case .turn(let r, let state): "turn \(state.name) to \(n(r * 180 / .pi))deg"
        }
    }
}

/// Replays traces through a `GestureHost`, the way a platform adapter feeds
/// live touches: samples at their times, and the host's one timer fired
/// whenever it comes due before the next sample.
public final class TraceReplayer {
    public let host = GestureHost(PhotoViewerGestures.self, touches: Int.self)
    /// What the viewer did, in order, with the time (seconds) of each action.
    public private(set) var actions: [(time: Double, action: ViewerAction)] = []

    public init() {
        host.on(.toggleControls) { [unowned self] event in
            actions.append((event.timestamp, .toggleControls))
        }
        host.on(.zoom) { [unowned self] event in
            actions.append((event.timestamp, .zoom(x: event.location.x, y: event.location.y)))
        }
        host.on(.move) { [unowned self] event in
            let d = event.translation ?? .zero
            actions.append((event.timestamp, .move(dx: d.x, dy: d.y, state: event.state)))
        }
        host.on(.scale) { [unowned self] event in
            actions.append((event.timestamp, .scale(event.scale ?? 1, state: event.state)))
        }
        host.on(.turn) { [unowned self] event in
            actions.append((event.timestamp, .turn(radians: event.rotation ?? 0, state: event.state)))
        }
    }

    /// Feeds `samples` in order, firing the host's timer as a run loop would,
    /// and lets every pending timer run at the end.
    public func replay(_ samples: [TraceSample]) {
        for s in samples {
            while let due = host.nextDeadline, due < s.time { host.timerFired(at: due) }
            host.touch(s.touch, s.phase, x: s.x, y: s.y, at: s.time)
        }
        while let due = host.nextDeadline { host.timerFired(at: due) }
    }

    /// Reads a trace: one JSON object a line, `#` comments and blank lines
    /// skipped. A malformed line is an error naming its line number.
    public static func samples(fromTrace text: String) throws -> [TraceSample] {
        var samples: [TraceSample] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let object = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any],
                  let t = object["t"] as? Double, let touch = object["touch"] as? Int,
                  let phaseName = object["phase"] as? String, let phase = TouchPhase(name: phaseName),
                  let x = object["x"] as? Double, let y = object["y"] as? Double else {
                throw TraceError(line: index + 1)
            }
            samples.append(TraceSample(time: t, touch: touch, phase: phase, x: x, y: y))
        }
        return samples
    }
}

/// A trace line that is not a touch sample.
public struct TraceError: Error, CustomStringConvertible {
    public var line: Int
    public var description: String { "line \(line): not a touch sample" }
}
