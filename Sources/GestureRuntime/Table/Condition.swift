/// A gesture's `enabled:` condition on modes (v3), as a table stores it: a
/// postfix program of bytes (`GestureTable.enabledCode`). A byte below
/// `maxModes` pushes that mode's state; the others are the operators below.
/// A valid program (`validate`) leaves exactly one value.
package enum Condition {
    /// The most modes a set may declare: modes are the bits of a `UInt16`.
    package static let maxModes = 16

    package static let not: UInt8 = 0x40
    package static let and: UInt8 = 0x41
    package static let or: UInt8 = 0x42
    package static let `true`: UInt8 = 0x43
    package static let `false`: UInt8 = 0x44

    /// The program's value with the modes `modes` on (bit `m`: mode `m`).
    /// No allocation: the stack is the bits of one integer.
    package static func evaluate(_ code: ArraySlice<UInt8>, modes: UInt16) -> Bool {
        var stack: UInt64 = 0
        for op in code {
            switch op {
            case Self.not: stack ^= 1
            case Self.and: stack = (stack >> 2) << 1 | (stack & (stack >> 1) & 1)
            case Self.or: stack = (stack >> 2) << 1 | ((stack | stack >> 1) & 1)
            case Self.true: stack = stack << 1 | 1
            case Self.false: stack <<= 1
            default: stack = stack << 1 | UInt64(modes >> UInt16(op & 15) & 1)
            }
        }
        return stack & 1 == 1
    }

    /// Whether `code` is a well-formed program over `modeCount` modes: every
    /// operator finds its operands, one value is left, at most 64 are ever stacked.
    package static func validate(_ code: ArraySlice<UInt8>, modeCount: Int) -> Bool {
        var depth = 0
        for op in code {
            switch op {
            case Self.not: guard depth >= 1 else { return false }
            case Self.and, Self.or:
                guard depth >= 2 else { return false }
                depth -= 1
            case Self.true, Self.false: depth += 1
            default:
                guard Int(op) < modeCount else { return false }
                depth += 1
            }
            guard depth <= 64 else { return false }
        }
        return code.isEmpty || depth == 1
    }

    /// The program written as a spec writes it (`zoomed and not editing`), with `names` for the modes.
    package static func text(_ code: ArraySlice<UInt8>, names: [String]) -> String {
        var out = ByteText()
        write(code, names: names, to: &out)
        return out.string
    }

    /// `text`, written as bytes.
    package static func write(_ code: ArraySlice<UInt8>, names: [String], to out: inout ByteText) {
        // Each entry: the text and the precedence of its outermost operator (or 3 for an atom).
        var stack: [(ByteText, Int)] = []
        func atom(_ s: StaticString) -> (ByteText, Int) {
            var t = ByteText()
            t.write(s)
            return (t, 3)
        }
        func wrap(_ e: (ByteText, Int), _ level: Int, into t: inout ByteText) {
            if e.1 < level { t.write("(") }
            t.write(e.0.bytes)
            if e.1 < level { t.write(")") }
        }
        for op in code {
            switch op {
            case Self.not:
                let a = stack.removeLast()
                var t = ByteText()
                t.write("not ")
                wrap(a, 3, into: &t)
                stack.append((t, 3))
            case Self.and, Self.or:
                let b = stack.removeLast(), a = stack.removeLast()
                let level = op == Self.and ? 2 : 1
                var t = ByteText()
                wrap(a, level, into: &t)
                t.write(op == Self.and ? " and " : " or ")
                wrap(b, level + 1, into: &t)
                stack.append((t, level))
            case Self.true: stack.append(atom("true"))
            case Self.false: stack.append(atom("false"))
            default:
                var t = ByteText()
                if Int(op) < names.count { t.write(names[Int(op)]) } else { t.write("mode "); t.write(op) }
                stack.append((t, 3))
            }
        }
        if let last = stack.last { out.write(last.0.bytes) } else { out.write("true") }
    }
}

extension GestureTable {
    /// Gesture `g`'s condition on modes (empty: none; the app enables it).
    package func condition(of g: GestureID) -> ArraySlice<UInt8> {
        enabledCode[Int(enabledStart[g.rawValue])..<Int(enabledStart[g.rawValue + 1])]
    }

    /// The number of modes the set declares.
    public var modeCount: Int { modeNames.count }

    /// Every mode of the set, in declaration order.
    public var modeIDs: Range<ModeID> { ModeID(0)..<ModeID(modeCount) }

    /// The name of mode `m`.
    public func name(ofMode m: ModeID) -> String { strings[Int(modeNames[m.rawValue])] }

    /// The index of the mode named `name`, if the set declares it.
    public func mode(named name: String) -> ModeID? {
        modeNames.indices.first { strings[Int(modeNames[$0])].isSame(as: name) }.map { ModeID($0) }
    }

    /// Gesture `g`'s `enabled:` condition as the spec writes it, or nil when it has none.
    public func conditionText(of g: GestureID) -> String? {
        guard !condition(of: g).isEmpty else { return nil }
        var out = ByteText()
        writeCondition(of: g, to: &out)
        return out.string
    }

    /// `conditionText`, written as bytes; nothing when `g` has none.
    package func writeCondition(of g: GestureID, to out: inout ByteText) {
        let code = condition(of: g)
        if !code.isEmpty { Condition.write(code, names: modeIDs.map(name(ofMode:)), to: &out) }
    }
}
