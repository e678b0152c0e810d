import GestureRuntime

/// Views: the tree, which gestures each holds, and what each forwards to its parent.
extension Checker {
    /// The name of the implicit root view.
    public static let rootViewName = "window"

    /// Flattens the view tree (parents first), attaches gestures and resolves `forwards:`.
    mutating func checkViews(_ decls: [ViewDecl], gestures: inout [GestureDefinition], declared: [String]) -> [ViewDefinition] {
        guard !decls.isEmpty else { return [] }
        var views = [ViewDefinition(name: Self.rootViewName, parent: nil, forwards: 0, nameRange: SourceRange(start: 0, end: 0))]
        var viewIndex: [String: Int] = [:]
        var attachedAt: [[Int]: Identifier] = [:]
        func visit(_ v: ViewDecl, parent: Int) {
            if v.name.name == Self.rootViewName {
                diagnostics.report(.reservedViewName(Self.rootViewName), at: v.name.range)
            } else if let first = viewIndex[v.name.name] {
                duplicate(.duplicateView, v.name, first: Identifier(name: v.name.name, range: views[first].nameRange))
            }
            var parentIndex = parent
            if let named = v.parent, parent == 0 {
                if let p = viewIndex[named.name] {
                    parentIndex = p
                } else {
                    unknownName(named, what: "view", candidates: Array(viewIndex.keys).sorted(),
                                expected: "a parent must be declared before its children")
                }
            }
            let index = views.count
            views.append(ViewDefinition(name: v.name.name, parent: parentIndex, forwards: 0, nameRange: v.name.range))
            if viewIndex[v.name.name] == nil && v.name.name != Self.rootViewName { viewIndex[v.name.name] = index }
            for g in v.gestures {
                guard let gi = gestureIndex[g.name] else {
                    if !unresolvedGestures.contains(g.name) {
                        unknownName(g, what: "gesture", candidates: declared, expected: nil)
                    }
                    continue
                }
                if let first = attachedAt[[gi, index]] {
                    diagnostics.report(.gestureAttachedTwice(g.name, view: v.name.name),
                                       at: g.range, notes: [.init("first attached here", at: first.range)])
                    continue
                }
                attachedAt[[gi, index]] = g
                attachments[gi, default: []].append((view: index, forwarded: false))
                gestures[gi].view = attachments[gi]![0].view
            }
            for f in v.forwards {
                if let phase = TouchPhase(name: f.name), TouchPhase.forwardable.contains(phase) {
                    views[index].forwards |= 1 << phase.rawValue
                } else if let gi = gestureIndex[f.name], let k = attachments[gi]?.firstIndex(where: { $0.view == index }) {
                    attachments[gi]![k].forwarded = true
                    if k == 0 { gestures[gi].forwarded = true }
                } else if gestureIndex[f.name] != nil {
                    diagnostics.report(.forwardsForeignGesture(view: v.name.name, f.name), at: f.range)
                } else if !unresolvedGestures.contains(f.name) {
                    let own = gestures.indices.filter { attachments[$0]?.contains { $0.view == index } == true }.map { gestures[$0].name }
                    unknownName(f, what: "touch phase or gesture", candidates: TouchPhase.forwardable.map(\.name) + own,
                                expected: "a view forwards touch phases (\(TouchPhase.forwardable.map(\.name).joined(separator: ", "))) or its own gestures")
                }
            }
            for word in v.defersSystemEdges {
                if let edge = screenEdge(word) { views[index].defersSystemEdges.insert(DirectionSet(edge.direction)) }
            }
            for sub in v.subviews { visit(sub, parent: index) }
        }
        for v in decls { visit(v, parent: 0) }
        return views
    }
}
