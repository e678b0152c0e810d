import Foundation
import GestureRuntime

/// Random touch streams shaped like gestures (presses, holds, drags at any
/// angle and speed, two-finger transforms, strokes of a few legs), for the
/// engine search: streams the exemplars of no gesture would produce, with
/// their parameters drawn from ranges that straddle every default.
/// Deterministic for a seed (`SplitMix64`), so a finding replays.
struct RandomStreams {
    private var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(rng.next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(rng.next() % UInt64(range.count))
    }

    /// One stream touching down in `view`.
    mutating func stream(view: Int) -> TouchStream {
        var b = StreamBuilder(view: view)
        b.period = Int64(int(4...20)) * 1_000
        // Mostly inside the screen, sometimes within a few points of an edge (edge pans, system zones).
        let start = int(0...4) == 0
            ? SIMD2(int(0...1) == 0 ? double(0...12) : TouchStream.screen.x - double(0...12), double(100...700))
            : SIMD2(double(40...560), double(40...760))
        let fingers = [1, 1, 1, 2, 2, 3][int(0...5)]
        let points = (0..<fingers).map { start + SIMD2(Double($0) * double(20...60), Double($0) * double(-10...10)) }
        switch int(0...4) {
        case 0:
            let presses = int(1...3)
            let wobble = double(0...25)
            for i in 0..<presses {
                if i > 0 { b.wait(Int64(double(30...450) * 1_000)) }
                b.down(points)
                b.wait(Int64(double(10...600) * 1_000))
                if wobble > 0.5 { b.translate(by: direction() * wobble, samples: 1) }
                b.liftAll()
            }
            return b.stream("random: \(presses) press\(presses == 1 ? "" : "es") of \(fingers) finger\(fingers == 1 ? "" : "s")")
        case 1:
            b.down(points)
            b.wait(Int64(double(100...1_500) * 1_000))
            b.translate(by: direction() * double(0...20), samples: 2)
            if int(0...1) == 0 { b.translate(by: direction() * double(20...120), samples: int(2...10)) }
            b.liftAll()
            return b.stream("random: a hold of \(fingers) finger\(fingers == 1 ? "" : "s")")
        case 2:
            b.down(points)
            if int(0...2) == 0 { b.wait(Int64(double(10...300) * 1_000)) }
            let length = double(2...300), speed = double(50...3_000)
            let samples = max(1, Int((length / speed * 1e6 / Double(b.period)).rounded()))
            b.translate(by: direction() * length, samples: samples)
            if int(0...2) == 0 { b.wait(Int64(double(10...300) * 1_000)) }
            b.liftAll()
            return b.stream("random: a drag of \(fingers) finger\(fingers == 1 ? "" : "s"), \(Int(length))pt at \(Int(speed))pt/s")
        case 3:
            return ExemplarGenerator.twoFingers(view: view, scale: double(0.5...2), turn: double(-1.2...1.2), samples: int(1...20))
                .stream("random: a two-finger transform")
        default:
            b.down([start])
            let legs = int(2...4)
            for _ in 0..<legs { b.translate(by: direction(octants: true) * double(20...150), samples: int(2...12)) }
            b.liftAll()
            return b.stream("random: a stroke of \(legs) legs")
        }
    }

    /// A unit vector: along an axis or a diagonal half of the time (where
    /// directions and axes put their boundaries), otherwise at any angle.
    private mutating func direction(octants: Bool = false) -> SIMD2<Double> {
        let angle = octants || int(0...1) == 0
            ? Double(int(0...7)) * .pi / 4 + double(-0.15...0.15)
            : double(0...(2 * .pi))
        return ExemplarGenerator.unit(angle)
    }
}
