import Foundation
import GestureCompiler
import GestureRuntime
import GestureTrace

/// Reads a whole trace file into touch events, for tools that measure or
/// replay (the benchmark). Malformed lines are errors with their line numbers.
public enum TraceLoader {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Every event of the trace at `path`; the first malformed line is the error.
    public static func events(fromFile path: String) throws(Failure) -> [TouchEvent] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "cannot read '\(path)'")
        }
        var events: [TouchEvent] = []
        let errors = TraceReader.read(Array(data)) { events.append($0) }
        if let first = errors.first {
            throw Failure(description: "\(path):\(first.line): error: \(first.message)")
        }
        return events
    }
}
