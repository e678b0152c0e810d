import GestureCompiler

/// Every place a spec names a gesture, a constant, a view or a mode: what go to
/// definition, find references, rename, hover and completion look up.
struct SpecIndex: Sendable {
    enum Kind: Sendable { case gesture, constant, view, mode }

    struct Occurrence: Sendable {
        var name: String
        var kind: Kind
        var range: SourceRange
        var isDeclaration: Bool
    }

    private(set) var occurrences: [Occurrence] = []

    init(_ syntax: SpecSyntax) {
        var constants = Set<String>(), gestures = Set<String>(), modes = Set<String>()
        for d in syntax.declarations {
            if case .constant(let c) = d { constants.insert(c.name.name) }
            if case .gesture(let g) = d { gestures.insert(g.name.name) }
            if case .mode(let m, _) = d { modes.insert(m.name) }
        }
        func value(_ v: Value?) {
            if case .names(let ids, _) = v {
                for id in ids {
                    if modes.contains(id.name) {
                        add(id, .mode, declaration: false)
                    } else if constants.contains(id.name) {
                        add(id, .constant, declaration: false)
                    }
                }
            }
            if case .expression(let e) = v { condition(e) }
        }
        func condition(_ e: ModeExpression) {
            switch e {
            case .name(let id): if modes.contains(id.name) { add(id, .mode, declaration: false) }
            case .literal: break
            case .not(let inner, _), .group(let inner, _): condition(inner)
            case .and(let a, let b), .or(let a, let b): condition(a); condition(b)
            }
        }
        func view(_ v: ViewDecl, nested: Bool) {
            add(v.name, .view, declaration: true)
            // A nested view's parent is implied, not written: only a written `in NAME` is an occurrence.
            if let p = v.parent, !nested { add(p, .view, declaration: false) }
            for g in v.gestures { add(g, .gesture, declaration: false) }
            for g in v.forwards where gestures.contains(g.name) { add(g, .gesture, declaration: false) }
            for s in v.subviews { view(s, nested: true) }
        }
        for d in syntax.declarations {
            switch d {
            case .constant(let c): add(c.name, .constant, declaration: true)
            case .gesture(let g):
                add(g.name, .gesture, declaration: true)
                for p in g.parameters { value(p.value) }
            case .rule(let r):
                for id in r.lhs + r.rhs { add(id, .gesture, declaration: false) }
                value(r.within)
            case .view(let v): view(v, nested: false)
            case .mode(let m, _): add(m, .mode, declaration: true)
            case .profile: break
            }
        }
        occurrences.sort { $0.range.start < $1.range.start }
    }

    private mutating func add(_ id: Identifier, _ kind: Kind, declaration: Bool) {
        occurrences.append(Occurrence(name: id.name, kind: kind, range: id.range, isDeclaration: declaration))
    }

    /// The occurrence whose name covers `offset` (its end included, where a cursor after a name sits).
    func occurrence(at offset: Int) -> Occurrence? {
        occurrences.first { $0.range.start <= offset && offset <= $0.range.end }
    }

    /// The declaration of a name of a kind.
    func declaration(of name: String, _ kind: Kind) -> Occurrence? {
        occurrences.first { $0.isDeclaration && $0.kind == kind && $0.name == name }
    }

    /// Every occurrence of a name of a kind, its declaration included.
    func all(_ name: String, _ kind: Kind) -> [Occurrence] {
        occurrences.filter { $0.kind == kind && $0.name == name }
    }

    /// The declared names of a kind, in declaration order.
    func declared(_ kind: Kind) -> [String] {
        var seen = Set<String>()
        return occurrences.filter { $0.isDeclaration && $0.kind == kind && seen.insert($0.name).inserted }.map(\.name)
    }
}
