import GestureRuntime

/// The platform's own gestures at the screen's edges (v4): a screen-edge pan
/// that begins in one of its profile's system gesture zones and moves the
/// system's way competes with the home indicator or the back swipe, and the
/// system takes the swipe first. gspec knows no view's place on the screen,
/// so only screen-edge pans (`edges:`) are known to begin in a zone.
enum SystemGestures {
    /// `safari`: the `web` profile's pages also run in iOS Safari, whose edge swipes count.
    static func find(in set: CheckedGestureSet, safari: Bool = false) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (g, d) in zip(set.gestureIDs, set.gestures) where d.kind == .pan && !d.edges.isEmpty {
            guard let profile = Profile(code: d.record.profile) else { continue }
            let zones = profile.systemGestureZones + (safari && profile == .web ? Profile.safariEdgeSwipes : [])
            // A pan measured only along the edge never moves the system's way (inward).
            for zone in zones where d.edges.contains(DirectionSet(zone.edge.direction)) && zone.edge.isReached(on: d.axis) {
                let deferred = deferredEdges(ofView: d.view, in: set).contains(DirectionSet(zone.edge.direction))
                let witness = witness(for: zone, gesture: d)
                let platform = profile == .web ? "iOS Safari" : profile.platformName
                let message = DiagnosticMessage.systemGesture(
                    set.label(g), edge: zone.edge.name, platform: platform, action: zone.action, width: zone.width,
                    witness: witness.summary, deferral: zone.deferral, deferred: deferred)
                var diagnostic = Diagnostic(message, at: d.nameRange)
                diagnostic.attachment = witness.traceLines(viewNames: set.views.map(\.name), screen: true).split(separator: "\n").map(String.init)
                out.append(diagnostic)
            }
        }
        return out
    }

    /// The edges view `v` and its ancestors defer.
    static func deferredEdges(ofView v: Int, in set: CheckedGestureSet) -> DirectionSet {
        var (edges, view) = (DirectionSet(), Optional(v))
        while let w = view, w < set.views.count {
            edges.formUnion(set.views[w].defersSystemEdges)
            view = set.views[w].parent
        }
        return edges
    }

    /// A finger that lands inside both the zone and the pan's edge width,
    /// and moves 80pt inward in five frames: the system's swipe.
    static func witness(for zone: SystemGestureZone, gesture d: GestureDefinition) -> TouchStream {
        let screen = TouchStream.screen
        let inset = min(zone.width, d.record.edgeWidth) / 2
        let (start, inward): (SIMD2<Double>, SIMD2<Double>) = switch zone.edge {
        case .left: (SIMD2(inset, screen.y / 2), SIMD2(80, 0))
        case .right: (SIMD2(screen.x - inset, screen.y / 2), SIMD2(-80, 0))
        case .top: (SIMD2(screen.x / 2, inset), SIMD2(0, 80))
        case .bottom: (SIMD2(screen.x / 2, screen.y - inset), SIMD2(0, -80))
        }
        var b = StreamBuilder(view: d.view)
        b.period = 16_000
        b.down([start])
        b.translate(by: inward, samples: 5)
        b.liftAll()
        return b.stream("a swipe from the \(zone.edge.name) edge, \(shortest(inset))pt in, 80pt inward in 80 ms")
    }
}
