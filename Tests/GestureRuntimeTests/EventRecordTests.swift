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
    }
}
