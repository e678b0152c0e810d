import Foundation
import GestureCompiler
import GestureRuntime
import GestureTrace

/// `gspec build`: compile gesture sets to tables (or their JSON, Swift or DOT forms).
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "build",
        abstract: "Compile .gesture files to table files.",
        discussion: """
            Without -o each output is written beside its input. Inputs with errors
            print their diagnostics and write nothing; the exit status is then 1.
            Warnings, those of the analysis 'gspec check' runs included, are printed
            and do not stop the build.
            """
    )

    /// What `--emit` writes.
    enum Form: String, CaseIterable, ArgumentValue {
        case table, json, swift, dot, js, java
        /// The output file's extension (`js`: the module; its declarations go beside it as `.gestures.d.mts`).
        var fileExtension: String {
            switch self {
            case .table: "gtab"
            case .js: "gestures.mjs"
            default: rawValue
            }
        }
    }

    @Arguments(usage: "<file.gesture|dir>...") var inputs: [String]
    @Option(name: "-o", placeholder: "out", help: "Output file for a single input file (a folder that exists: into it), output directory otherwise.")
    var output: String?
    @Option(name: "--emit", placeholder: "form",
            help: "table (.gtab, the default), json, swift, dot, js (an ES module and its .d.mts), or java (a class of names and its .gtab resource).")
    var form: Form = .table
    @Option(name: "--java-package", placeholder: "name", help: "The package of the --emit java class (default: none); -o is then the source root.")
    var javaPackage: String?
    @Flag(name: "--stats", help: "Print states, symbols and bytes per gesture before and after optimization.")
    var stats: Bool
    @Flag(name: "--no-analysis", help: "Skip the conflict analysis's warnings (its errors are still reported).")
    var noAnalysis: Bool
    @OptionGroup var diagnostics: DiagnosticOptions

    func validate() throws(UsageError) {
        if inputs.isEmpty { throw .missingInput }
        if let javaPackage {
            guard form == .java else { throw UsageError("--java-package is for --emit java") }
            let parts = javaPackage.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.allSatisfy({ p in p.first.map { $0.isLetter || $0 == "_" } == true && p.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }),
                  !parts.contains(where: { JavaEmitter.keywords.contains(String($0)) }) else {
                throw UsageError("--java-package takes a Java package name such as 'com.example.app', got '\(javaPackage)'")
            }
        }
    }

    func run(console: Console) -> ExitCode {
        let renderer = diagnostics.renderer(for: console)
        let sources = InputFiles.collect(inputs, extension: "gesture")
        // One file in, one file out, unless -o names a folder that exists: the output then goes into it.
        let singleFile = inputs.count == 1 && sources.count == 1 && !isDirectory(inputs[0]) && !(output.map(isDirectory) ?? false)
        var failed = false
        for input in sources {
            guard case .success(let source) = input else {
                if case .failure(let message) = input { console.err("error: \(message.text)\n") }
                failed = true
                continue
            }
            let compiled = Compiler.compile(source, analysis: !noAnalysis,
                                            examples: StrokeExamples.beside(source.path))
            console.err(renderer.render(compiled.diagnostics, in: source))
            guard let table = compiled.table else {
                failed = true
                continue
            }
            if stats { console.out(Self.stats(source.path, compiled.stats, table)) }
            let base = URL(fileURLWithPath: source.path).deletingPathExtension().lastPathComponent
            var destination: String
            if form == .java {
                // A Java class lives in its package's folder, in a file of its own name: -o is the source root.
                let root = output ?? (source.path as NSString).deletingLastPathComponent
                let folder = (javaPackage ?? "").split(separator: ".").reduce(root) { ($0 as NSString).appendingPathComponent(String($1)) }
                destination = (folder as NSString).appendingPathComponent(Self.typeName(base) + ".java")
            } else if let o = output {
                destination = singleFile ? o : (o as NSString).appendingPathComponent(base + "." + form.fileExtension)
            } else {
                destination = (source.path as NSString).deletingPathExtension + "." + form.fileExtension
            }
            let bytes: [UInt8] = switch form {
            case .json: Array(TableEmitter.json(table).utf8)
            case .swift: Array(SwiftEmitter.source(table, typeName: Self.typeName(base), sourcePath: source.path,
                                                   generator: "gspec \(GSpec.version)").utf8)
            case .dot: Array(TableEmitter.dot(table).utf8)
            case .js: Array(JavaScriptEmitter.module(table, sourcePath: source.path, generator: "gspec \(GSpec.version)").utf8)
            case .java: Array(JavaEmitter.source(table, typeName: Self.typeName(base), package: javaPackage, resourceName: Self.typeName(base) + ".gtab",
                                                 sourcePath: source.path, generator: "gspec \(GSpec.version)").utf8)
            case .table: table.encoded()
            }
            var files = [(destination, bytes)]
            if form == .java { files.append(((destination as NSString).deletingPathExtension + ".gtab", table.encoded())) }
            if form == .js {
                let stem = destination.hasSuffix(".mjs") ? String(destination.dropLast(4)) : destination
                files.append((stem + ".d.mts", Array(JavaScriptEmitter.declarations(table, sourcePath: source.path,
                                                                                   generator: "gspec \(GSpec.version)").utf8)))
            }
            for (path, bytes) in files {
                do {
                    let directory = (path as NSString).deletingLastPathComponent
                    if !directory.isEmpty {
                        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                    }
                    try Data(bytes).write(to: URL(fileURLWithPath: path))
                } catch {
                    console.err("error: cannot write '\(path)': \(error.localizedDescription)\n")
                    failed = true
                }
            }
        }
        return failed ? .inputError : .success
    }

    private func isDirectory(_ path: String) -> Bool {
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
        var out = "\(path): \(counted(stats.count, "gesture")), \(table.encoded().count) table bytes\n"
        let header = ["gesture", "NFA", "unreach", "dead", "DFA", "min", "symbols", "classes", "bytes", "packed", "packing"]
        var rows = [header]
        for (g, s) in stats.enumerated() {
            rows.append([table.has(GestureID(g)) ? table.label(of: GestureID(g)) : s.name, "\(s.nfaStates)", "\(s.unreachableStates)", "\(s.deadStates)", "\(s.dfaStates)",
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
