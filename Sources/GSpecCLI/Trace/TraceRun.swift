import GestureCompiler
import GestureRuntime

/// Running a recorded trace through an engine, for `gspec run`, `gspec test`
/// and the playground: control lines applied, events printed as decided.
enum TraceRun {
    /// Feeds the whole trace, printing events as they are decided, on a screen of `screen` points.
    static func drive<E: TouchEngine>(_ engine: inout E, _ trace: [UInt8], _ printer: EventPrinter, screen: SIMD2<Double>? = nil)
        -> (errors: [TraceReader.LineError], anomalies: StreamAnomalies) {
        if let screen { engine.screenSize = screen }
        let table = printer.table
        let views: ((String) -> Int?)? = table.hasViews ? { table.view(named: $0) } : nil
        let gestures = (0..<table.gestureCount).map(table.name(of:))
        let modes = (0..<table.modeCount).map(table.name(ofMode:))
        let errors = TraceReader.read(trace, views: views, gestures: gestures, modes: modes, control: { c in
            defer {
                printer.recording?.observeEnabling(engine, gestures: table.gestureCount, at: c.time)
                printer.print(engine.events, engine.deliveries, engine.explanations)
                engine.removeAllEvents()
            }
            if let (m, on) = c.mode {
                engine.setMode(m, on, at: c.time)
                printer.recording?.modes.append((c.time, m, on))
                return nil
            }
            if c.enabled != nil, let condition = table.conditionText(of: c.gestures[0]) {
                return "'\(table.name(of: c.gestures[0]))' is enabled by modes ('enabled: \(condition)'): set the mode instead"
            }
            // Every parameter is checked before any changes: a refused line changes nothing.
            var changes: [(RuntimeParameter, ParameterValue)] = []
            for (name, text) in c.parameters {
                do throws(ParameterError) {
                    let parameter = try RuntimeParameter(name: name)
                    guard let value = TraceReader.parameterValue(text) else { return "'\(name)' has no valid value: '\(text)'" }
                    try table.check(parameter, value, gesture: c.gestures[0])
                    changes.append((parameter, value))
                } catch {
                    return "\(error)"
                }
            }
            for g in c.gestures {
                for (parameter, value) in changes { try? engine.set(parameter, to: value, gesture: g, at: c.time) }
                if let enabled = c.enabled { engine.setEnabled(enabled, gesture: g, at: c.time) }
            }
            printer.recording?.controls.append((c.time, c.gestures, c.enabled, c.parameters.map { "\($0.name): \($0.value)" }))
            return nil
        }) { event in
            engine.feed(event)
            printer.recording?.observe(event, engine, gestures: table.gestureCount)
            printer.print(engine.events, engine.deliveries, engine.explanations)
            engine.removeAllEvents()
        }
        engine.finish()
        printer.recording?.observe(nil, engine, gestures: table.gestureCount)
        printer.print(engine.events, engine.deliveries, engine.explanations)
        engine.removeAllEvents()
        printer.flush()
        return (errors, engine.anomalies)
    }

    static func describe(_ a: StreamAnomalies) -> String {
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
