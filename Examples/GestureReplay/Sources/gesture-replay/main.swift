import Foundation
import ReplayKit

// gesture-replay TRACE.jsonl: replays a recorded trace through the photo
// viewer's gestures and prints what the viewer does.
guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: gesture-replay TRACE.jsonl\n".utf8))
    exit(2)
}
let path = CommandLine.arguments[1]
do {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let replayer = TraceReplayer()
    replayer.replay(try TraceReplayer.samples(fromTrace: text))
    for (time, action) in replayer.actions {
        print(String(format: "%.3f ", time) + "\(action)")
    }
} catch {
    FileHandle.standardError.write(Data("\(path): error: \(error)\n".utf8))
    exit(1)
}
