package dev.gspec;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A compiled gesture set (a .gtab table from `gspec build`) running on touch
 * samples: feed it samples, take the events its gestures report. The engine
 * is libgspec's (gspec.h), the same code as the Swift runtime, the web
 * runtime and `gspec run`, and gives the same events.
 *
 * <p>Times are seconds on any clock that does not go back (Android: {@code
 * MotionEvent.getEventTime() / 1000.0}); positions are points (Android: pixels
 * divided by the display's density). Samples of equal time form one frame.
 *
 * <p>Threads: one engine is used by one thread at a time (its methods are
 * synchronized, so a mistake is slow, not a crash); any number of engines may
 * run. {@link #close} frees the native engine; an engine not closed keeps its
 * memory (no finalizer: Android before API 33 has no Cleaner).
 *
 * <p>Errors: a table the runtime cannot read throws {@link GSpecTableException};
 * an unknown name or a control call the runtime refuses throws
 * IllegalArgumentException with the runtime's message; a call after close
 * throws IllegalStateException. A sample or time the runtime refuses (a time
 * a trace could not write: not finite for {@link #advance}, |t| >= 10^12 s)
 * throws IllegalArgumentException with the message `gspec run` gives for
 * the same trace line. Malformed samples the runtime can repair (a time
 * going back or not finite, an unknown touch, a view the table lacks) are
 * repaired and counted ({@link #anomalies}), as docs/semantics.md says.
 *
 * <p>Touch ids are any {@code long}: equal ids are one touch while it is down.
 */
public final class Engine implements AutoCloseable {
    static {
        String path = System.getProperty("dev.gspec.library");
        if (path != null) System.load(path);
        else System.loadLibrary("gspec_jni");
    }

    // BEGIN generated from the runtime's lists (JavaBindingsEmitter.engineConstants): do not edit by hand
    // gspec.h's gspec_names, in order; Names.check holds the enums to the lists they mirror.
    static final int GESTURE = 0, KIND = 1, ACTION = 2, VALUES = 3, VIEW = 4, MODE = 5, STATE = 6, DIRECTION = 7, PHASE = 8, POINTER = 9, CONDITION = 10;
    /** Bytes per event in the buffer events cross in: time x y value0 value1 velocity0 velocity1 projected rest as doubles, then gesture taps view state direction input touch fingers anchor as ints. */
    static final int RECORD = 112;
    /** The words of a control call or line that name no run-time parameter. */
    static final List<String> RESERVED = Arrays.asList("enabled", "handOver", "scroll", "began", "momentum", "t", "set", "mode", "on", "at", "action");
    // END generated (JavaBindingsEmitter.engineConstants)

    /** One value a gesture's events carry (gspec.h's GSPEC_NAMES_VALUES entry). */
    static final class Value {
        final String key, shape, first, second;

        Value(String entry) {
            String[] parts = entry.split(":");
            key = parts[0];
            shape = parts[1];
            first = parts[2];
            second = parts.length > 3 ? parts[3] : null;
        }
    }

    /** What an event of one table index shows, looked up once per engine rather than once per event. */
    static final class Gesture {
        final String name;
        final Value[] values;
        /** Whether its events carry a direction (a swipe's value list). */
        final boolean swipe;

        Gesture(String name, Value[] values) {
            this.name = name;
            this.values = values;
            boolean direction = false;
            for (Value v : values) direction |= v.shape.equals("direction");
            swipe = direction;
        }
    }
    private static final Gesture UNKNOWN = new Gesture("?", new Value[0]);

    private long handle;
    private final List<String> gestures, views, modes, kinds, actions;
    private final Gesture[] byIndex;
    private final String[] viewNames;
    // The events decided since the last take, as gspec_jni.c's records: every call that can decide events takes them
    // into this buffer in the same native call (one JNI transition a sample, no Java array pinned).
    private ByteBuffer records;
    private long address;
    private int capacity, pending;

    /** An engine for a table's bytes (a .gtab file). */
    public Engine(byte[] table) throws GSpecTableException {
        if (table == null) throw new IllegalArgumentException("no table");
        byte[] error = new byte[1024];
        handle = nOpen(table, error);
        if (handle == 0) {
            int n = 0;
            while (n < error.length && error[n] != 0) n++;
            throw new GSpecTableException(new String(error, 0, n, StandardCharsets.UTF_8));
        }
        try {
            Names.check(handle, STATE, State.values());
            Names.check(handle, DIRECTION, Direction.values());
            Names.check(handle, PHASE, Phase.values());
            Names.check(handle, POINTER, Pointer.values());
        } catch (IllegalStateException e) {
            nFree(handle);
            handle = 0;
            throw e;
        }
        gestures = list(GESTURE);
        views = list(VIEW);
        modes = list(MODE);
        kinds = list(KIND);
        actions = list(ACTION);
        byIndex = new Gesture[gestures.size()];
        for (int g = 0; g < byIndex.length; g++) {
            String text = name(handle, VALUES, g);
            byIndex[g] = new Gesture(gestures.get(g), text.isEmpty() ? new Value[0] : Arrays.stream(text.split(",")).map(Value::new).toArray(Value[]::new));
        }
        viewNames = views.toArray(new String[0]);
        grow(64);
    }

    /** A buffer for at least `count` records, holding the pending ones. */
    private void grow(int count) {
        long bytes = Math.max(count, 2L * capacity) * RECORD;
        // A buffer is at most 2 GB: 24 million events not taken (a host that never calls takeEvents).
        if (bytes > Integer.MAX_VALUE) bytes = Math.max((long) count * RECORD, Integer.MAX_VALUE / RECORD * RECORD);
        if (bytes > Integer.MAX_VALUE) throw new IllegalStateException(count + " events not taken: call takeEvents");
        ByteBuffer bigger = ByteBuffer.allocateDirect((int) bytes).order(ByteOrder.nativeOrder());
        if (records != null) {
            ByteBuffer held = records.duplicate();
            held.position(0);
            held.limit(pending * RECORD);
            bigger.put(held);
            bigger.clear();
        }
        records = bigger;
        address = nAddress(bigger);
        capacity = bigger.capacity() / RECORD;
    }

    /** A native call's result (gspec_jni.c's drain): its records kept, or its refusal thrown. */
    private void took(int result) {
        if (result >= 0) {
            pending += result;
        } else if (result == Integer.MIN_VALUE) {
            throw new IllegalArgumentException(text(nOutput(handle)));
        } else {
            int count = -result;
            grow(pending + count);
            nRead(handle, address, pending, count);
            pending += count;
        }
    }

    private List<String> list(int list) {
        List<String> out = new ArrayList<>();
        for (String name; (name = name(handle, list, out.size())) != null; ) out.add(name);
        return Collections.unmodifiableList(out);
    }

    /** The gestures by table index (a gesture on several views once per view). */
    public List<String> gestures() { return gestures; }
    /** The views by index; empty when the set declares none. */
    public List<String> views() { return views; }
    /** The modes by index. */
    public List<String> modes() { return modes; }
    /** Each gesture's kind ("tap", "pan", ...), by table index. */
    public List<String> kinds() { return kinds; }
    /** Each gesture's accessibility action ("" for none), by table index. */
    public List<String> actions() { return actions; }

    /**
     * The view table index `g` is declared on ({@link #views}), null for a
     * set without views: a gesture declared on several views has an index
     * per view ({@link #gesture(String, String)} finds the one for a view).
     */
    public synchronized String gestureView(int g) {
        if (g < 0 || g >= gestures.size()) throw new IllegalArgumentException("no gesture " + g + "; the set has " + gestures.size());
        return views.isEmpty() ? null : views.get(nGestureView(live(), g));
    }
    /** The table index of gesture `name` on view `view` (for {@link #performAction(int, double, double, double)} and {@link #control}). */
    public synchronized int gesture(String name, String view) {
        index(gestures, name, "gesture");
        int v = index(views, view, "view");
        for (int g = 0; g < gestures.size(); g++) {
            if (gestures.get(g).equals(name) && nGestureView(live(), g) == v) return g;
        }
        throw new IllegalArgumentException("'" + name + "' is not declared on view '" + view + "'");
    }
    Gesture byIndex(int g) { return g >= 0 && g < byIndex.length ? byIndex[g] : UNKNOWN; }
    String view(int v) { return viewNames.length == 0 ? null : v >= 0 && v < viewNames.length ? viewNames[v] : "?"; }

    private long live() {
        if (handle == 0) throw new IllegalStateException("the engine is closed");
        return handle;
    }

    /** One touch sample on the root view, from a finger. */
    public void feed(double t, long touch, Phase phase, double x, double y) {
        feed(t, touch, phase, x, y, 0, Pointer.TOUCH);
    }

    /**
     * One touch sample: `view` is the index of the view it hit on {@link Phase#BEGAN}
     * ({@link #views}; 0 is the root), `pointer` the kind of pointer.
     */
    public synchronized void feed(double t, long touch, Phase phase, double x, double y, int view, Pointer pointer) {
        if (phase == null || pointer == null) throw new IllegalArgumentException("a sample needs a phase and a pointer kind");
        took(nFeed(live(), t, touch, phase.ordinal(), x, y, view, pointer.ordinal(), address, pending, capacity));
    }

    /** The same, with the view by name. */
    public void feed(double t, long touch, Phase phase, double x, double y, String view, Pointer pointer) {
        feed(t, touch, phase, x, y, index(views, view, "view"), pointer);
    }

    /**
     * Ends the host's frame (one MotionEvent: call it after feeding all its
     * pointers): the samples fed since the last frame are decided now, so
     * {@link #takeEvents} has their events at once. The events are those a
     * later sample would have made; a later sample of the same time starts a
     * new frame.
     */
    public synchronized void endFrame() { took(nEndFrame(live(), address, pending, capacity)); }
    /** Applies the pending frame and fires the timers due by `t` seconds (call it at {@link #nextDeadline}). */
    public synchronized void advance(double t) { took(nAdvance(live(), t, address, pending, capacity)); }

    /** Ends the stream: applies the pending frame and fires every remaining timer. */
    public synchronized void finish() { took(nFinish(live(), address, pending, capacity)); }

    /** When the next timer is due, in seconds, or NaN for none. */
    public synchronized double nextDeadline() {
        double d = nNextDeadline(live());
        return d < 0 ? Double.NaN : d;
    }

    /** The engine's clock in seconds: the latest sample's, advance's or control call's time. */
    public synchronized double clock() { return nClock(live()); }

    /** The events decided since the last call, in order, removed from the engine (an unmodifiable list). */
    public synchronized List<GestureEvent> takeEvents() {
        live();
        if (pending == 0) return Collections.emptyList();
        if (pending == 1) {
            pending = 0;
            return Collections.singletonList(new GestureEvent(this, records, 0));  // most takes: no array behind the list
        }
        List<GestureEvent> out = new ArrayList<>(pending);
        for (int k = 0; k < pending; k++) out.add(new GestureEvent(this, records, k * RECORD));
        pending = 0;
        return Collections.unmodifiableList(out);
    }

    /** Enables or disables a gesture (on every view it is declared on) now: after the samples fed so far. */
    public void setEnabled(String gesture, boolean enabled) { setEnabled(gesture, enabled, Double.NaN); }

    /** The same at `t` seconds, as a trace's {"set":..,"enabled":..} line of that time. */
    public synchronized void setEnabled(String gesture, boolean enabled, double t) {
        control(t, index(gestures, gesture, "gesture"), "enabled", String.valueOf(enabled));
    }

    /** Whether a gesture is enabled now (by setEnabled, or by the modes its `enabled:` names). */
    public synchronized boolean isEnabled(String gesture) { return nIsEnabled(live(), index(gestures, gesture, "gesture")); }

    /** Changes a run-time parameter from the gesture's next attempt ("slop", "15pt" as a spec writes it), now. */
    public void set(String gesture, String parameter, String value) { set(gesture, parameter, value, Double.NaN); }

    /** The same at `t` seconds. */
    public synchronized void set(String gesture, String parameter, String value, double t) {
        if (parameter == null || value == null || parameter.isEmpty() || RESERVED.contains(parameter)) {
            throw new IllegalArgumentException("'" + parameter + "' is not a parameter");
        }
        control(t, index(gestures, gesture, "gesture"), parameter, value);
    }

    /** Turns a mode on or off now. */
    public void setMode(String mode, boolean on) { setMode(mode, on, Double.NaN); }

    /** The same at `t` seconds. */
    public synchronized void setMode(String mode, boolean on, double t) { control(t, index(modes, mode, "mode"), "", String.valueOf(on)); }

    /**
     * Hands an active gesture over now (`A hands over to B`): it reports
     * cancelled, and the first gesture it hands over to that is enabled and
     * free reports began with its touches. A gesture not active changes nothing.
     */
    public void handOver(String gesture) { handOver(gesture, Double.NaN); }

    /** The same at `t` seconds. */
    public synchronized void handOver(String gesture, double t) { control(t, index(gestures, gesture, "gesture"), "handOver", ""); }

    /**
     * Says now whether a scroll gesture's platform momentum runs (v5: the
     * scroller still flinging after the lift, until it stops), or ends a settle's
     * momentum early: meanwhile a touch coming down on its view stops it and
     * fails the set's taps and long presses (unless `duringMomentum: true`).
     */
    public void setMomentum(String gesture, boolean running) { setMomentum(gesture, running, Double.NaN); }

    /** The same at `t` seconds. */
    public synchronized void setMomentum(String gesture, boolean running, double t) {
        control(t, index(gestures, gesture, "gesture"), "momentum", String.valueOf(running));
    }

    /**
     * Performs a gesture's accessibility action now, at (x, y), its view's centre:
     * it reports recognized with {@link GestureEvent#isAction}. Throws when it has no action or is disabled.
     */
    public synchronized void performAction(String gesture, double x, double y) { performAction(index(gestures, gesture, "gesture"), x, y, Double.NaN); }

    /** The same for the instance of table index `g` (a gesture on several views), at `t` seconds. */
    public synchronized void performAction(int g, double x, double y, double t) {
        took(nAction(live(), t, g, x, y, address, pending, capacity));
    }

    /** The screen's size in points, which edge pans measure from. */
    public synchronized void setScreen(double width, double height) { nSetScreen(live(), width, height); }

    /** The counts of repaired stream anomalies, as JSON ({"timeWentBackwards":0,...}). */
    public synchronized String anomalies() { return text(nAnomalies(live())); }

    /**
     * A trace's control line for table index (or mode index) `index` at `t`
     * seconds (NaN: now); see gspec.h's gspec_engine_control. For replaying
     * traces: prefer the named methods.
     */
    public synchronized void control(double t, int index, String key, String value) {
        if (key == null || value == null) throw new IllegalArgumentException("a control line needs a key and a value");
        took(nControl(live(), t, index, bytes(key), bytes(value), address, pending, capacity));
    }

    /** Frees the native engine; later calls throw. Closing twice is nothing. */
    @Override
    public synchronized void close() {
        if (handle != 0) nFree(handle);
        handle = 0;
    }

    private static int index(List<String> names, String name, String what) {
        int k = name == null ? -1 : names.indexOf(name);
        if (k < 0) throw new IllegalArgumentException("unknown " + what + " '" + name + "'; the set has " + String.join(", ", new java.util.LinkedHashSet<>(names)));
        return k;
    }

    // The JNI glue (jvm/native/gspec_jni.c), one function of gspec.h each; those
    // that can decide events take them into the buffer at `address` and return
    // what took reads. Text crosses as UTF-8 bytes: JNI's own strings are
    // "modified" UTF-8.
    private static native long nOpen(byte[] table, byte[] error);
    private static native void nFree(long engine);
    private static native byte[] nName(long engine, int list, int index);
    static native int nCarriedStates();
    private static native long nAddress(ByteBuffer records);
    private static native byte[] nOutput(long engine);
    private static native int nFeed(long engine, double t, long touch, int phase, double x, double y, int view, int pointer,
                                    long records, int used, int capacity);
    private static native int nEndFrame(long engine, long records, int used, int capacity);
    private static native int nAdvance(long engine, double t, long records, int used, int capacity);
    private static native int nFinish(long engine, long records, int used, int capacity);
    private static native void nRead(long engine, long records, int used, int count);
    private static native int nGestureView(long engine, int gesture);
    private static native double nNextDeadline(long engine);
    private static native double nClock(long engine);
    private static native int nControl(long engine, double t, int index, byte[] key, byte[] value, long records, int used, int capacity);
    private static native int nAction(long engine, double t, int gesture, double x, double y, long records, int used, int capacity);
    private static native boolean nIsEnabled(long engine, int gesture);
    private static native void nSetScreen(long engine, double width, double height);
    private static native byte[] nAnomalies(long engine);

    private static String text(byte[] utf8) { return utf8 == null ? null : new String(utf8, StandardCharsets.UTF_8); }
    private static byte[] bytes(String text) { return text.getBytes(StandardCharsets.UTF_8); }

    static String name(long engine, int list, int index) { return text(nName(engine, list, index)); }
    static int carriedStates() { return CARRIED; }
    private static final int CARRIED = nCarriedStates();
}
