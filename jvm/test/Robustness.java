import dev.gspec.Engine;
import dev.gspec.GSpecTableException;
import dev.gspec.GestureEvent;
import dev.gspec.Phase;
import dev.gspec.Pointer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;

/**
 * The Java binding on bad input, for Tests/GSpecCLITests/NativeLibraryTests.swift:
 * every TABLE file is opened (its error printed, as "NAME: error MESSAGE");
 * each that loads runs every STREAM file's bytes as samples (times going back
 * and not finite, unknown views, any id) and control calls with any index,
 * key and value, printing each refusal's message once. The JVM must not crash.
 *
 *   java ... Robustness TABLES_DIR STREAMS_DIR
 */
public final class Robustness {
    /** Ids at the ends of 64 bits, and neighbours a double cannot tell apart. */
    static final long[] EXTREME_IDS = {Long.MAX_VALUE, Long.MIN_VALUE, 1L << 53, (1L << 53) + 1, -1, 1L << 40};
    static final List<String> KEYS = Arrays.asList("enabled", "slop", "duration", "handOver", "scroll", "began", "minScore", "bogus", "");

    public static void main(String[] args) throws Exception {
        Path[] tables = list(args[0]), streams = list(args[1]);
        java.util.TreeSet<String> refusals = new java.util.TreeSet<>();
        int loaded = 0, events = 0;
        for (Path file : tables) {
            byte[] bytes = Files.readAllBytes(file);
            Engine engine;
            try {
                engine = new Engine(bytes);
            } catch (GSpecTableException e) {
                System.out.println(file.getFileName() + ": error " + e.getMessage());
                continue;
            }
            System.out.println(file.getFileName() + ": ok");
            loaded++;
            int gestures = engine.gestures().size();
            // Each index's view, and back: the index of that gesture on that view, the first such, is this one or an earlier twin.
            for (int g = 0; g < gestures; g++) {
                String view = engine.gestureView(g);
                if (engine.views().isEmpty() != (view == null)) throw new AssertionError("gestureView(" + g + ") is " + view);
                if (view == null) continue;
                String name = engine.gestures().get(g);
                int k = engine.gesture(name, view);
                if (k > g || !engine.gestures().get(k).equals(name) || !view.equals(engine.gestureView(k))) {
                    throw new AssertionError("gesture(" + name + ", " + view + ") is " + k);
                }
            }
            for (Path stream : streams) {
                byte[] b = Files.readAllBytes(stream);
                double t = 0;
                for (int i = 0; i + 6 <= b.length; i += 6) {
                    int flags = b[i + 5] & 0xff, x = b[i + 3] & 0xff, y = b[i + 4] & 0xff;
                    t += (b[i] & 0xff) * 0.004 - ((flags & 1) != 0 ? 0.6 : 0);
                    double time = (flags & 0xc0) == 0xc0 ? Double.NaN : (flags & 0xc0) == 0x80 ? Double.POSITIVE_INFINITY : t;
                    long id = (b[i + 1] & 0xff) % 24;
                    if ((flags & 8) != 0) id = EXTREME_IDS[(int) id % EXTREME_IDS.length];
                    // Now and then a time no trace could write: refused, with the trace reader's message.
                    if ((flags & 0xc0) == 0x40 && x < 8) time = x < 4 ? 1e15 : -1e13;
                    try {
                        engine.feed(time, id, Phase.values()[(b[i + 2] & 0xff) % 5], (flags & 2) != 0 ? Double.NaN : x * 2, y * 2,
                                (flags >> 4) - 2, Pointer.values()[(b[i + 1] & 0xff) % 3]);
                    } catch (IllegalArgumentException e) {
                        refusals.add(e.getMessage());
                    }
                    if ((flags & 4) != 0) engine.advance(t + flags * 0.01);
                    if ((flags & 0x41) == 0x41) engine.endFrame();
                    if ((flags & 0x30) == 0x30) {
                        // Any index (past the table's too), any key, a value from the bytes.
                        String key = KEYS.get(x % KEYS.size()), value = (y & 1) == 0 ? String.valueOf(y) + "pt" : (y & 2) == 0 ? "true" : "\u00e9\u0000";
                        try {
                            engine.control((flags & 8) != 0 ? Double.NaN : t, x % (gestures + 2) - 1, key, value);
                        } catch (IllegalArgumentException e) {
                            refusals.add(e.getMessage());
                        }
                        try {
                            engine.performAction(x % (gestures + 2) - 1, y, (flags & 8) != 0 ? Double.NaN : y, t);
                        } catch (IllegalArgumentException e) {
                            refusals.add(e.getMessage());
                        }
                    }
                    for (GestureEvent e : engine.takeEvents()) {
                        if (e.toString().isEmpty()) throw new AssertionError("an empty line");
                        events++;
                    }
                }
                engine.finish();
                events += engine.takeEvents().size();
            }
            engine.anomalies();
            engine.close();
            engine.close();
            try {
                engine.feed(0, 1, Phase.BEGAN, 0, 0);
                throw new AssertionError("a closed engine took a sample");
            } catch (IllegalStateException expected) {
                // the engine is closed
            }
        }
        for (String refusal : refusals) System.out.println("refused: " + refusal);
        System.out.println("loaded " + loaded + " of " + tables.length + " tables, " + events + " events");
    }

    private static Path[] list(String dir) throws Exception {
        try (java.util.stream.Stream<Path> files = Files.list(Paths.get(dir))) {
            return files.sorted().toArray(Path[]::new);
        }
    }
}
