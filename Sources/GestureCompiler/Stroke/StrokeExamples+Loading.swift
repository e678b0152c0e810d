import Foundation
import GestureRuntime
import GestureTrace

/// Reading the example strokes of template strokes: the folders
/// `NAME.examples/FOLDER/*.jsonl` beside a spec `NAME.gesture`, or a
/// dataset's folders for `gspec eval --folds subject`. A file that is not
/// one stroke is kept with the reason, for the checker to report.
extension StrokeExamples {
    /// The examples beside the spec at `specPath`.
    public static func beside(_ specPath: String) -> StrokeExamples {
        let url = URL(fileURLWithPath: specPath)
        let base = url.deletingPathExtension().lastPathComponent + ".examples"
        let dir = url.deletingLastPathComponent().appendingPathComponent(base).path
        return folders(in: dir, location: base)
    }

    /// Every folder of `.jsonl` traces in `dir`.
    public static func folders(in dir: String, location: String) -> StrokeExamples {
        let fm = FileManager.default
        var folders: [String: [Example]] = [:]
        for folder in ((try? fm.contentsOfDirectory(atPath: dir)) ?? []).sorted() {
            let path = dir + "/" + folder
            guard let files = try? fm.contentsOfDirectory(atPath: path) else { continue }
            folders[folder] = files.filter { $0.hasSuffix(".jsonl") }.sorted().compactMap { file in
                fm.contents(atPath: path + "/" + file).map { example(Array($0), name: folder + "/" + file.dropLast(6)) }
            }
        }
        return StrokeExamples(location: location, folders: folders)
    }

    /// The stroke of one trace file: one touch, began to ended.
    static func example(_ bytes: [UInt8], name: String) -> Example {
        var points: [SIMD2<Double>] = [], touches: Set<Int64> = [], phases: [TouchPhase] = []
        let errors = TraceReader.read(bytes) { event in
            touches.insert(event.id)
            phases.append(event.phase)
            points.append(SIMD2(event.x, event.y))
        }
        let problem: String? = if let e = errors.first {
            "line \(e.line): \(e.message)"
        } else if touches.count != 1 {
            "it has \(touches.count) touches"
        } else if phases.first != .began || phases.last != .ended || phases.dropFirst().dropLast().contains(where: { $0 != .moved && $0 != .stationary }) {
            "it does not go from began through moved to ended"
        } else {
            nil
        }
        return Example(name: name, points: points, problem: problem)
    }
}
