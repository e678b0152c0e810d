/// The record fields parameters are stored in, as plain data rather than key
/// paths (Embedded Swift, the WebAssembly build, has no key paths): one enum
/// per field type, so a field is read and written with its own type.
extension GestureRecord {
    /// The fields holding integer microseconds.
    package enum DurationField: UInt8, Hashable, Sendable, CaseIterable {
        case maxInterval, maxDuration, duration, together
    }
    /// The fields holding real numbers.
    package enum RealField: UInt8, Hashable, Sendable, CaseIterable {
        case slop, tapDistance, minDistance, minVelocity, maxAngle, threshold, edgeWidth, segment
        case hysteresis, minSegment, hooks, smoothing, minScore, maxRotation, cornerAngle, hookLength
    }
    /// The fields holding (lower, upper) ranges.
    package enum RangeField: UInt8, Hashable, Sendable, CaseIterable {
        case activeOffsetX, activeOffsetY, failOffsetX, failOffsetY
        case turning, corners, firstLeg, closure, straightness, aspect, counterTurn, counterSpan
        case startX, startY, endX, endY
    }
    /// The fields holding bytes: counts, masks and flag sets.
    package enum ByteField: UInt8, Hashable, Sendable, CaseIterable {
        case taps, directions, axis, edges, flags, strokeFlags, options, inputs, fingers
    }

    package subscript(field field: DurationField) -> Int64 {
        get {
            switch field {
            case .maxInterval: maxInterval
            case .maxDuration: maxDuration
            case .duration: duration
            case .together: together
            }
        }
        set {
            switch field {
            case .maxInterval: maxInterval = newValue
            case .maxDuration: maxDuration = newValue
            case .duration: duration = newValue
            case .together: together = newValue
            }
        }
    }

    package subscript(field field: RealField) -> Double {
        get {
            switch field {
            case .slop: slop
            case .tapDistance: tapDistance
            case .minDistance: minDistance
            case .minVelocity: minVelocity
            case .maxAngle: maxAngle
            case .threshold: threshold
            case .edgeWidth: edgeWidth
            case .segment: segment
            case .hysteresis: hysteresis
            case .minSegment: minSegment
            case .hooks: hooks
            case .smoothing: smoothing
            case .minScore: minScore
            case .maxRotation: maxRotation
            case .cornerAngle: cornerAngle
            case .hookLength: hookLength
            }
        }
        set {
            switch field {
            case .slop: slop = newValue
            case .tapDistance: tapDistance = newValue
            case .minDistance: minDistance = newValue
            case .minVelocity: minVelocity = newValue
            case .maxAngle: maxAngle = newValue
            case .threshold: threshold = newValue
            case .edgeWidth: edgeWidth = newValue
            case .segment: segment = newValue
            case .hysteresis: hysteresis = newValue
            case .minSegment: minSegment = newValue
            case .hooks: hooks = newValue
            case .smoothing: smoothing = newValue
            case .minScore: minScore = newValue
            case .maxRotation: maxRotation = newValue
            case .cornerAngle: cornerAngle = newValue
            case .hookLength: hookLength = newValue
            }
        }
    }

    package subscript(field field: RangeField) -> SIMD2<Double> {
        get {
            switch field {
            case .activeOffsetX: activeOffsetX
            case .activeOffsetY: activeOffsetY
            case .failOffsetX: failOffsetX
            case .failOffsetY: failOffsetY
            case .turning: turning
            case .corners: corners
            case .firstLeg: firstLeg
            case .closure: closure
            case .straightness: straightness
            case .aspect: aspect
            case .counterTurn: counterTurn
            case .counterSpan: counterSpan
            case .startX: startX
            case .startY: startY
            case .endX: endX
            case .endY: endY
            }
        }
        set {
            switch field {
            case .activeOffsetX: activeOffsetX = newValue
            case .activeOffsetY: activeOffsetY = newValue
            case .failOffsetX: failOffsetX = newValue
            case .failOffsetY: failOffsetY = newValue
            case .turning: turning = newValue
            case .corners: corners = newValue
            case .firstLeg: firstLeg = newValue
            case .closure: closure = newValue
            case .straightness: straightness = newValue
            case .aspect: aspect = newValue
            case .counterTurn: counterTurn = newValue
            case .counterSpan: counterSpan = newValue
            case .startX: startX = newValue
            case .startY: startY = newValue
            case .endX: endX = newValue
            case .endY: endY = newValue
            }
        }
    }

    package subscript(field field: ByteField) -> UInt8 {
        get {
            switch field {
            case .taps: taps
            case .directions: directions
            case .axis: axis
            case .edges: edges
            case .flags: flags
            case .strokeFlags: strokeFlags
            case .options: options
            case .inputs: inputs
            case .fingers: fingers
            }
        }
        set {
            switch field {
            case .taps: taps = newValue
            case .directions: directions = newValue
            case .axis: axis = newValue
            case .edges: edges = newValue
            case .flags: flags = newValue
            case .strokeFlags: strokeFlags = newValue
            case .options: options = newValue
            case .inputs: inputs = newValue
            case .fingers: fingers = newValue
            }
        }
    }
}
