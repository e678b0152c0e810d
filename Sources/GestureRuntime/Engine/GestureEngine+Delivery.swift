/// Touch delivery: what the hit view itself receives, as docs/delivery.md
/// describes. Off unless `reportsDeliveries` is set, so the gesture hot path
/// pays nothing for it.
extension GestureEngine {
    /// A delivery waiting for the gestures that delay it to decide.
    struct Withheld {
        var phase: TouchPhase
        var hitView: ViewID
        var slots: [SlotID]
        var ids: [Int64]
    }

    /// Whether gesture `g` sees touch slot `s`: the touch is of a kind the
    /// gesture takes (`input`), and hit the gesture's view or one inside it.
    /// Without views or filtering (most sets) only the test inlines, keeping
    /// the per-gesture step (`evaluate`) small enough to inline itself.
    @inline(__always)
    func sees(_ g: GestureID, _ s: SlotID) -> Bool {
        !filtersTouches || seesFiltered(g, s)
    }

    @inline(never)
    func seesFiltered(_ g: GestureID, _ s: SlotID) -> Bool {
        (!filtersInput || records[g].inputs & slots[s].pointer.bit != 0)
            && (!hasViews || table.view(table.view(of: g), contains: slots[s].view))
    }

    /// The frame's lines, after its gestures decided: one delivery per phase
    /// and hit view, passed on, withheld behind earlier ones or dropped.
    mutating func deliverFrame(began: [SlotID], moved: UInt32, lifts: [Lift]) {
        releaseWithheld()  // older withheld deliveries go first
        var groups: [Withheld] = []
        func add(_ phase: TouchPhase, _ s: SlotID) {
            if let i = groups.firstIndex(where: { $0.phase == phase && $0.hitView == slots[s].view }) {
                groups[i].slots.append(s)
                groups[i].ids.append(slots[s].id)
            } else {
                groups.append(Withheld(phase: phase, hitView: slots[s].view, slots: [s], ids: [slots[s].id]))
            }
        }
        for s in began where !slots[s].closed { add(.began, s) }
        var m = moved
        while m != 0 {
            let s = SlotID(lowestIn: m)
            m &= m - 1
            if !slots[s].closed && !lifts.contains(where: { $0.slot == s }) { add(.moved, s) }
        }
        for lift in lifts where !slots[lift.slot].closed {
            if lift.cancelled {
                // The system cancelled it: nothing withheld for it matters any more.
                drop(slot: lift.slot)
                if slots[lift.slot].beganDelivered {
                    add(.cancelled, lift.slot)  // closes it when delivered
                } else {
                    slots[lift.slot].closed = true
                }
            } else {
                add(.ended, lift.slot)
            }
        }
        var busy: UInt32 = 0
        for w in withheld { for s in w.slots { busy |= s.bit } }
        for group in groups {
            let waits = group.slots.contains { busy & $0.bit != 0 || isDelayed($0, group.phase) }
            if waits && group.phase != .cancelled {
                withheld.append(group)
                for s in group.slots { busy |= s.bit }
            } else {
                deliver(group, at: clock)
            }
        }
        releaseWithheld()
    }

    /// Whether an undecided gesture that sees the touch delays deliveries of `phase`.
    private func isDelayed(_ s: SlotID, _ phase: TouchPhase) -> Bool {
        let flag = phase == .ended ? GestureRecord.flagDelaysTouchesEnded : GestureRecord.flagDelaysTouchesBegan
        for g in gestureRange where records[g].flags & flag != 0 && tracks[g].seen & s.bit != 0 {
            let status = tracks[g].status
            if status == .tracking || status == .held { return true }
        }
        return false
    }

    /// Delivers, in their original order and at the current time, the
    /// withheld deliveries no undecided gesture delays any more.
    mutating func releaseWithheld() {
        guard !withheld.isEmpty else { return }
        var busy: UInt32 = 0
        var i = 0
        while i < withheld.count {
            let w = withheld[i]
            if w.slots.allSatisfy({ busy & $0.bit == 0 && !isDelayed($0, w.phase) }) {
                withheld.remove(at: i)
                deliver(w, at: clock)
            } else {
                for s in w.slots { busy |= s.bit }
                i += 1
            }
        }
    }

    private mutating func deliver(_ w: Withheld, at time: Int64) {
        var ids: [Int64] = []
        for (s, id) in zip(w.slots, w.ids) where !slots[s].closed {
            ids.append(id)
            switch w.phase {
            case .began: slots[s].beganDelivered = true
            case .ended, .cancelled: slots[s].closed = true
            case .moved, .stationary: break
            }
        }
        guard !ids.isEmpty else { return }
        let receiver = table.hasViews ? table.receiver(of: w.phase, hitting: w.hitView) : 0
        deliveries.append(TouchDelivery(time: Microseconds(time), view: receiver, hitView: w.hitView, phase: w.phase,
                                        touches: ids, eventIndex: events.count))
    }

    /// Forgets the withheld deliveries of one touch.
    private mutating func drop(slot s: SlotID) {
        for i in withheld.indices.reversed() {
            if let k = withheld[i].slots.firstIndex(of: s) {
                withheld[i].slots.remove(at: k)
                withheld[i].ids.remove(at: k)
                if withheld[i].slots.isEmpty { withheld.remove(at: i) }
            }
        }
    }

    /// Gesture `g`, which cancels touches in its view, began or was
    /// recognized: the view gets `cancelled` for the touches it saw (those
    /// with a withheld delivery first, in their order, then the rest), and
    /// nothing more for any of them.
    mutating func cancelTouches(of g: GestureID) {
        guard reportsDeliveries, records[g].flags & GestureRecord.flagCancelsTouches != 0 else { return }
        let affected = tracks[g].seen
        var cancelled: UInt32 = 0
        var i = 0
        while i < withheld.count {
            var w = withheld[i]
            let hit = w.slots.indices.filter { affected & w.slots[$0].bit != 0 }
            guard !hit.isEmpty else {
                i += 1
                continue
            }
            var group = Withheld(phase: .cancelled, hitView: w.hitView, slots: [], ids: [])
            for k in hit where slots[w.slots[k]].beganDelivered && cancelled & w.slots[k].bit == 0 {
                group.slots.append(w.slots[k])
                group.ids.append(w.ids[k])
                cancelled |= w.slots[k].bit
            }
            for k in hit.reversed() {
                w.slots.remove(at: k)
                w.ids.remove(at: k)
            }
            if w.slots.isEmpty { withheld.remove(at: i) } else { withheld[i] = w; i += 1 }
            if !group.slots.isEmpty { deliver(group, at: clock) }
        }
        // The touches with nothing withheld, grouped by hit view, in slot order.
        var rest: [Withheld] = []
        var m = affected & ~cancelled
        while m != 0 {
            let s = SlotID(lowestIn: m)
            m &= m - 1
            guard slots[s].beganDelivered && !slots[s].closed else { continue }
            if let k = rest.firstIndex(where: { $0.hitView == slots[s].view }) {
                rest[k].slots.append(s)
                rest[k].ids.append(slots[s].id)
            } else {
                rest.append(Withheld(phase: .cancelled, hitView: slots[s].view, slots: [s], ids: [slots[s].id]))
            }
        }
        for group in rest { deliver(group, at: clock) }
        m = affected
        while m != 0 {
            let s = SlotID(lowestIn: m)
            m &= m - 1
            slots[s].closed = true
        }
    }
}
