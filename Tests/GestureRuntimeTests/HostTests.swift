import GestureCompiler
import Foundation
import GSpecFuzz
@testable import GestureRuntime
import Testing

/// The host layer: identities, time, the one timer, and dispatch.
@Suite struct HostTests {
    // MARK: Identities

    @Test func idsAreSmallAndReusedOnlyInALaterFrame() {
        var ids = TouchIdentities<String>(capacity: 4)
        #expect(ids.begin("a", at: 0) == 1)
        #expect(ids.begin("b", at: 0) == 2)
        #expect(ids.touch("a") == 1)
        #expect(ids.end("a", at: 20) == 1)
        #expect(ids.id(of: "a") == nil)
        // Lifted in this frame: a finger landing in the same frame gets another id.
        #expect(ids.begin("c", at: 20) == 3)
        // In a later frame the lowest free id comes back.
        #expect(ids.begin("d", at: 30) == 1)
        #expect(ids.count == 3)
    }

    @Test func cancelledFreesItsIdAndUnknownTouchesHaveNone() {
        var ids = TouchIdentities<Int>(capacity: 2)
        #expect(ids.begin(100, at: 0) == 1)
        #expect(ids.end(100, at: 5) == 1)  // a cancel ends a touch like an end
        #expect(ids.end(100, at: 6) == nil)
        #expect(ids.touch(7) == nil)
        #expect(ids.begin(200, at: 10) == 1)
        // A `began` for a key that is down keeps its id (the engine cancels the old instance).
        #expect(ids.begin(200, at: 11) == 1)
        #expect(ids.count == 1)
    }

    @Test func aFullMapEvictsOnlyWhatTheCallerSaysIsGone() {
        var ids = TouchIdentities<Int>(capacity: 2)
        _ = ids.begin(1, at: 0)
        _ = ids.begin(2, at: 5)
        #expect(ids.begin(3, at: 10) == nil)
        // Id 2 was last used at 5, before 10, and the engine no longer has it down.
        #expect(ids.evict(before: 10) { $0 == 2 } == 1)
        #expect(ids.begin(3, at: 10) == 2)
        #expect(ids.id(of: 1) == 1)
    }

    @Test func reuseUnderChurnNeverSharesAnIdBetweenLiveTouches() {
        var rng = SplitMix64(seed: 11)
        var ids = TouchIdentities<Int>(capacity: 8)
        var live: [Int: Int] = [:]  // key -> id
        var nextKey = 0
        for t in (0..<5_000).map({ Microseconds($0) }) {
            if rng.next() % 2 == 0 || live.isEmpty {
                nextKey += 1
                if let id = ids.begin(nextKey, at: t) {
                    #expect(!live.values.contains(id))
                    #expect((1...8).contains(id))
                    live[nextKey] = id
                } else {
                    #expect(live.count == 8)
                }
            } else {
                let key = live.keys.sorted()[Int(rng.next() % UInt64(live.count))]
                #expect(ids.end(key, at: t) == live[key])
                live[key] = nil
            }
            #expect(ids.count == live.count)
        }
    }

    // MARK: Time

    @Test func clockIsMonotonicAndRoundsToMicroseconds() {
        var clock = HostClock()
        #expect(clock.microseconds(81_234.5) == 0)  // the first time is the origin
        #expect(clock.microseconds(81_234.500_0004) == 0)
        #expect(clock.microseconds(81_234.500_0006) == 1)
        #expect(clock.microseconds(81_234.75) == 250_000)
        #expect(clock.microseconds(81_234.6) == 250_000)  // backwards: held at the last time
        #expect(clock.microseconds(.nan) == 250_000)
        #expect(clock.microseconds(.infinity) == 250_000)
        #expect(clock.microseconds(1e300) == 9_000_000_000_000_000_000)
        #expect(clock.seconds(250_000) == 81_234.75)
        var rng = SplitMix64(seed: 3)
        var c = HostClock()
        var last = Microseconds(.min)
        var platform = 1_000_000.0
        for _ in 0..<10_000 {
            platform += Double(Int(rng.next() % 40_000) - 8_000) / 1_000_000  // jitters backwards too
            let t = c.microseconds(platform)
            #expect(t >= last)
            last = t
        }
    }

    // MARK: The one timer

    /// Advancing exactly to each reported deadline, and feeding a sample only
    /// when it is due, gives the output of feeding the whole trace at once;
    /// and nothing happens a microsecond before a reported deadline.
    @Test(arguments: RuntimePaths.specs)
    func advancingToEachDeadlineEqualsFeedingTheTrace(_ url: URL) throws {
        let table = try RuntimePaths.compile(url)
        var generator = RandomTraces(seed: 0xDEAD_11AE)
        for round in 0..<150 {
            let trace = generator.trace(views: table.viewCount)
            var reference = Engine(table: table)
            var timed = Engine(table: table)
            if round % 3 == 0 {
                reference.staleTouchTimeout = 400_000
                timed.staleTouchTimeout = 400_000
            }
            for e in trace { reference.feed(e) }
            reference.finish()

            var timedEvents: [GestureEvent] = []
            func runTimers(before limit: Microseconds) {
                while let d = timed.nextDeadline, d < limit {
                    #expect(d >= timed.clock)
                    if !timed.hasPendingFrame, d > timed.clock {
                        var early = timed
                        early.advance(to: d - 1)
                        #expect(!early.hasEvents, "an event before the reported deadline \(d)")
                    }
                    timed.advance(to: d)
                    timedEvents += timed.events
                    timed.removeAllEvents()
                }
            }
            for e in trace {
                runTimers(before: e.time)
                timed.feed(e)
                #expect(timed.hasPendingFrame)
                timedEvents += timed.events
                timed.removeAllEvents()
            }
            runTimers(before: Microseconds(.max))
            #expect(timed.nextDeadline == nil)
            #expect(timedEvents == reference.events, "round \(round)")
        }
    }

    /// Ending each frame as a host does (`endFrame` after the samples of one
    /// time) gives the events of feeding the trace alone, each frame's events
    /// at once: after `endFrame` nothing waits for a later sample.
    @Test(arguments: RuntimePaths.specs)
    func endingEachFrameEqualsFeedingTheTrace(_ url: URL) throws {
        let table = try RuntimePaths.compile(url)
        var generator = RandomTraces(seed: 0xF2A3_E5)
        for round in 0..<150 {
            let trace = generator.trace(views: table.viewCount)
            var reference = Engine(table: table), framed = Engine(table: table)
            for e in trace { reference.feed(e) }
            reference.finish()
            var events: [GestureEvent] = []
            var latest = Microseconds(.min)
            for e in trace {
                if e.time > latest && latest != Microseconds(.min) {
                    framed.endFrame()
                    #expect(!framed.hasPendingFrame)
                    events += framed.events
                    framed.removeAllEvents()
                }
                latest = max(latest, e.time)
                framed.feed(e)
            }
            framed.endFrame()
            events += framed.events
            framed.removeAllEvents()
            framed.finish()
            #expect(events + framed.events == reference.events, "round \(round)")
        }
    }

    @Test func aPendingDoubleTapWaitReportsItsDeadline() throws {
        let host = GestureHost(TapsExclusiveGestures.self, touches: Int.self)
        var seen: [(TapsExclusiveGestures.Gesture, Double)] = []
        host.onEvent = { seen.append(($0.gesture, $0.timestamp)) }
        host.touch(1, .began, x: 10, y: 10, at: 500.0)
        host.touch(1, .ended, x: 10, y: 10, at: 500.05)
        // The frame of the lift is pending: the timer is due now.
        #expect(host.nextDeadline == 500.05)
        host.timerFired(at: 500.05)
        // The single tap waits for the double tap's 300 ms interval.
        let due = try #require(host.nextDeadline)
        #expect(abs(due - 500.35) < 1e-9)
        #expect(seen.isEmpty)
        host.timerFired(at: due)
        #expect(seen.map(\.0) == [.singleTap])
        #expect(abs(seen[0].1 - 500.35) < 1e-9)
        #expect(host.nextDeadline == nil)
    }

    @Test func aTimerFiringAHairEarlyStillFiresItsDeadline() throws {
        let host = GestureHost(TapsExclusiveGestures.self, touches: Int.self)
        var taps = 0
        host.on(.singleTap) { _ in taps += 1 }
        host.touch(1, .began, x: 10, y: 10, at: 0.0)
        host.touch(1, .ended, x: 10, y: 10, at: 0.05)
        host.timerFired(at: 0.05)
        let due = try #require(host.nextDeadline)
        host.timerFired(at: due - 0.000_000_6)  // rounds to the microsecond before
        #expect(taps == 1)
        // A timer left over from a deadline that moved does not jump ahead.
        host.touch(2, .began, x: 10, y: 10, at: 1.0)
        host.touch(2, .ended, x: 10, y: 10, at: 1.05)
        host.timerFired(at: 1.1)
        #expect(taps == 1)
        #expect(host.nextDeadline != nil)
    }

    /// A timer fires at "now", after the touches it follows; a touch that
    /// happened before that moment but is delivered after it (input latency)
    /// keeps its own time, and the engine sees no time going backwards.
    @Test func aTimerDoesNotHoldBackTouchesDeliveredAfterIt() {
        let host = GestureHost(TapViewGestures.self, touches: Int.self)
        host.touch(1, .began, x: 0, y: 0, at: 1.000)
        host.timerFired(at: 1.020)  // applies the frame of 1.000 only
        #expect(host.engine.clock == 0)
        host.touch(1, .moved, x: 1, y: 0, at: 1.010)
        #expect(host.clock.latest == 10_000)
        host.touch(1, .ended, x: 1, y: 0, at: 1.030)
        while let due = host.nextDeadline { host.timerFired(at: due) }
        #expect(host.engine.anomalies.timeWentBackwards == 0)
        #expect(host.engine.anomalies.isEmpty)
    }

    // MARK: Dispatch

    /// A gesture on several views is one case of the generated enum; each
    /// instance's events reach its handler naming their view.
    @Test func instancesOfAGestureShareItsCaseAndNameTheirView() {
        typealias Set = SimultaneousTransformGestures
        #expect(Set.Gesture.allCases.count == 5 && Set.table.gestureCount == 10)
        let host = GestureHost(Set.self, touches: Int.self)
        var chomps: [Set.View] = []
        host.on(.chomp) { chomps.append($0.view) }
        host.touch(1, .began, x: 0, y: 0, at: 1.0, view: .dragon)
        host.touch(1, .ended, x: 0, y: 0, at: 1.05)
        host.touch(2, .began, x: 0, y: 0, at: 2.0, view: .snake)
        host.touch(2, .ended, x: 0, y: 0, at: 2.05)
        while let due = host.nextDeadline { host.timerFired(at: due) }
        #expect(chomps == [.dragon, .snake])
        #expect(Set.gesture(named: "chomp") == .chomp && Set.name(of: .chomp) == "chomp")
    }

    /// Handlers see every event of a bare engine run once, in its order, typed.
    @Test(arguments: RuntimePaths.specs.filter { $0.lastPathComponent == "move-me.gesture" || $0.lastPathComponent == "tap-view.gesture" })
    func handlersAreCalledOncePerEventInOrder(_ url: URL) throws {
        let isMoveMe = url.lastPathComponent == "move-me.gesture"
        let table = isMoveMe ? MoveMeGestures.table : TapViewGestures.table
        #expect(try RuntimePaths.compile(url) == table)
        var generator = RandomTraces(seed: 77)
        for _ in 0..<100 {
            let trace = generator.trace(views: table.viewCount)
            var bare = Engine(table: table)
            for e in trace { bare.feed(e) }
            bare.finish()
            let expected = bare.events.filter { $0.state != .failed }
            var got: [GestureEvent] = []
            var perGesture: [Int: Int] = [:]
            if isMoveMe {
                let host = GestureHost(MoveMeGestures.self, touches: Int.self)
                for g in MoveMeGestures.Gesture.allCases { host.on(g) { perGesture[$0.gesture.rawValue, default: 0] += 1 } }
                host.onEvent = { got.append($0.event) }
                replay(trace, into: host)
            } else {
                let host = GestureHost(TapViewGestures.self, touches: Int.self)
                for g in TapViewGestures.Gesture.allCases { host.on(g) { perGesture[$0.gesture.rawValue, default: 0] += 1 } }
                host.onEvent = { got.append($0.event) }
                replay(trace, into: host)
            }
            // Ids differ (the host maps them): the events are equal but for their first touch's id, the host's own.
            let anonymous = { (events: [GestureEvent]) in events.map { var e = $0; e.touch = -1; return e } }
            #expect(anonymous(got) == anonymous(expected))
            #expect(got.allSatisfy { $0.touch >= 1 }, "the host numbers touches from 1")
            for g in table.gestureIDs {
                #expect(perGesture[g.rawValue, default: 0] == expected.filter { $0.gesture == g }.count)
            }
        }
    }

    /// Feeds engine-time samples through a host as platform seconds, with the
    /// trace's ids as platform keys, firing the host's timer as a platform would.
    private func replay<G: GestureSet>(_ trace: [TouchEvent], into host: GestureHost<G, Int>) {
        let base = 10_000.0
        func seconds(_ t: Microseconds) -> Double { base + t.seconds }
        host.advance(to: base)  // the origin
        for e in trace {
            while let d = host.nextDeadline, d < seconds(e.time) { host.timerFired(at: d) }
            host.touch(Int(e.id), e.phase, x: e.x, y: e.y, at: seconds(e.time), view: G.View(rawValue: e.view.rawValue))
        }
        while let d = host.nextDeadline { host.timerFired(at: d) }
    }

    @Test func failuresAreReportedOnlyWhenAsked() {
        let host = GestureHost(TapViewGestures.self, touches: Int.self)
        var states: [GestureState] = []
        host.onEvent = { states.append($0.state) }
        host.touch(1, .began, x: 0, y: 0, at: 0)
        host.touch(1, .ended, x: 0, y: 0, at: 0.05)
        host.advance(to: 2)
        #expect(states == [.recognized])
        host.reportsFailures = true
        states = []
        host.touch(1, .began, x: 0, y: 0, at: 3)
        host.touch(1, .ended, x: 0, y: 0, at: 3.05)
        host.advance(to: 5)
        #expect(states.filter { $0 == .failed }.count == 2)  // the double and triple taps
        #expect(states.contains(.recognized))
    }

    @Test func aHandlerMayFeedTheHost() {
        let host = GestureHost(TapViewGestures.self, touches: Int.self)
        var order: [TapViewGestures.Gesture] = []
        var fedBack = false
        host.onEvent = { event in
            order.append(event.gesture)
            if !fedBack {  // a handler that starts another tap, re-entrantly
                fedBack = true
                host.touch(9, .began, x: 0, y: 0, at: 2.0)
                host.touch(9, .ended, x: 0, y: 0, at: 2.05)
                host.advance(to: 4.0)
            }
        }
        host.touch(1, .began, x: 0, y: 0, at: 0)
        host.touch(1, .ended, x: 0, y: 0, at: 0.05)
        host.advance(to: 1.0)
        #expect(order == [.singleTap, .singleTap])
    }

    // MARK: The adapters' portable core

    /// A stand-in for a platform touch: identity by object, as a `UITouch`'s.
    final class FakeUITouch {
        var phase: TouchPhase = .began
        var point = SIMD2<Double>(0, 0)
    }

    struct TestTouch: PlatformTouch {
        let touch: FakeUITouch
        var view: Int?
        var identity: ObjectIdentifier { ObjectIdentifier(touch) }
        var phase: TouchPhase { touch.phase }
        var location: SIMD2<Double> { touch.point }
        var hitView: Int? { view }
    }

    @Test func platformTouchesDriveATwoFingerGestureAndIdsComeBack() throws {
        let host = GestureHost(MoveMeGestures.self, touches: ObjectIdentifier.self)
        var events: [TypedGestureEvent<MoveMeGestures>] = []
        host.onEvent = { events.append($0) }
        let a = FakeUITouch(), b = FakeUITouch()
        a.point = [100, 100]
        b.point = [200, 100]
        let placard = MoveMeGestures.View.placard.rawValue
        host.handle([TestTouch(touch: a, view: placard), TestTouch(touch: b, view: placard)], at: 1.0)
        #expect(host.identities.count == 2)
        for i in 1...20 {  // the fingers spread: a pinch
            (a.phase, b.phase) = (.moved, .moved)
            a.point.x -= 4
            b.point.x += 4
            host.handle([TestTouch(touch: a), TestTouch(touch: b)], at: 1.0 + Double(i) / 60)
        }
        (a.phase, b.phase) = (.ended, .cancelled)
        host.handle([TestTouch(touch: a), TestTouch(touch: b)], at: 1.4)
        while let d = host.nextDeadline { host.timerFired(at: d) }
        #expect(host.identities.count == 0)
        #expect(host.droppedSamples == 0)
        #expect(host.engine.anomalies.isEmpty)
        let kinds = Set(events.map(\.kind))
        #expect(!events.isEmpty)
        for e in events where e.kind == .pinch && e.state == .changed {
            #expect(try #require(e.scale) > 1)
            #expect(e.translation == nil && e.taps == nil)
        }
        #expect(kinds.isSubset(of: Set(MoveMeGestures.Gesture.allCases.map { MoveMeGestures.table.kind(of: GestureID($0.rawValue)) })))
        // A moved for a touch that never began is dropped, not fed.
        let stranger = FakeUITouch()
        stranger.phase = .moved
        host.handle([TestTouch(touch: stranger)], at: 2.0)
        #expect(host.droppedSamples == 1)
    }

    // MARK: The platform recognizer's state

    @Test func aRecognizerClaimsTheTouchesOnlyWhenAGestureSucceeds() {
        let host = GestureHost(TapsExclusiveGestures.self, touches: Int.self)
        var phases: [RecognizerState.Phase] = []
        func note() { if phases.last != host.recognizerState.phase { phases.append(host.recognizerState.phase) } }
        #expect(host.recognizerState.cancelsTouches && host.recognizerState.delaysTouches)  // UIKit's defaults
        host.touch(1, .began, x: 0, y: 0, at: 0)
        note()
        host.touch(1, .ended, x: 0, y: 0, at: 0.05)
        note()
        host.timerFired(at: 0.05)
        note()
        // Touches are up but the single tap waits for the double tap: still possible.
        #expect(phases == [.possible])
        host.timerFired(at: host.nextDeadline!)
        note()
        // Recognized and decided in one step: began (claims the touches), then ended.
        #expect(phases == [.possible, .ended])
        host.platformDidReset()
        #expect(host.recognizerState.phase == .possible)
        // A drag that no gesture of the set takes: fails, handing held touches to the view.
        host.touch(2, .began, x: 0, y: 0, at: 2)
        host.touch(2, .moved, x: 80, y: 0, at: 2.1)
        host.touch(2, .ended, x: 80, y: 0, at: 2.2)
        while let d = host.nextDeadline { host.timerFired(at: d) }
        #expect(host.recognizerState.phase == .failed)
    }

    /// A set's `scroll` (v4) through the host, as UIKit's adapter drives it:
    /// the scroll's claim is the platform scroll view's, so the recognizer
    /// stays possible while the list scrolls; the edges said at a touch's
    /// start send a pull at the top to the sheet, which the recognizer
    /// claims; the scroll view's pan beginning makes the scroll claim at once.
    @Test func aScrollIsThePlatformsAndTheHostFollowsIt() {
        typealias G = SheetWithListGestures.Gesture
        let host = GestureHost(SheetWithListGestures.self, touches: Int.self)
        var began: [G] = []
        host.onEvent = { if $0.state == .began { began.append($0.gesture) } }
        #expect(SheetWithListGestures.table.handOverEdges(of: GestureID(G.listScroll.rawValue)) == DirectionSet(.up))
        #expect(SheetWithListGestures.table.handOverEdges(of: GestureID(G.sheetDrag.rawValue)).isEmpty)
        func drag(_ id: Int, by dy: Double, at t: Double) {
            host.touch(id, .began, x: 100, y: 300, at: t, view: .list)
            for k in 1...5 { host.touch(id, .moved, x: 100, y: 300 + dy * Double(k) / 5, at: t + 0.016 * Double(k)) }
        }
        // Not at an edge: the list scrolls, and the recognizer claims nothing.
        drag(1, by: -60, at: 1)
        #expect(began == [.listScroll] && host.recognizerState.phase == .possible)
        host.touch(1, .ended, x: 100, y: 240, at: 1.2)
        host.platformDidReset()
        // At its top, a pull down is the sheet's: the recognizer begins (UIKit then stops the scroll view's pan).
        host.setScrollEdges(.listScroll, DirectionSet(.up), at: 2)
        drag(2, by: 60, at: 2)
        #expect(began == [.listScroll, .sheetDrag] && host.recognizerState.phase == .began)
        host.touch(2, .ended, x: 100, y: 360, at: 2.2)
        host.platformDidReset()
        // The scroll view's pan began before the set's own slop: the scroll claims then.
        host.setScrollEdges(.listScroll, [], at: 3)
        host.touch(3, .began, x: 100, y: 300, at: 3, view: .list)
        host.touch(3, .moved, x: 100, y: 296, at: 3.016)
        #expect(host.scrollBegan(.listScroll, at: 3.017))
        #expect(began == [.listScroll, .sheetDrag, .listScroll] && host.recognizerState.phase == .possible)
        #expect(host.scrollBegan(.listScroll, at: 3.02), "already active: it stays so")
        host.touch(3, .ended, x: 100, y: 296, at: 3.03)
        #expect(!host.scrollBegan(.listScroll, at: 3.04), "no touch: nothing to claim")
    }

    /// A view's `defersSystemEdges` (v4) reaches its subviews, and becomes
    /// Android-style exclusion rectangles: only the side edges, only within
    /// the back zone, at most 200 points tall per edge (the bottom part kept).
    @Test func deferredEdgesBecomeExclusionRectangles() throws {
        let table = try RuntimePaths.compile(source: """
            profile android
            gesture drawer: pan { edges: left }
            gesture select: tap {}
            view nav { gestures: drawer  defersSystemEdges: left | top  view item { gestures: select } }
            view main { gestures: select }
            """)
        let (nav, item, main) = (table.view(named: "nav")!, table.view(named: "item")!, table.view(named: "main")!)
        #expect(table.deferredSystemEdges(ofView: item) == [DirectionSet(.left), DirectionSet(.up)])
        #expect(table.deferredSystemEdges(ofView: main).isEmpty)
        let rects = table.systemGestureExclusionRects(forView: nav, frame: ScreenRect(x: 0, y: 100, width: 300, height: 500), screenWidth: 400)
        #expect(rects == [ScreenRect(x: 0, y: 400, width: 30, height: 200)])
        #expect(table.systemGestureExclusionRects(forView: main, frame: ScreenRect(x: 0, y: 0, width: 400, height: 800), screenWidth: 400).isEmpty)
        // A view off the left edge's zone excludes nothing.
        #expect(table.systemGestureExclusionRects(forView: nav, frame: ScreenRect(x: 50, y: 0, width: 100, height: 100), screenWidth: 400).isEmpty)
    }

    @Test func aSetThatNeitherCancelsNorDelaysStaysPossible() throws {
        let table = try RuntimePaths.compile(RuntimePaths.packageRoot.appendingPathComponent("specs/draw-lines.gesture"))
        var state = RecognizerState(table: table)
        #expect(!state.cancelsTouches && !state.delaysTouches)
        for g in table.gestureIDs {
            #expect(state.observe(GestureEvent(time: 0, gesture: g, state: .began, x: 0, y: 0)) == nil)
        }
        #expect(state.sequenceDecided() == nil)
        #expect(state.phase == .possible)
    }

    @Test func typedEventsNameTheirValues() throws {
        var pan = GestureEvent(time: 1_500_000, gesture: GestureID(MoveMeGestures.Gesture.allCases.first { MoveMeGestures.table.kind(of: GestureID($0.rawValue)) == .pan }!.rawValue),
                               state: .changed, x: 1, y: 2)
        (pan.value0, pan.value1, pan.velocity0, pan.velocity1) = (3, 4, 5, 6)
        let typed = try #require(TypedGestureEvent<MoveMeGestures>(pan))
        #expect(typed.translation == [3, 4] && typed.velocity == [5, 6] && typed.location == [1, 2])
        #expect(typed.scale == nil && typed.rotation == nil && typed.direction == nil && typed.taps == nil)
        #expect(typed.timestamp == 1.5)
        var failed = pan
        failed.state = .failed
        #expect(TypedGestureEvent<MoveMeGestures>(failed)?.translation == nil)
        #expect(TypedGestureEvent<MoveMeGestures>(GestureEvent(time: 0, gesture: 99, state: .began, x: 0, y: 0)) == nil)
        #expect(MoveMeGestures.gesture(named: MoveMeGestures.name(of: typed.gesture)) == typed.gesture)
        #expect(TapViewGestures.name(of: .doubleTap) == "doubleTap")
        #expect(TapViewGestures.name(of: TapViewGestures.View.window) == "window")
        #expect(AwkwardNamesGestures.name(of: .twoFingerTap) == "two-finger-tap")
        #expect(AwkwardNamesGestures.name(of: .twoFingerTap_2) == "twoFingerTap")
        #expect(AwkwardNamesGestures.name(of: AwkwardNamesGestures.View.class) == "class")
    }

    // MARK: No Foundation

    @Test func theRuntimeNeedsNoFoundationToFormatExplanations() {
        var rng = SplitMix64(seed: 5)
        var values: [Double] = [0, 1, -1, 10, 0.5, 1e-4, 9.99999e-5, 999_999.4, 999_999.5, 1e6, 123_456_789, 0.1 + 0.2, 30, 300, 1.5e-7]
        for _ in 0..<20_000 {
            let mantissa = Double(rng.next() % 10_000_000) / 1_000
            let exponent = Int(rng.next() % 16) - 8
            values.append((rng.next() % 2 == 0 ? 1 : -1) * mantissa * pow(10, Double(exponent)))
        }
        for x in values {
            // A tie in the shortest form of a non-integer depends on binary digits it does not show.
            let digits = x.description.prefix { $0 != "e" }.filter(\.isNumber).drop { $0 == "0" }
            if digits.count == 7 && digits.last == "5" && x != x.rounded() { continue }
            #expect(shortest(x) == String(format: "%g", x), "\(x)")
        }
        let runtime = RuntimePaths.packageRoot.appendingPathComponent("Sources/GestureRuntime")
        let files = FileManager.default.enumerator(atPath: runtime.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10)
        for file in files {
            let text = try! String(contentsOf: runtime.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                #expect(["import Glibc", "import Darwin", "import ucrt"].contains(String(line)), "\(file): \(line)")
            }
        }
    }
}
