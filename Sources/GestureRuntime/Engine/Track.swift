/// Where a gesture is in the arena. The statuses that listen to touches come
/// last, so `listens` is one comparison on the hot path.
enum ArenaStatus: UInt8 {
    /// `possible` with no attempt: takes the next touch that begins.
    case idle
    /// Recognized, ended, cancelled or failed; back to idle once its touches are up.
    case done
    /// In an attempt, undecided.
    case tracking
    /// Completed, waiting for the gestures it requires to fail.
    case held
    /// A continuous gesture that has begun.
    case active

    @inline(__always)
    var listens: Bool { rawValue >= ArenaStatus.tracking.rawValue }
}

/// Everything the engine keeps for one gesture between events: fixed-size
/// fields only, so feeding an event allocates nothing.
struct Track {
    var status = ArenaStatus.idle
    var succeeded = false
    /// The live samples of the gesture's velocity ring (`EngineStorage.ring`).
    var ringHead: Int32 = 0
    var ringCount: Int32 = 0
    /// Its series failed in this step and a new one began: for the gestures
    /// waiting on it, it has failed.
    var restarted = false
    /// Whether `EngineStorage.fits` keeps this gesture's velocity sums (from
    /// its first velocity on). Here, not in the fit, so that a sample of a
    /// gesture that reports none touches no other cache line.
    var fitValid = false
    /// The time of the first of the newest velocity samples that all hold
    /// the same values: a velocity reads 0 once it is 40 ms old.
    var steadySince: Int64 = 0
    var state = StateID(0)
    var deadline = Int64.max
    /// Touch slots seen in this attempt (exclusivity compares these).
    var seen: UInt32 = 0
    /// Touch slots down and tracked now.
    var tracked: UInt32 = 0
    /// Touches taken in this attempt, and the first two of them (pinch, rotation).
    var taken = 0
    var first: SlotID = -1
    var second: SlotID = -1

    /// A `together` window (v5): when it closes (`.max`: none), and whether
    /// the gesture still waits in it for the fingers it needs.
    var windowEnd = Int64.max
    var windowOpen = false

    // Anchors of the timers.
    var pressStart: Int64 = 0
    var lastLift: Int64 = 0
    var fullTime: Int64 = 0

    // Taps.
    var presses = 0
    var seriesX = 0.0, seriesY = 0.0
    var firstPressX = 0.0, firstPressY = 0.0
    var pressIsFirst = false
    /// The id of the attempt's first touch as events carry it (`GestureEvent.touch`),
    /// -1 before it has one. Here, in the padding before `location`: the
    /// track keeps its size.
    var firstTouch: Int32 = -1

    /// The centroid of the tracked touches after the last frame. One 16-byte
    /// value: written whole, it can be read right back (as a pair or either
    /// half) without the stall of a wide load over two narrow stores.
    var location = SIMD2<Double>(0, 0)
    var x: Double {
        get { location.x }
        set { location.x = newValue }
    }
    var y: Double {
        get { location.y }
        set { location.y = newValue }
    }

    // Continuous values: pan translation, pinch scale, rotation.
    /// One 16-byte pair, written whole (as `location`): `sample` reads it back at once.
    var values = SIMD2<Double>(0, 0)
    var value0: Double { values.x }
    var value1: Double { values.y }
    var baseX = 0.0, baseY = 0.0, offsetX = 0.0, offsetY = 0.0
    var span0 = 0.0, lastAngle = 0.0
    /// A transform measuring every finger (v5): the touches its values come
    /// from, those down at the end of the last frame; and how many fingers
    /// the last measurement used (events' `fingers`).
    var measured: UInt32 = 0
    var fingers: UInt8 = 0

    // Swipe.
    var startX = 0.0, startY = 0.0, startTime: Int64 = 0
    var direction = Direction.right

    // Stroke segmentation: the last step's point, the committed segment
    // class and a corner step waiting (with its length).
    var anchorX = 0.0, anchorY = 0.0
    var segment = -1
    var pendingStep = -1
    var pendingLength = 0.0
    /// Path walked since the last resampled step, and the bounding box (relative `segment`).
    var carry = 0.0
    var boxMin = SIMD2<Double>(0, 0), boxMax = SIMD2<Double>(0, 0)
    /// Segments collected for a stroke decided at lift (`EngineStorage.strokeClasses`).
    var strokeCount = 0
    /// A template stroke's path points kept (`EngineStorage.paths`), and the
    /// least distance between them (0 at first; doubled each time it is thinned).
    var pathCount: Int32 = 0
    var pathSpacing: Float = 0

    // Held by `requires`.
    var endedWhileHeld = false

    /// This attempt only continues a `series: continues` tap's finished
    /// series (`EngineStorage.series`): it fires nothing and decides nothing.
    var continuing = false
    /// The continuous gesture whose `began` armed this attempt (`after`); -1: none.
    var armedBy: Int32 = -1

    /// A fresh attempt.
    mutating func reset(start: StateID) {
        self = Track()
        state = start
    }
}

/// Where and until when a tap's series goes on after the tap fired.
struct TapSeries {
    /// The latest time a press may begin and still continue it (`.min`: no series).
    var until = Int64.min
    /// The first press of the series.
    var x = 0.0, y = 0.0
}

/// One touch known to the engine. Whether it is down, and whether it moved
/// in this frame, are bits of the engine's `downMask` and `movedMask`.
struct TouchSlot {
    var id: Int64 = 0
    /// Where it went down, and where it is: 16-byte pairs, written whole (as
    /// `Track.location`, so that reading a pair back does not stall).
    var down = SIMD2<Double>(0, 0)
    var position = SIMD2<Double>(0, 0)
    /// Where it was at the end of the previous frame, kept only for a set
    /// whose rotation measures every finger (`GestureEngine.keepsPrevious`).
    var previous = SIMD2<Double>(0, 0)
    var downX: Double { down.x }
    var downY: Double { down.y }
    var x: Double { position.x }
    var y: Double { position.y }
    /// Time of the touch's last sample, for the stale-touch timeout.
    var lastSeen: Int64 = 0
    /// The hit view.
    var view: ViewID = 0
    /// What produced it.
    var pointer = PointerKind.touch
    /// Deliveries to the view: whether it got `began`, and whether it will
    /// get nothing more (ended or cancelled delivered, or cancelled by a gesture).
    var beganDelivered = false
    var closed = false
    /// It came down while momentum ran on its view (v5): the set's taps and
    /// long presses fail with it unless they say `duringMomentum: true`.
    var stoppedMomentum = false
}

/// A touch that lifted or was cancelled in the current frame.
struct Lift {
    var slot: SlotID
    var cancelled: Bool
}
