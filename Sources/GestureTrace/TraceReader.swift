import GestureRuntime

/// Reads touch traces in the JSON Lines format of docs/trace-format.md. A malformed line
/// is an error with its line number and is skipped; the rest is read.
package struct TraceReader {
    package struct LineError: Error {
        package var line: Int
        package var message: String

        package init(line: Int, message: String) { (self.line, self.message) = (line, message) }
    }

    /// A control line (`{"t":1.0,"set":"secret","enabled":true}`,
    /// `{"t":2.0,"mode":"zoomed","on":true}`, `{"t":1.2,"handOver":"listScroll"}` or
    /// `{"t":0.5,"scroll":"listScroll","at":["top"]}`, `{"t":0.6,"scroll":"listScroll","began":true}`,
    /// `{"t":0.9,"scroll":"listScroll","momentum":true}`,
    /// `{"t":2.0,"action":"deleteRow","x":160,"y":240}`):
    /// a change the engine makes at `time`, before the touch lines of that frame.
    package struct ControlLine {
        package var time: Microseconds
        /// The gesture's table indices (every instance of a gesture on several views).
        package var gestures: [GestureID]
        package var enabled: Bool?
        /// Other keys: run-time parameters by name, with their values as written.
        package var parameters: [(name: String, value: String)]
        /// A mode line: the mode's index and its new state.
        package var mode: (index: ModeID, on: Bool)?
        /// A hand-over line: `gestures` are handed over.
        package var handOver = false
        /// A scroll line (v4): the edges of their content `gestures` are at now (empty: none).
        package var scrollEdges: DirectionSet?
        /// A scroll line (v4) saying the platform began scrolling with `gestures`' touches.
        package var scrollBegan = false
        /// A scroll line (v5) saying whether the platform's momentum runs for `gestures`.
        package var momentum: Bool?
        /// An action line (v4, `{"t":2.0,"action":"deleteRow","x":160,"y":240}`):
        /// where the gesture's accessibility action is performed (its view's centre).
        package var action: SIMD2<Double>?
        /// An action line's `view`: the instance of a gesture on several views it performs (nil: the first).
        package var actionView: String?

        package init(time: Microseconds, gestures: [GestureID], enabled: Bool? = nil, parameters: [(name: String, value: String)] = [],
                     mode: (index: ModeID, on: Bool)? = nil) {
            (self.time, self.gestures, self.enabled, self.parameters, self.mode) = (time, gestures, enabled, parameters, mode)
        }
    }

    /// Longest trace line accepted; longer ones are an error, not a memory hazard.
    package static let maxLineBytes = 1 << 20
    /// Largest trace file read (it is read whole).
    package static let maxFileBytes = 1 << 30

    /// The screen size of a trace's header line (`{"screen":[834,1194]}`,
    /// before any touch line), if it has one.
    package static func screenSize(_ bytes: [UInt8]) -> SIMD2<Double>? {
        var found: SIMD2<Double>?
        _ = read(bytes, screen: { found = $0 }, untilTouch: true) { _ in }
        return found
    }

    /// Calls `body` for each event in order; returns the errors of bad lines.
    /// With `views` (a table that declares views), a `began` line's `view`
    /// key names its hit view; a name `views` does not know is an error.
    /// Without, the key is ignored, as docs/trace-format.md says.
    /// A screen header line goes to `screen`; one after a touch line is an error.
    /// A control line goes to `control`, its `set` resolved by `gestures` (the set's gesture names by index)
    /// and its `mode` by `modes`
    /// (without them, a control line is an error); `control` returns why it
    /// refused the line, if it did.
    package static func read(
        _ bytes: [UInt8], views: ((String) -> ViewID?)? = nil, screen: ((SIMD2<Double>) -> Void)? = nil,
        gestures: [String]? = nil, modes: [String] = [], control: (ControlLine) -> String? = { _ in nil },
        untilTouch: Bool = false, _ body: (TouchEvent) -> Void
    ) -> [LineError] {
        var errors: [LineError] = []
        var lineNumber = 0
        var touches = false
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // a UTF-8 byte-order mark
        lines: while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            lineNumber += 1
            var line = bytes[start..<end]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            start = end + 1
            let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 }
            if trimmed.isEmpty || trimmed.first == UInt8(ascii: "#") {
                if end >= bytes.count { break }
                continue
            }
            if line.count > maxLineBytes {
                errors.append(LineError(line: lineNumber, message: "line is longer than \(maxLineBytes) bytes"))
            } else {
                let fields: [String: JSON]
                switch Self.fields(of: line) {
                case .success(let f): fields = f
                case .failure(let message):
                    // Not a header or a control line: a malformed touch line.
                    if untilTouch { break lines }
                    touches = true
                    errors.append(LineError(line: lineNumber, message: message.text))
                    if end >= bytes.count { break lines }
                    continue lines
                }
                if let header = screenHeader(fields) {
                    switch header {
                    case .success(let size) where !touches: screen?(size)
                    case .success: errors.append(LineError(line: lineNumber, message: "the screen line must come before any touch line"))
                    case .failure(let message): errors.append(LineError(line: lineNumber, message: message.text))
                    }
                } else if let parsed = controlLine(fields, gestures: gestures, modes: modes) {
                    if untilTouch { continue }
                    switch parsed {
                    case .success(let c) where gestures != nil:
                        if let refused = control(c) { errors.append(LineError(line: lineNumber, message: refused)) }
                    case .success: errors.append(LineError(line: lineNumber, message: "control lines ('set') need 'gspec run' or 'gspec test'"))
                    case .failure(let message): errors.append(LineError(line: lineNumber, message: message.text))
                    }
                } else {
                    if untilTouch { break }
                    touches = true
                    switch parse(fields, views: views) {
                    case .success(let event): body(event)
                    case .failure(let message): errors.append(LineError(line: lineNumber, message: message.text))
                    }
                }
            }
            if end >= bytes.count { break }
        }
        return errors
    }

    package struct Message: Error {
        package var text: String

        package init(text: String) { self.text = text }
    }

    /// A line's members: one JSON object, each key once.
    package static func fields(of line: ArraySlice<UInt8>) -> Result<[String: JSON], Message> {
        let members: [(String, JSON)]
        do throws(JSON.ParseError) {
            guard case .object(let m) = try JSON.parse(line) else { return .failure(Message(text: "expected a JSON object")) }
            members = m
        } catch {
            return .failure(Message(text: line.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "{")
                                    ? "\(error.message) at byte \(error.offset + 1)" : "expected a JSON object"))
        }
        var fields: [String: JSON] = [:]
        for (key, value) in members {
            guard fields.updateValue(value, forKey: key) == nil else { return .failure(Message(text: "duplicate key '\(key)'")) }
        }
        return .success(fields)
    }

    /// A line's time, `t`: seconds, converted exactly to integer microseconds.
    private static func time(_ fields: [String: JSON]) -> Result<Microseconds, Message> {
        guard case .number(let t)? = fields["t"] else { return .failure(missing("t", "a number", fields["t"])) }
        guard let time = microseconds(t.text) else { return .failure(Message(text: timeOutOfRange(t.text))) }
        return .success(time)
    }

    /// The key that makes a line a control line, one per line.
    static let controlKeys = ["set", "mode", ControlKey.handOver.name, ControlKey.scroll.name, "action"]

    /// A control line: an object with `set`, `mode`, `handOver`, `scroll` or `action`; nil for any other line.
    package static func controlLine(_ fields: [String: JSON], gestures: [String]?, modes: [String]) -> Result<ControlLine, Message>? {
        // A touch line's own `action` (recorders of Android's MotionEvent write one) stays an ignored key.
        let keys = controlKeys.filter { fields[$0] != nil && !($0 == "action" && fields["touch"] != nil) }
        guard !keys.isEmpty else { return nil }
        guard keys.count == 1 else {
            return .failure(Message(text: "a control line has one of \(listed(controlKeys.map { "'\($0)'" }, "or")), not '\(keys[0])' and '\(keys[1])'"))
        }
        let time: Microseconds
        switch Self.time(fields) {
        case .success(let t): time = t
        case .failure(let message): return .failure(message)
        }
        if let mode = fields["mode"] {
            guard case .string(let name) = mode else { return .failure(Message(text: "'mode' must be a mode's name")) }
            guard case .bool(let on)? = fields["on"] else { return .failure(missing("on", "true or false", fields["on"])) }
            if let extra = fields.keys.sorted().first(where: { !["t", "mode", "on"].contains($0) }) {
                return .failure(Message(text: "a mode line takes 't', 'mode' and 'on', not '\(extra)'"))
            }
            var c = ControlLine(time: time, gestures: [], enabled: nil, parameters: [])
            guard gestures != nil else { return .success(c) }  // the caller says that control lines need a set
            guard let index = modes.firstIndex(of: name) else {
                let suggestion = closestMatch(to: name, in: modes).map { "; did you mean '\($0)'?" }
                    ?? (modes.isEmpty ? "; the spec declares no modes" : "")
                return .failure(Message(text: "unknown mode '\(name)'" + suggestion))
            }
            c.mode = (ModeID(index), on)
            return .success(c)
        }
        let key = keys[0]
        guard case .string(let name) = fields[key]! else { return .failure(Message(text: "'\(key)' must be a gesture's name")) }
        let found = gestures?.indices.filter { gestures?[$0] == name }.map { GestureID($0) } ?? []
        if let gestures, found.isEmpty {
            let suggestion = closestMatch(to: name, in: Array(Set(gestures)).sorted()).map { "; did you mean '\($0)'?" } ?? ""
            return .failure(Message(text: "unknown gesture '\(name)' in '\(key)'" + suggestion))
        }
        var c = ControlLine(time: time, gestures: found, enabled: nil, parameters: [])
        if key == ControlKey.handOver.name {
            if let extra = fields.keys.sorted().first(where: { $0 != "t" && $0 != key }) {
                return .failure(Message(text: "a hand-over line takes 't' and 'handOver', not '\(extra)'"))
            }
            c.handOver = true
            return .success(c)
        }
        if key == "action" {
            if let extra = fields.keys.sorted().first(where: { !["t", "action", "x", "y", "view"].contains($0) }) {
                return .failure(Message(text: "an action line takes 't', 'action', and 'x', 'y' and 'view' if needed, not '\(extra)'"))
            }
            var at = SIMD2<Double>(0, 0)
            for (i, axis) in ["x", "y"].enumerated() {
                guard let value = fields[axis] else { continue }
                guard case .number(let n) = value, n.value.isFinite else {
                    return .failure(Message(text: "'\(axis)' must be a finite number: where the action is performed, its view's centre"))
                }
                at[i] = n.value
            }
            if let view = fields["view"] {
                guard case .string(let name) = view else { return .failure(Message(text: "'view' must be a view's name")) }
                c.actionView = name
            }
            c.action = at
            return .success(c)
        }
        if key == ControlKey.scroll.name {
            let says = ["at", ControlKey.began.name, ControlKey.momentum.name]
            if let extra = fields.keys.sorted().first(where: { !(["t", ControlKey.scroll.name] + says).contains($0) }) {
                return .failure(Message(text: "a scroll line takes 't', 'scroll' and 'at', 'began' or 'momentum', not '\(extra)'"))
            }
            guard says.filter({ fields[$0] != nil }).count <= 1 else {
                return .failure(Message(text: "a scroll line says one of 'at', 'began' and 'momentum'"))
            }
            if let momentum = fields[ControlKey.momentum.name] {
                guard case .bool(let running) = momentum else { return .failure(Message(text: notABoolean(ControlKey.momentum.name))) }
                c.momentum = running
                return .success(c)
            }
            if let began = fields[ControlKey.began.name] {
                guard case .bool(true) = began else {
                    return .failure(Message(text: "'began' must be true: the platform began scrolling (a scroll line with 'at' says where it is)"))
                }
                c.scrollBegan = true
                return .success(c)
            }
            guard case .array(let words)? = fields["at"] else {
                return .failure(missing("at", "a list of the edges the scroll is at (top, bottom, left, right; [] for none), 'began': true "
                                        + "or 'momentum': true or false", fields["at"]))
            }
            var edges = DirectionSet()
            for word in words {
                guard case .string(let name) = word, let edge = ScreenEdge(name: name) else {
                    let text = if case .string(let name) = word { "'\(name)'" } else { "a value that is no string" }
                    let suggestion = if case .string(let name) = word, let s = closestMatch(to: name, in: ScreenEdge.names) { "; did you mean '\(s)'?" } else { "" }
                    return .failure(Message(text: "'at' lists edges (\(listed(ScreenEdge.names, "or"))), not \(text)" + suggestion))
                }
                edges.insert(DirectionSet(edge.direction))
            }
            c.scrollEdges = edges
            return .success(c)
        }
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) where key != "t" && key != "set" {
            if key == ControlKey.enabled.name {
                guard case .bool(let on) = value else { return .failure(Message(text: notABoolean(ControlKey.enabled.name))) }
                c.enabled = on
            } else {
                guard case .string(let text) = value else {
                    return .failure(Message(text: "'\(key)' must be a string with its unit, as in a spec (\"800ms\", \"15pt\")"))
                }
                c.parameters.append((key, text))
            }
        }
        guard c.enabled != nil || !c.parameters.isEmpty else { return .failure(Message(text: "'set' changes nothing: give 'enabled' or a parameter")) }
        return .success(c)
    }

    /// A run-time parameter's value as a spec writes it (`800ms`, `15pt`,
    /// `300pt/s`, `10deg`, `5%`, `0.1`), in the runtime's units.
    package static func parameterValue(_ text: String) -> ParameterValue? {
        let (number, unit) = Unit.split(text)
        guard let v = JSON.decimal(number), v.isFinite else { return nil }
        return ParameterValue(v, unit)
    }

    /// A header line: an object with `screen` and no `t`; nil for any other line.
    static func screenHeader(_ fields: [String: JSON]) -> Result<SIMD2<Double>, Message>? {
        guard fields["t"] == nil, let value = fields["screen"] else { return nil }
        guard case .array(let n) = value, n.count == 2, case .number(let width) = n[0], case .number(let height) = n[1],
              case let (w, h) = (width.value, height.value), w.isFinite, h.isFinite, w > 0, h > 0 else {
            return .failure(Message(text: "'screen' must be [width, height] in points, both greater than 0"))
        }
        return .success(SIMD2(w, h))
    }

    /// A touch line.
    static func parse(_ fields: [String: JSON], views: ((String) -> ViewID?)? = nil) -> Result<TouchEvent, Message> {
        let time: Microseconds
        switch Self.time(fields) {
        case .success(let t): time = t
        case .failure(let message): return .failure(message)
        }
        guard case .number(let touch)? = fields["touch"] else {
            return .failure(missing("touch", "an integer", fields["touch"]))
        }
        guard let id = Int64(touch.text) else { return .failure(Message(text: notATouchID(touch.text))) }
        guard case .string(let phaseName)? = fields["phase"] else {
            return .failure(missing("phase", "a string", fields["phase"]))
        }
        guard let phase = TouchPhase(name: phaseName) else {
            return .failure(Message(text: unknownPhase(phaseName)))
        }
        var coordinates: [Double] = []
        for key in ["x", "y"] {
            guard case .number(let n)? = fields[key] else { return .failure(missing(key, "a number", fields[key])) }
            // A number too large for a Double reads as infinity; the engine's anomaly rule handles it.
            coordinates.append(n.value)
        }
        var view: ViewID = 0
        if let views, phase == .began, let value = fields["view"] {
            guard case .string(let name) = value else { return .failure(missing("view", "a string", value)) }
            guard let index = views(name) else { return .failure(Message(text: "unknown view '\(name)'")) }
            view = index
        }
        var pointer = PointerKind.touch
        if let value = fields["pointer"] {
            guard case .string(let name) = value, let kind = PointerKind(name: name) else {
                return .failure(Message(text: notAPointerKind))
            }
            pointer = kind
        }
        return .success(TouchEvent(time: time, id: id, phase: phase, x: coordinates[0], y: coordinates[1], view: view, pointer: pointer))
    }

    /// The refusal of a value that is not true or false for `key` (`enabled`,
    /// a mode's `on`): the C interface's control call gives the same.
    package static func notABoolean(_ key: String) -> String { "'\(key)' must be true or false" }

    // The refusals of a sample's fields, which the C interface's feed and
    // advance give for the same input (their numbers written as the caller's).
    package static func timeOutOfRange(_ t: String) -> String { "'t' is out of range: \(t)" }
    package static func notATouchID(_ touch: String) -> String { "'touch' must be an integer, got \(touch)" }
    package static func unknownPhase(_ phase: String) -> String {
        "unknown phase '\(phase)'; expected " + alternatives(TouchPhase.allCases.map { $0.name })
    }
    package static var notAPointerKind: String { "'pointer' must be " + alternatives(PointerKind.allCases.map { "\"\($0.name)\"" }) }

    /// "a, b or c".
    private static func alternatives(_ names: [String]) -> String {
        names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    private static func missing(_ key: String, _ type: String, _ found: JSON?) -> Message {
        found == nil ? Message(text: "missing key '\(key)'") : Message(text: "'\(key)' must be \(type)")
    }

    /// Seconds as written in JSON, to integer microseconds, exactly (half away from zero).
    package static func microseconds(_ text: String) -> Microseconds? {
        var digits: [UInt8] = []
        var negative = false
        var fraction = 0
        var exponent = 0
        var seenPoint = false
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
        while let b = bytes.first {
            if b >= 48 && b <= 57 {
                digits.append(b - 48)
                if seenPoint { fraction += 1 }
            } else if b == UInt8(ascii: ".") {
                seenPoint = true
            } else if b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
                guard let e = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)), abs(e) < 400 else { return nil }
                exponent = e
                break
            } else {
                return nil
            }
            bytes = bytes.dropFirst()
        }
        while digits.count > 1 && digits.first == 0 { digits.removeFirst() }
        let shift = exponent - fraction + 6  // power of ten applied to the digits
        var value: Int64 = 0
        if shift >= 0 {
            guard digits.count + shift <= 18 else { return digits.allSatisfy { $0 == 0 } ? .zero : nil }
            for d in digits { value = value * 10 + Int64(d) }
            for _ in 0..<shift { value *= 10 }
        } else {
            let keep = digits.count + shift
            guard keep <= 18 else { return nil }
            if keep > 0 { for d in digits[0..<keep] { value = value * 10 + Int64(d) } }
            let firstDropped = keep >= 0 && keep < digits.count ? digits[keep] : 0
            if keep >= 0 && firstDropped >= 5 { value += 1 }
        }
        return Microseconds(negative ? -value : value)
    }
}
