import Foundation
import GestureRuntime
import ReplayKit
import Testing

/// The plugin compiled photo-viewer.gesture into PhotoViewerGestures, and the
/// host layer runs it: these tests only pass if both did their part.
@Suite struct ReplayKitTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("traces")

    func replay(_ name: String) throws -> [(time: Double, action: ViewerAction)] {
        let text = try String(contentsOf: Self.traces.appendingPathComponent(name), encoding: .utf8)
        let replayer = TraceReplayer()
        replayer.replay(try TraceReplayer.samples(fromTrace: text))
        #expect(replayer.host.droppedSamples == 0)
        #expect(replayer.host.engine.anomalies.isEmpty)
        return replayer.actions
    }

    @Test func theGeneratedTypeHasTheSpecsGestures() {
        #expect(PhotoViewerGestures.Gesture.allCases.map { PhotoViewerGestures.name(of: $0) }
                == ["toggleControls", "zoom", "move", "scale", "turn"])
        #expect(PhotoViewerGestures.table.kind(of: PhotoViewerGestures.id(of: .turn)) == .rotation)
    }

    @Test func aDoubleTapZoomsAndDoesNotToggleTheControls() throws {
        let actions = try replay("double-tap.jsonl")
        #expect(actions.map(\.action) == [.zoom(x: 120, y: 300)])
        #expect(abs(actions[0].time - 0.24) < 1e-9)
    }

    @Test func aTapWaitsForTheDoubleTapThenDragPinchAndTurn() throws {
        let actions = try replay("tap-drag-pinch.jsonl")
        // The single tap is decided when the double tap's 300 ms run out.
        #expect(actions.first?.action == .toggleControls)
        #expect(abs(actions[0].time - 0.35) < 1e-9)
        // The drag (the one-finger pan also follows a finger of the pinch later: `move with scale`).
        let moves = actions.filter { $0.time < 2 }.compactMap { if case .move(let dx, let dy, let s) = $0.action { (dx, dy, s) } else { nil } }
        #expect(moves.first?.2 == .began && moves.last?.2 == .ended)
        #expect(abs(moves.last!.0 - 60) < 1e-9 && moves.last!.1 == 0)
        let scales = actions.compactMap { if case .scale(let s, let state) = $0.action { (s, state) } else { nil } }
        #expect(scales.last?.1 == .ended)
        #expect(abs(scales.last!.0 - 2) < 1e-4)  // the fingers ended twice as far apart
        let turns = actions.compactMap { if case .turn(let r, let state) = $0.action { (r, state) } else { nil } }
        #expect(abs(turns.last!.0 - Double.pi / 6) < 1e-4)  // 30 degrees clockwise on screen
    }

    @Test func aMalformedLineIsReportedWithItsNumber() {
        #expect(throws: TraceError.self) { try TraceReplayer.samples(fromTrace: "# ok\n{\"t\":0}\n") }
        do {
            _ = try TraceReplayer.samples(fromTrace: "# ok\n{\"t\":0}\n")
        } catch let error as TraceError {
            #expect(error.line == 2)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
