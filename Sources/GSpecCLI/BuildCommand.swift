import Foundation
import GestureCompiler
import GestureRuntime

/// `gspec build`: compile gesture sets to tables (or their JSON, Swift or DOT forms).
enum BuildCommand {
    static let spec = CommandLineSpec(
        name: "build",
        abstract: "Compile .gesture files to table files.",
        usage: "gspec build <file.gesture|dir>... [-o OUT] [--emit table|json|swift|dot] [--stats] [--no-analysis]",
        options: [
            .init(name: "-o", value: "out", help: "Output file for a single input file, output directory otherwise."),
            .init(name: "--emit", value: "form", help: "table (.gtab, the default), json, swift or dot.",
                  choices: ["table", "json", "swift", "dot"]),
            .init(name: "--stats", value: nil, help: "Print states, symbols and bytes per gesture before and after optimization."),
            .init(name: "--no-analysis", value: nil, help: "Skip the conflict analysis's warnings (its errors are still reported)."),
            CommandLineSpec.colorOption,
        ],
        discussion: """
            Without -o each output is written beside its input. Inputs with errors
            print their diagnostics and write nothing; the exit status is then 1.
            Warnings, those of the analysis 'gspec check' runs included, are printed
            and do not stop the build.
            """
    )

    static func run(_ parsed: CommandLineSpec.Parsed, console: Console) -> ExitCode {
        guard !parsed.positionals.isEmpty else {
            console.err("error: missing input: give .gesture files or directories\nUsage: \(spec.usage)\n")
            return .usageError
        }
        let form = parsed.values["--emit"] ?? "table"
        let ext = form == "table" ? "gtab" : form
        let renderer = DiagnosticRenderer(colored: CheckCommand.colored(parsed, console))
        let inputs = InputFiles.collect(parsed.positionals, extension: "gesture")
        let singleFile = parsed.positionals.count == 1 && inputs.count == 1
            && !isDirectory(parsed.positionals[0])
        var failed = false
        for input in inputs {
            guard case .success(let source) = input else {
                if case .failure(let message) = input { console.err("error: \(message.text)\n") }
                failed = true
                continue
            }
            let output = Compiler.compile(source, analysis: !parsed.flags.contains("--no-analysis"),
                                          examples: StrokeExamples.beside(source.path))
            console.err(renderer.render(output.diagnostics, in: source))
            guard let table = output.table else {
                failed = true
                continue
            }
            if parsed.flags.contains("--stats") { console.out(stats(source.path, output.stats, table)) }
            let base = URL(fileURLWithPath: source.path).deletingPathExtension().lastPathComponent
            let destination: String
            if let o = parsed.values["-o"] {
                destination = singleFile ? o : (o as NSString).appendingPathComponent(base + "." + ext)
            } else {
                destination = (source.path as NSString).deletingPathExtension + "." + ext
            }
            let bytes: [UInt8] = switch form {
            case "json": Array(TableEmitter.json(table).utf8)
            case "swift": Array(SwiftEmitter.source(table, typeName: typeName(base), sourcePath: source.path,
                                                    generator: "gspec \(GSpec.version)").utf8)
            case "dot": Array(TableEmitter.dot(table).utf8)
            default: table.encoded()
            }
            do {
                let directory = (destination as NSString).deletingLastPathComponent
                if !directory.isEmpty {
                    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                }
                try Data(bytes).write(to: URL(fileURLWithPath: destination))
            } catch {
                console.err("error: cannot write '\(destination)': \(error.localizedDescription)\n")
                failed = true
            }
        }
        return failed ? .inputError : .success
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// `tap-or-double-tap` -> `TapOrDoubleTapGestures`.
    static func typeName(_ base: String) -> String {
        let words = base.split { !$0.isLetter && !$0.isNumber }
        var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.first?.isNumber ?? true { name = "Spec" + name }
        return name + "Gestures"
    }

    static func stats(_ path: String, _ stats: [GestureStats], _ table: GestureTable) -> String {
        var out = "\(path): \(stats.count) gesture\(stats.count == 1 ? "" : "s"), \(table.encoded().count) table bytes\n"
        let header = ["gesture", "NFA", "unreach", "dead", "DFA", "min", "symbols", "classes", "bytes", "packed", "packing"]
        var rows = [header]
        for s in stats {
            rows.append([s.name, "\(s.nfaStates)", "\(s.unreachableStates)", "\(s.deadStates)", "\(s.dfaStates)",
                         "\(s.minimalStates)", "\(s.symbols)", "\(s.classes)",
                         "\(s.bytesBefore)", "\(s.bytesAfter)", s.packing])
        }
        let widths = header.indices.map { c in rows.map { $0[c].count }.max()! }
        for row in rows {
            out += "  " + row.enumerated().map { c, cell in
                c == 0 ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[c] - cell.count) + cell
            }.joined(separator: "  ") + "\n"
        }
        // The engine steps one automaton per gesture: each reads its own symbol
        // stream (its thresholds, its touches), so there is no shared stream for
        // a product to read. The product's size is shown for scale.
        let product = stats.reduce(1.0) { $0 * Double($1.minimalStates) }
        if stats.count > 1 {
            out += "  execution: per-gesture automata; a product of the \(stats.count) would have "
                + (product < 1e9 ? "\(Int(product))" : String(format: "%.1e", product)) + " states\n"
        }
        return out
    }
}
