import GestureRuntime

/// The CSS `touch-action` a set leaves to the browser: what the page may still
/// do with a touch (or pen) on the element without taking it from the gestures.
/// A horizontal pan or swipe leaves vertical scrolling (`pan-y`), a vertical
/// one horizontal scrolling; pinches, rotations, strokes and pans in any
/// direction take every movement (`none`); taps and long presses only
/// double-tap zoom (`manipulation`). Gestures that take only the mouse
/// restrict nothing. A `scroll` leaves its axes to the browser whatever
/// else the set has (the browser scrolls natively, with its momentum).
enum TouchAction {
    static func of(_ t: GestureTable) -> String {
        var panX = true, panY = true, zoom = true, doubleTapZoom = true
        var scrollsX = false, scrollsY = false
        let touchOrPen = PointerKind.touch.bit | PointerKind.pen.bit
        for r in t.gestures where r.inputs & touchOrPen != 0 {
            switch r.kind {
            case .tap, .longPress:
                doubleTapZoom = false
            case .swipe:
                let d = DirectionSet(rawValue: r.directions)
                let horizontal = !d.isDisjoint(with: DirectionSet(rawValue: 1 << Direction.right.rawValue | 1 << Direction.left.rawValue))
                let vertical = !d.isDisjoint(with: DirectionSet(rawValue: 1 << Direction.up.rawValue | 1 << Direction.down.rawValue))
                if horizontal { panX = false }
                if vertical { panY = false }
                if !horizontal && !vertical { (panX, panY) = (false, false) }
            case .pan:
                if r.axis != 2 { panX = false }
                if r.axis != 1 { panY = false }
                if r.minTouches >= 2 { zoom = false }
            case .pinch, .rotation, .stroke:
                (panX, panY, zoom) = (false, false, false)
            case .scroll:
                if r.axis != 2 { scrollsX = true }
                if r.axis != 1 { scrollsY = true }
            }
        }
        (panX, panY) = (panX || scrollsX, panY || scrollsY)
        if panX && panY && zoom { return doubleTapZoom ? "auto" : "manipulation" }
        let allowed = (panX ? ["pan-x"] : []) + (panY ? ["pan-y"] : []) + (zoom ? ["pinch-zoom"] : [])
        return allowed.isEmpty ? "none" : allowed.joined(separator: " ")
    }
}
