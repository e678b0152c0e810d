import GestureRuntime

/// Modes (v3): their declarations, the `enabled:` conditions on them, and
/// the pointer kinds of `input`.
extension Checker {
    /// Each `mode NAME` once, at most `Condition.maxModes`.
    mutating func checkModes(_ syntax: SpecSyntax) {
        var first: [String: Identifier] = [:]
        for case .mode(let name, _) in syntax.declarations {
            if let previous = first[name.name] {
                duplicate(.duplicateMode, name, first: previous)
                continue
            }
            first[name.name] = name
            guard modeNames.count < Condition.maxModes else {
                diagnostics.report(.tooManyModes(Condition.maxModes), at: name.range)
                // Known, so that conditions naming it are not unknown names too; never emitted.
                modeIndex[name.name] = Condition.maxModes
                continue
            }
            modeIndex[name.name] = modeNames.count
            modeNames.append(name.name)
        }
    }

    /// A gesture whose condition holds in no combination of the modes it names can never run.
    mutating func reportNeverEnabled(_ syntax: SpecSyntax, _ gestures: [GestureDefinition]) {
        for case .gesture(let decl) in syntax.declarations {
            guard let g = gestures.first(where: { $0.nameRange == decl.name.range }), !g.condition.isEmpty else { continue }
            let named = Set(g.condition.filter { Int($0) < Condition.maxModes })
            // Every combination of the modes it names (at most 2^16).
            let combinations = (0..<(1 << named.count)).map { k in
                named.sorted().enumerated().reduce(UInt16(0)) { m, e in k >> e.offset & 1 == 1 ? m | 1 << UInt16(e.element) : m }
            }
            guard !combinations.contains(where: { Condition.evaluate(g.condition[...], modes: $0) }) else { continue }
            let at = decl.parameters.first { $0.name.name == "enabled" }?.value.range ?? decl.name.range
            diagnostics.report(.neverEnabled(g.name, condition: Condition.text(g.condition[...], names: modeNames)), at: at)
        }
    }

    /// An `enabled:` condition as a postfix program over the modes; nil (reported) when a name is no mode.
    mutating func condition(_ value: Value) -> [UInt8]? {
        var code: [UInt8] = []
        var ok = true
        func emit(_ e: ModeExpression) {
            switch e {
            case .name(let id):
                if let m = modeIndex[id.name] {
                    if m < Condition.maxModes { code.append(UInt8(m)) } else { ok = false }
                } else {
                    unknownName(id, what: "mode", candidates: modeNames,
                                expected: modeNames.isEmpty ? "a condition names modes declared with 'mode NAME'" : nil)
                    ok = false
                }
            case .literal(let b, _): code.append(b ? Condition.true : Condition.false)
            case .group(let inner, _): emit(inner)
            case .not(let inner, _):
                emit(inner)
                code.append(Condition.not)
            case .and(let a, let b):
                emit(a); emit(b)
                code.append(Condition.and)
            case .or(let a, let b):
                emit(a); emit(b)
                code.append(Condition.or)
            }
        }
        switch value {
        case .expression(let e): emit(e)
        case .names(let names, _) where names.count == 1: emit(.name(names[0]))
        default:
            diagnostics.report(.wrongType("'enabled' takes true, false or a condition on modes such as 'zoomed and not editing'",
                                          got: source.text(value.range)), at: value.range)
            return nil
        }
        return ok ? code : nil
    }

    /// `input`: pointer kinds such as `touch | pen`, or `any`, as a `PointerKind.bit` mask.
    mutating func pointerKinds(_ p: Parameter) -> UInt8? {
        let words = GestureParameter.ValueType.inputKinds.words(for: .tap)
        guard case .names(let names, _) = p.value else {
            diagnostics.report(.wrongType("'input' takes pointer kinds such as 'touch | pen'", got: source.text(p.value.range)),
                               at: p.value.range)
            return nil
        }
        var mask: UInt8 = 0
        var ok = true
        for word in names {
            if word.name == PointerKind.anyName {
                mask |= PointerKind.allCases.reduce(0) { $0 | $1.bit }
            } else if let kind = PointerKind(name: word.name) {
                mask |= kind.bit
            } else {
                unknownName(word, what: "pointer kind", candidates: words, expected: "the kinds are \(listed(PointerKind.names))")
                ok = false
            }
        }
        return ok ? mask : nil
    }
}
