import GestureRuntime

/// People who cannot perform a gesture (v4): WCAG 2.2 asks that what a
/// path-based or multipoint gesture does can be done with a single pointer
/// without a path (success criterion 2.5.1, Pointer Gestures, level A), and
/// what a drag does, without dragging (2.5.7, Dragging Movements, AA). Only
/// the spec knows, for every gesture, which of these it needs; a gesture
/// with an `action` (what assistive technology and the keyboard offer) or an
/// `alternative` (a one-finger tap or long press of the set) passes.
enum Accessibility {
    /// What gesture `d` needs beyond one pointer without a path, as a message says it, and the criterion; nil: nothing.
    static func need(of d: GestureDefinition) -> (what: String, criterion: DiagnosticID)? {
        switch d.kind {
        // The platform's own scrolling: assistive technology scrolls it (VoiceOver's three-finger swipe, the keyboard's arrows).
        case .scroll: nil
        case .swipe: ("a swipe, a path-based gesture", .pointerGesture)
        case .stroke: ("a stroke, a path-based gesture", .pointerGesture)
        case .pinch: ("a pinch, a gesture of two fingers", .pointerGesture)
        case .rotation: ("a rotation, a gesture of two fingers", .pointerGesture)
        case .pan: d.minTouches > 1 ? ("a pan of \(d.minTouches) fingers", .pointerGesture) : ("a drag", .draggingMovement)
        case .tap, .longPress: d.minTouches > 1 ? ("a \(d.kind.keyword) of \(d.minTouches) fingers", .pointerGesture) : nil
        }
    }

    static func find(in set: CheckedGestureSet, source: SourceFile) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var seen = Set<String>()
        for (g, d) in zip(set.gestureIDs, set.gestures) where seen.insert(d.name).inserted && d.action == nil && d.alternative == nil {
            guard let (what, criterion) = need(of: d) else { continue }
            let name = actionName(for: d.name)
            let example = "'action: \"\(name)\"'"
            let message: DiagnosticMessage = criterion == .draggingMovement
                ? .draggingMovement(d.name, action: example) : .pointerGesture(d.name, what, action: example)
            let fix = ParameterFix(gesture: g, parameter: GestureParameter.named("action", for: d.kind)!, text: "action: \"\(name)\"")
            out.append(Diagnostic(message, at: d.nameRange, fixIts: fix.fixIt(in: set, source: source).map { [$0] } ?? []))
        }
        return out
    }

    /// A gesture's name as an action's: `deleteRow` is "Delete row".
    static func actionName(for name: String) -> String {
        var words: [String] = []
        for c in name {
            if c.isUppercase || words.isEmpty || (c.isNumber && !(words.last!.last!.isNumber)) { words.append("") }
            words[words.count - 1].append(c == "_" || c == "-" ? " " : Character(c.lowercased()))
        }
        let text = words.joined(separator: " ").split(separator: " ").joined(separator: " ")
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
