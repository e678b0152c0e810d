import GestureRuntime
import GestureTrace

/// Writes a table in the readable forms of `gspec build --emit`: JSON with
/// the same content as the binary and Graphviz DOT of each gesture's
/// automaton (`SwiftEmitter` writes the Swift form).
public enum TableEmitter {
    /// The table as JSON, keys in a fixed order, one gesture per block.
    public static func json(_ t: GestureTable) -> String {
        var out = "{\n  \"formatVersion\": \(GestureTable.formatVersion),\n"
        out += "  \"strings\": [" + t.strings.map(quoted).joined(separator: ", ") + "],\n"
        out += "  \"symbols\": [" + Symbol.allCases.map { quoted($0.name) }.joined(separator: ", ") + "],\n"
        out += "  \"gestures\": [\n"
        out += t.gestures.map { r in
            var fields: [(String, String)] = [
                ("name", quoted(t.strings[Int(r.name)])), ("kind", quoted(r.kind.keyword)),
                ("doc", r.doc == GestureRecord.none ? "null" : quoted(t.strings[Int(r.doc)])), ("line", "\(r.line)"),
                ("flags", "\(r.flags)"), ("options", "\(r.options)"), ("axis", "\(r.axis)"), ("directions", "\(r.directions)"),
                ("taps", "\(r.taps)"), ("minTouches", "\(r.minTouches)"), ("maxTouches", "\(r.maxTouches)"),
                ("chord", "\(r.chord)"), ("chordMin", "\(r.chordMin)"), ("chordMax", "\(r.chordMax)"),
                ("strokeFlags", "\(r.strokeFlags)"), ("edges", "\(r.edges)"),
                ("profile", Profile(code: r.profile).map { quoted($0.rawValue) } ?? "null"), ("fromProfile", "\(r.fromProfile)"),
            ]
            // The parameter fields as the format writes them, each under the first parameter kept there.
            for f in GestureParameter.recordFields(version: GestureTable.formatVersion) {
                let name = GestureParameter.all.first { $0.storage == f }!.name
                switch f {
                case .microseconds(let k): fields.append((name + "Microseconds", "\(r[field: k])"))
                case .real(let k): fields.append((name, "\(r[field: k])"))
                case .range(let k): fields.append((name, range(r[field: k])))
                default: break
                }
            }
            fields += [
                ("stateBase", "\(r.stateBase)"), ("stateCount", "\(r.stateCount)"), ("startState", "\(r.startState)"),
                ("classCount", "\(r.classCount)"), ("packing", quoted(r.packing == GestureRecord.packingComb ? "comb" : "dense")),
                ("transitionBase", "\(r.transitionBase)"),
            ]
            return "    {" + fields.map { "\(quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }.joined(separator: ",\n")
        out += "\n  ],\n"
        out += arrays(t).map { "  \"\($0.name)\": \($0.values)" }.joined(separator: ",\n")
        return out + "\n}\n"
    }

    /// An offset range as `[lower, upper]`, an infinite end as null (JSON has no infinity).
    private static func range(_ r: SIMD2<Double>) -> String {
        "[" + [r.x, r.y].map { $0.isFinite ? "\($0)" : "null" }.joined(separator: ", ") + "]"
    }

    /// The table's flat arrays (every section but strings and records) by field name, as literals `[1, 2, 3]`.
    private static func arrays(_ t: GestureTable) -> [(name: String, values: String)] {
        func list<T>(_ xs: [T]) -> String { "[" + xs.map { "\($0)" }.joined(separator: ", ") + "]" }
        return TableSection.allCases.compactMap { section in
            switch section {
            case .strings, .gestures: nil
            case .afterWithin: ("afterWithinMicroseconds", list(t.afterWithin))
            case .templatePoints: ("templatePoints", list(t.templatePoints))
            default: ("\(section)", list(t.elements(of: section)))
            }
        }
    }

    /// One DOT digraph with a cluster per gesture (or only gesture `only`);
    /// edges are labelled with the symbols that take them.
    public static func dot(_ t: GestureTable, only: Int? = nil) -> String {
        var out = "digraph gestures {\n  rankdir=LR;\n  node [shape=circle, fontname=\"Helvetica\"];\n"
        for (g, r) in zip(Range(gestures: t.gestureCount), t.gestures) where only == nil || only == g.rawValue {
            let name = t.strings[Int(r.name)]
            out += "  subgraph cluster_\(g.rawValue) {\n    label=\(quoted("\(name): \(r.kind.keyword)"));\n"
            let states = (0..<Int(r.stateCount)).map { StateID($0) }
            for state in states {
                let s = state.rawValue, output = t.output(g, state), timer = t.timer(g, state)
                var label = "\(s)"
                if output != .none { label += "\\n\(output)" }
                if timer != .none { label += "\\n⏱ \(timer)" }
                let shape = output.isTerminal ? "doublecircle" : "circle"
                out += "    g\(g.rawValue)s\(s) [label=\"\(label)\", shape=\(shape)\(s == Int(r.startState) ? ", style=bold" : "")];\n"
            }
            for s in states where !t.output(g, s).isTerminal {
                var bySymbols: [StateID: [String]] = [:]
                for symbol in Symbol.allCases {
                    let target = t.next(g, s, symbol)
                    if target != s { bySymbols[target, default: []].append(symbol.name) }
                }
                for target in bySymbols.keys.sorted() {
                    out += "    g\(g.rawValue)s\(s.rawValue) -> g\(g.rawValue)s\(target.rawValue) [label=\(quoted(bySymbols[target]!.joined(separator: ", ")))];\n"
                }
            }
            out += "  }\n"
        }
        return out + "}\n"
    }

    /// A string literal, valid both in JSON and in Swift (control characters
    /// other than tab and newline do not occur in names and doc comments, and
    /// are replaced if they do).
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
