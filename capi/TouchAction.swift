import GestureRuntime

/// The CSS `touch-action` a set leaves to the browser: what the page may still
/// do with a touch (or pen) on the element without taking it from the gestures.
/// A horizontal pan or swipe leaves vertical scrolling (`pan-y`), a vertical
/// one horizontal scrolling; pinches, rotations, strokes and pans in any
/// direction take every movement (`none`); taps and long presses only
/// double-tap zoom (`manipulation`). Gestures that take only the mouse
/// restrict nothing. A `scroll` leaves its axes to the browser whatever
/// else the set has (the browser scrolls natively, with its momentum).
///
/// `hitting` a view: for an element mapped to that view, from the gestures
/// that see its touches (on it and its ancestors). Without, for the attached
/// element: every gesture of the set, as in v3, with the axes of the scrolls
/// on the root view (those of a nested view are left on its own element, a
/// scroll container, where the browser allows panning again).
enum TouchAction {
    static func of(_ t: GestureTable, hitting view: ViewID? = nil) -> StaticString {
        var panX = true, panY = true, zoom = true, doubleTapZoom = true
        var scrollsX = false, scrollsY = false
        let touchOrPen = PointerKind.touch.bit | PointerKind.pen.bit
        for (g, r) in zip(t.gestureIDs, t.gestures) where r.inputs & touchOrPen != 0 {
            let sees = t.view(t.view(of: g), contains: view ?? 0)
            if view != nil && !sees { continue }
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
                guard sees else { break }
                if r.axis != 2 { scrollsX = true }
                if r.axis != 1 { scrollsY = true }
            }
        }
        (panX, panY) = (panX || scrollsX, panY || scrollsY)
        // Every combination spelled out: a literal, not words joined at run time.
        switch (panX, panY, zoom) {
        case (true, true, true): return doubleTapZoom ? "auto" : "manipulation"
        case (true, true, false): return "pan-x pan-y"
        case (true, false, true): return "pan-x pinch-zoom"
        case (true, false, false): return "pan-x"
        case (false, true, true): return "pan-y pinch-zoom"
        case (false, true, false): return "pan-y"
        case (false, false, true): return "pinch-zoom"
        case (false, false, false): return "none"
        }
    }
}
