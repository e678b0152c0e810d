import GestureRuntime
import Testing

/// `EventRecord`, the struct the web module copies out per event, is the
/// layout `EventSlot` describes (and `describe` hands JavaScript): each
/// field at its slot's offset, the struct's stride the record's size.
@Suite struct EventRecordTests {
    @Test func theStructIsTheDescribedLayout() {
        for slot in EventSlot.allCases {
            let path: PartialKeyPath<EventRecord> = switch slot {
            case .time: \.time
            case .x: \.x
            case .y: \.y
            case .value0: \.value0
            case .value1: \.value1
            case .velocity0: \.velocity0
            case .velocity1: \.velocity1
            case .gesture: \.gesture
            case .taps: \.taps
            case .view: \.view
            case .state: \.state
            case .direction: \.direction
            case .input: \.input
            case .touch: \.touch
            case .fingers: \.fingers
            case .projected: \.projected
            case .rest: \.rest
            case .anchor: \.anchor
            }
            #expect(MemoryLayout<EventRecord>.offset(of: path) == slot.offset, "\(slot.name)")
        }
        #expect(MemoryLayout<EventRecord>.stride == EventSlot.recordBytes)
    }

    @Test func aRecordHoldsTheEventsValues() {
        var e = GestureEvent(time: 1_500_000, gesture: 3, state: .changed, x: 1.5, y: -2)
        (e.value0, e.value1, e.velocity0, e.velocity1, e.taps, e.direction, e.touch, e.fingers) = (4, 5, 6, 7, 2, .down, 42, 3)
        var r = EventRecord(e, view: 9)
        #expect(r.input == 0)
        e.isAction = true
        r = EventRecord(e, view: 9)
        #expect(r.input == 1 && EventSlot.input.int32(e) == 1)
        #expect(r.time == 1_500_000 && r.x == 1.5 && r.y == -2 && r.value0 == 4 && r.value1 == 5 && r.velocity0 == 6 && r.velocity1 == 7)
        #expect(r.gesture == 3 && r.taps == 2 && r.view == 9 && r.state == GestureState.changed.rawValue && r.direction == 6 && r.touch == 42)
        #expect(r.fingers == 3 && EventSlot.fingers.int32(e) == 3)
        // Not settled: no decision, and the anchor slot says none even though the taps slot holds 2.
        #expect(r.projected.isNaN && r.rest.isNaN && r.anchor == GestureEvent.noAnchor)
    }

    /// A settle's `ended` carries its decision; a `marked` event its mark in the anchor slot.
    @Test func aRecordHoldsASettlesDecisionAndAMark() {
        var e = GestureEvent(time: 2_000_000, gesture: 1, state: .ended, x: 0, y: 0)
        (e.projected, e.rest, e.anchor) = (614.25, 320, 1)
        var r = EventRecord(e, view: 0)
        #expect(r.projected == 614.25 && r.rest == 320 && r.anchor == 1)
        #expect(EventSlot.projected.double(e) == 614.25 && EventSlot.rest.double(e) == 320 && EventSlot.anchor.int32(e) == 1)
        e.anchor = nil
        #expect(EventRecord(e, view: 0).anchor == GestureEvent.noAnchor)
        e.anchor = -3  // a page left of the first
        #expect(EventRecord(e, view: 0).anchor == -3)
        var m = GestureEvent(time: 2_000_000, gesture: 1, state: .marked, x: 0, y: 0)
        (m.mark, m.direction) = (1, .down)
        r = EventRecord(m, view: 0)
        #expect(r.anchor == 1 && r.direction == Direction.down.rawValue && r.projected.isNaN)
    }
}
