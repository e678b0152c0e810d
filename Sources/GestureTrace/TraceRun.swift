import GestureRuntime

/// What a run shows beyond its output lines, for a report of it: the engine
/// after each sample and control line, and the control lines applied.
package protocol TraceObserver: AnyObject {
    /// What the engine decided, printed or not, in order.
    func record(_ events: [GestureEvent], _ deliveries: [TouchDelivery], _ explanations: [Explanation])
    /// After `sample` was fed (nil: after the final `finish`).
    func observe<E: TouchEngine>(_ sample: TouchEvent?, _ engine: E, gestures: Int)
    /// After a control line changed what is enabled.
    func observeEnabling<E: TouchEngine>(_ engine: E, gestures: Int, at time: Microseconds)
    func modeChanged(at time: Microseconds, mode: ModeID, on: Bool)
    /// A `set` line applied: its gestures, enabling and parameter changes as written.
    func controlApplied(at time: Microseconds, gestures: [GestureID], enabled: Bool?, changes: [String])
}

/// Running a recorded trace through an engine, for `gspec run`, `gspec test`,
/// the playground and the web runtime's `gspec-run.mjs`: control lines
/// applied, events printed as decided.
package enum TraceRun {
    /// A run with nothing observing it.
    package final class Unobserved: TraceObserver {
        package func record(_ events: [GestureEvent], _ deliveries: [TouchDelivery], _ explanations: [Explanation]) {}
        package func observe<E: TouchEngine>(_ sample: TouchEvent?, _ engine: E, gestures: Int) {}
        package func observeEnabling<E: TouchEngine>(_ engine: E, gestures: Int, at time: Microseconds) {}
        package func modeChanged(at time: Microseconds, mode: ModeID, on: Bool) {}
        package func controlApplied(at time: Microseconds, gestures: [GestureID], enabled: Bool?, changes: [String]) {}
    }

    /// Feeds the whole trace, printing events as they are decided, on a screen of `screen` points.
    package static func drive<E: TouchEngine>(_ engine: inout E, _ trace: [UInt8], _ printer: EventPrinter, screen: SIMD2<Double>? = nil)
        -> (errors: [TraceReader.LineError], anomalies: StreamAnomalies) {
        drive(&engine, trace, printer, screen: screen, observer: Unobserved?.none)
    }

    /// `drive`, with `observer` told of each step.
    package static func drive<E: TouchEngine, O: TraceObserver>(_ engine: inout E, _ trace: [UInt8], _ printer: EventPrinter,
                                                                screen: SIMD2<Double>? = nil, observer: O?)
        -> (errors: [TraceReader.LineError], anomalies: StreamAnomalies) {
        if let observer { printer.record = { observer.record($0, $1, $2) } }
        if let screen { engine.screenSize = screen }
        let table = printer.table
        let views: ((String) -> ViewID?)? = table.hasViews ? { table.view(named: $0) } : nil
        let gestures = table.gestureIDs.map(table.name(of:))
        let modes = table.modeIDs.map(table.name(ofMode:))
        let errors = TraceReader.read(trace, views: views, gestures: gestures, modes: modes, control: { c in
            defer {
                observer?.observeEnabling(engine, gestures: table.gestureCount, at: c.time)
                printer.print(engine.events, engine.deliveries, engine.explanations)
                engine.removeAllEvents()
            }
            guard let refusal = apply(c, to: &engine, table: table) else {
                if let (m, on) = c.mode { observer?.modeChanged(at: c.time, mode: m, on: on) } else {
                    observer?.controlApplied(at: c.time, gestures: c.gestures, enabled: c.enabled,
                                             changes: c.handOver ? ["handOver"] : c.parameters.map { "\($0.name): \($0.value)" })
                }
                return nil
            }
            return refusal
        }) { event in
            engine.feed(event)
            observer?.observe(event, engine, gestures: table.gestureCount)
            printer.print(engine.events, engine.deliveries, engine.explanations)
            engine.removeAllEvents()
        }
        engine.finish()
        observer?.observe(nil, engine, gestures: table.gestureCount)
        printer.print(engine.events, engine.deliveries, engine.explanations)
        engine.removeAllEvents()
        printer.flush()
        return (errors, engine.anomalies)
    }

    /// Applies a control line to `engine` as a trace does; returns why it was
    /// refused (nothing changes then), or nil. The web runtime's `setEnabled`,
    /// `set`, `setMode`, `handOver`, `setScrollEdges` and `scrollBegan` are control lines too.
    package static func apply<E: TouchEngine>(_ c: TraceReader.ControlLine, to engine: inout E, table: GestureTable) -> String? {
        let refusal: ControlRefusal? = switch check(c, table: table) {
        case .failure(let refusal): refusal
        case .success(let changes): perform(c, changes, on: &engine, table: table)
        }
        return refusal?.message(in: table)
    }

    /// Performs a control line `check` accepted, with the parameter changes it
    /// returned; returns why an action was not performed, or nil.
    package static func perform<E: TouchEngine>(_ c: TraceReader.ControlLine, _ changes: [(RuntimeParameter, ParameterValue)],
                                                on engine: inout E, table: GestureTable) -> ControlRefusal? {
        if let (m, on) = c.mode {
            engine.setMode(m, on, at: c.time)
            return nil
        }
        if c.handOver {
            for g in c.gestures { engine.handOver(from: g, at: c.time) }
            return nil
        }
        if let edges = c.scrollEdges {
            for g in c.gestures { engine.setScrollEdges(edges, gesture: g, at: c.time) }
            return nil
        }
        if c.scrollBegan {
            for g in c.gestures { engine.scrollBegan(gesture: g, at: c.time) }
            return nil
        }
        if let running = c.momentum {
            for g in c.gestures { engine.setMomentum(running, gesture: g, at: c.time) }
            return nil
        }
        if let at = c.action {
            let g = actionInstance(c, table: table)!  // `check` found it
            return engine.performAction(gesture: g, x: at.x, y: at.y, at: c.time) ? nil : .disabledAction(g)
        }
        for g in c.gestures {
            for (parameter, value) in changes { try? engine.set(parameter, to: value, gesture: g, at: c.time) }
            if let enabled = c.enabled { engine.setEnabled(enabled, gesture: g, at: c.time) }
        }
        return nil
    }

    /// The instance an action line performs: the one on its `view`, or the first.
    static func actionInstance(_ c: TraceReader.ControlLine, table: GestureTable) -> GestureID? {
        guard let view = c.actionView else { return c.gestures.first }
        let v = table.view(named: view)
        return c.gestures.first { table.view(of: $0) == v }
    }

    /// Checks a control line against the table, changing nothing: its
    /// parameter changes, or why it is refused. Every parameter is checked
    /// before any changes, so a refused line changes nothing.
    package static func check(_ c: TraceReader.ControlLine, table: GestureTable) -> Result<[(RuntimeParameter, ParameterValue)], ControlRefusal> {
        guard c.mode == nil else { return .success([]) }
        let first = c.gestures[0]
        let refusal: ControlRefusal?
        if c.handOver {
            refusal = table.refusalToHandOver(c.gestures)
        } else if c.action != nil {
            guard let g = actionInstance(c, table: table) else { return .failure(.notOnView(first, view: c.actionView ?? "")) }
            refusal = table.refusalToAct(g)
        } else if c.momentum != nil {
            refusal = table.refusalOfMomentum(first)
        } else if c.scrollEdges != nil || c.scrollBegan {
            refusal = table.refusalOfScroll(first)
        } else if c.enabled != nil, let r = table.refusalToEnable(first) {
            refusal = r
        } else {
            var changes: [(RuntimeParameter, ParameterValue)] = []
            for (name, text) in c.parameters {
                do throws(ParameterError) {
                    let parameter = try RuntimeParameter(name: name)
                    guard let value = TraceReader.parameterValue(text) else { return .failure(.noValidValue(parameter: name, text: text)) }
                    try table.check(parameter, value, gesture: first)
                    changes.append((parameter, value))
                } catch {
                    return .failure(.parameter(error))
                }
            }
            return .success(changes)
        }
        return refusal.map { .failure($0) } ?? .success([])
    }

    package static func describe(_ a: StreamAnomalies) -> String {
        // Each: the count, and what one or several of them are and what was done.
        let parts = [
            (a.timeWentBackwards, "sample going back in time (clamped)", "samples going back in time (clamped)"),
            (a.duplicateBegan, "'began' for a touch already down (the old touch cancelled)",
             "'began's for touches already down (the old touches cancelled)"),
            (a.unknownTouch, "event for an unknown touch (dropped)", "events for unknown touches (dropped)"),
            (a.nonFiniteCoordinate, "non-finite coordinate (ignored)", "non-finite coordinates (ignored)"),
            (a.overCapacity, "touch over the capacity of \(Engine.touchCapacity) (dropped)",
             "touches over the capacity of \(Engine.touchCapacity) (dropped)"),
            (a.staleTouch, "stale touch (cancelled)", "stale touches (cancelled)"),
            (a.unknownView, "touch on a view the table lacks (given to the root)", "touches on views the table lacks (given to the root)"),
        ].filter { $0.0 > 0 }.map { n, one, several in counted(n, one, plural: several) }
        return "repaired stream anomalies: " + parts.joined(separator: ", ")
    }
}
