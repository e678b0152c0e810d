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
    /** Points: the centroid of the gesture's touches, or its view's centre for an accessibility action. */
    public final double x, y;
    /** pan and scroll: translation x; pinch: scale; rotation: radians. */
    public final double value0;
    /** pan and scroll: translation y. */
    public final double value1;
    /** Per second, of value0 and value1 (longPress: of the location). */
    public final double velocity0, velocity1;
    /** tap: the taps counted. */
    public final int taps;
    /** swipe: its direction (null for other kinds). */
    public final Direction direction;
    /** The view that receives the event, null when the set declares no views; and its index. */
    public final String view;
    public final int viewIndex;
    /** The id of the gesture's first touch, -1 for none. */
    public final int touch;
    /** Whether an accessibility action reported it (not touches). */
    public final boolean isAction;

    // values() copies its array each call: once here, not once per event.
    private static final State[] STATES = State.values();
    private static final Direction[] DIRECTIONS = Direction.values();

    private final long microseconds;
    private final Engine.Value[] values;
    private final boolean carried;

    GestureEvent(Engine engine, double[] d, int[] n, int k) {
        int f = k * Engine.DOUBLES, i = k * Engine.INTS;
        microseconds = (long) d[f];
        time = microseconds / 1e6;
        x = d[f + 1];
        y = d[f + 2];
        value0 = d[f + 3];
        value1 = d[f + 4];
        velocity0 = d[f + 5];
        velocity1 = d[f + 6];
        gestureIndex = n[i];
        taps = n[i + 1];
        viewIndex = n[i + 2];
        state = STATES[n[i + 3]];
        gesture = engine.gesture(gestureIndex);
        values = engine.values(gestureIndex);
        boolean swipe = false;
        for (Engine.Value v : values) swipe |= v.shape.equals("direction");
        direction = swipe && n[i + 4] < DIRECTIONS.length ? DIRECTIONS[n[i + 4]] : null;
        isAction = n[i + 5] == 1;
        touch = n[i + 6];
        view = engine.view(viewIndex);
        carried = (Engine.carriedStates() >> state.ordinal() & 1) != 0;
    }

    /** A field of gspec_event by its name, as the library's value lists name them. */
    private double field(String name) {
        switch (name) {
            case "value0": return value0;
            case "value1": return value1;
            case "velocity0": return velocity0;
            case "velocity1": return velocity1;
            case "taps": return taps;
            case "x": return x;
            case "y": return y;
            default: throw new IllegalStateException("libgspec names an event field dev.gspec does not know: " + name);
        }
    }

    /** The event's `gspec run` line (docs/trace-format.md), without a newline. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(160).append("{\"t\":");
        Names.time(out, microseconds);
        out.append(",\"gesture\":\"").append(gesture).append("\",\"state\":\"").append(state.wireName()).append("\",\"x\":");
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
        if (isAction) out.append(",\"input\":\"action\"");
        if (view != null) out.append(",\"view\":\"").append(view).append('"');
        return out.append('}').toString();
    }
}
