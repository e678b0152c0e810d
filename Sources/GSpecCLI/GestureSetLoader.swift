import Foundation
import GestureCompiler
import GestureRuntime

/// Loads what `gspec run` and `gspec eval` take: a `.gtab` table, told by its
/// magic number, or a `.gesture` spec compiled on the spot (its diagnostics
/// printed). Failures are reported; the result is nil then.
enum GestureSetLoader {
    struct Loaded {
        var table: GestureTable
        /// The checked set, when the input was a spec (the reference interpreter needs it).
        var gestureSet: CheckedGestureSet?
        /// The spec's source, when the input was a spec (the analysis needs it).
        var source: SourceFile?
    }

    /// A spec's template strokes take `examples`, or else the examples beside
    /// it; `constants` replace the values of the spec's `let` constants.
    static func load(_ path: String, _ renderer: DiagnosticRenderer, _ console: Console, examples: StrokeExamples? = nil,
                     constants: [(name: String, text: String)] = []) -> Loaded? {
        guard let bytes = FileManager.default.contents(atPath: path).map(Array.init) else {
            console.err("error: no such file or directory: '\(path)'\n")
            return nil
        }
        if TableFormat.looksLikeTable(bytes) {
            do {
                return Loaded(table: try GestureTable(decoding: bytes), gestureSet: nil)
            } catch {
                console.err("error: \(path): \(error)\n")
                return nil
            }
        }
        let source: SourceFile
        do {
            source = try SourceFile(path: path, bytes: bytes).settingConstants(constants)
        } catch {
            let declared = error.declared.isEmpty ? "it declares none" : "it declares " + error.declared.joined(separator: ", ")
            console.err("error: \(path) has no constant '\(error.name)' to set (\(declared))\n")
            return nil
        }
        let output = Compiler.compile(source, examples: examples ?? .beside(path))
        console.err(renderer.render(output.diagnostics, in: source))
        return output.table.map { Loaded(table: $0, gestureSet: output.frontend.gestureSet, source: source) }
    }
}
