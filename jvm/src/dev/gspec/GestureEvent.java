package dev.gspec;

/**
 * One event a gesture reported, as `Engine.takeEvents` returns them: the
 * fields of gspec.h's gspec_event with names for indices. `toString` is the
 * event's `gspec run` line, byte for byte.
 */
public final class GestureEvent {
    /** When, in seconds (the engine's whole microseconds). */
    public final double time;
    /** The gesture's name, and its index in the table (a gesture on several views has one index per view). */
    public final String gesture;
    public final int gestureIndex;
    public final State state;
    /** swipe: its direction (null for other kinds). */
    public final Direction direction;
    /** The view that receives the event, null when the set declares no views; and its index. */
    public final String view;
    public final int viewIndex;
    /** Whether an accessibility action reported it (not touches). */
    public final boolean isAction;

    // BEGIN generated from the runtime's lists (JavaBindingsEmitter.eventFields): do not edit by hand
    /** points: the centroid of the gesture's touches, or its view's centre for an action. */
    public final double x;
    /** points: the centroid of the gesture's touches, or its view's centre for an action. */
    public final double y;
    /** pan, scroll: translation x; pinch: scale; rotation: rotation. */
    public final double value0;
    /** pan, scroll: translation y. */
    public final double value1;
    /** longPress, pan, scroll: velocity x; pinch, rotation: velocity. */
    public final double velocity0;
    /** longPress, pan, scroll: velocity y. */
    public final double velocity1;
    /** tap: taps. */
    public final int taps;
    /** the id of the gesture's first touch, -1 for none or an id outside 0 to 2^31-1. */
    public final int touch;
    /** pan, pinch, rotation: fingers. */
    public final int fingers;
    /** a settle's ended: where momentum alone carries the value; NaN on every other event. */
    public final double projected;
    /** a settle's ended: where the value rests; NaN on every other event. */
    public final double rest;
    /** a settle's ended: the anchor chosen (its page with a pitch); marked: the mark crossed; -2^31 for none. */
    public final int anchor;

    /** A plain field by the name the library's value lists use. */
    private double field(String name) {
        switch (name) {
            case "x": return x;
            case "y": return y;
            case "value0": return value0;
            case "value1": return value1;
            case "velocity0": return velocity0;
            case "velocity1": return velocity1;
            case "taps": return taps;
            case "touch": return touch;
            case "fingers": return fingers;
            case "projected": return projected;
            case "rest": return rest;
            case "anchor": return anchor;
            default: throw new IllegalStateException("libgspec names an event field dev.gspec does not know: " + name);
        }
    }
    // END generated (JavaBindingsEmitter.eventFields)

    // values() copies its array each call: once here, not once per event.
    private static final State[] STATES = State.values();
    private static final Direction[] DIRECTIONS = Direction.values();

    /** Whether this is a settle's ENDED (v5), which carries projected, anchor (MIN_VALUE: none) and rest. */
    public boolean isSettled() { return state == State.ENDED && !Double.isNaN(projected); }

    /** MARKED: whether the value fell back below the mark (DOWN) or rose past it (UP). */
    public Direction crossed() { return state != State.MARKED ? null : directionSlot == Direction.DOWN.ordinal() ? Direction.DOWN : Direction.UP; }

    private final int directionSlot;
    private final long microseconds;
    private final Engine.Value[] values;
    private final boolean carried;

    /** The record at byte `r` of `b` (gspec_jni.c's layout). */
    GestureEvent(Engine engine, java.nio.ByteBuffer b, int r) {
        // BEGIN generated from the runtime's lists (JavaBindingsEmitter.eventReads): do not edit by hand
        x = b.getDouble(r + 8);
        y = b.getDouble(r + 16);
        value0 = b.getDouble(r + 24);
        value1 = b.getDouble(r + 32);
        velocity0 = b.getDouble(r + 40);
        velocity1 = b.getDouble(r + 48);
        taps = b.getInt(r + 76);
        touch = b.getInt(r + 96);
        fingers = b.getInt(r + 100);
        projected = b.getDouble(r + 56);
        rest = b.getDouble(r + 64);
        anchor = b.getInt(r + 104);
        double timeSlot = b.getDouble(r + 0);
        int gestureSlot = b.getInt(r + 72);
        int viewSlot = b.getInt(r + 80);
        int stateSlot = b.getInt(r + 84);
        int directionSlot = b.getInt(r + 88);
        int inputSlot = b.getInt(r + 92);
        // END generated (JavaBindingsEmitter.eventReads)
        microseconds = (long) timeSlot;
        time = microseconds / 1e6;
        gestureIndex = gestureSlot;
        viewIndex = viewSlot;
        state = stateSlot >= 0 && stateSlot < STATES.length ? STATES[stateSlot] : State.POSSIBLE;
        Engine.Gesture kind = engine.byIndex(gestureIndex);
        gesture = kind.name;
        values = kind.values;
        this.directionSlot = directionSlot;
        direction = kind.swipe && directionSlot >= 0 && directionSlot < DIRECTIONS.length ? DIRECTIONS[directionSlot] : null;
        isAction = inputSlot == 1;
        view = engine.view(viewIndex);
        carried = (Engine.carriedStates() >> state.ordinal() & 1) != 0;
    }

    /** The event's `gspec run` line (docs/trace-format.md), without a newline. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(160).append("{\"t\":");
        Names.time(out, microseconds);
        out.append(",\"gesture\":\"").append(gesture).append("\",\"state\":\"").append(state.wireName()).append('"');
        if (state == State.MARKED) {
            // A mark crossed (v5): its index in the anchor slot, the way in the direction slot.
            out.append(",\"mark\":").append(anchor).append(",\"crossed\":\"").append(directionSlot == Direction.DOWN.ordinal() ? "down" : "up").append('"');
            if (view != null) out.append(",\"view\":\"").append(view).append('"');
            return out.append('}').toString();
        }
        out.append(",\"x\":");
        Names.number(out, x);
        out.append(",\"y\":");
        Names.number(out, y);
        if (carried) {
            for (Engine.Value v : values) {
                out.append(",\"").append(v.key).append("\":");
                switch (v.shape) {
                    case "count": out.append((int) field(v.first)); break;
                    case "direction": out.append('"').append((direction == null ? Direction.RIGHT : direction).wireName()).append('"'); break;
                    case "number": Names.number(out, field(v.first)); break;
                    default:
                        out.append('[');
                        Names.number(out, field(v.first));
                        out.append(',');
                        Names.number(out, field(v.second));
                        out.append(']');
                }
            }
        }
        if (isSettled()) {
            // A release's decision (v5 settle).
            out.append(",\"projected\":");
            Names.number(out, projected);
            if (anchor != Integer.MIN_VALUE) out.append(",\"anchor\":").append(anchor);
            out.append(",\"rest\":");
            Names.number(out, rest);
        }
        if (isAction) out.append(",\"input\":\"action\"");
        if (view != null) out.append(",\"view\":\"").append(view).append('"');
        return out.append('}').toString();
    }
}
