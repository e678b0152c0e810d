import dev.gspec.Engine;
import dev.gspec.Phase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * native/test/bench.c through the Java binding, for docs/performance.md:
 *   java ... Bench TABLE.gtab TRACE.jsonl [RUNS] [--feed-only]
 * Feeds every sample through Engine.feed and takes its events (GestureEvent
 * objects) after each; prints the median of the runs after warm-up runs
 * (the JIT compiles the loop in the first ones).
 */
public final class Bench {
    public static void main(String[] args) throws Exception {
        byte[] table = Files.readAllBytes(Paths.get(args[0]));
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        boolean feedOnly = args.length > 3 && args[3].equals("--feed-only");
        Pattern line = Pattern.compile("\\{\"t\":([-0-9.e]+),\"touch\":(\\d+),\"phase\":\"([a-z]+)\",\"x\":([-0-9.e]+),\"y\":([-0-9.e]+)");
        List<double[]> samples = new ArrayList<>();
        for (String text : Files.readAllLines(Paths.get(args[1]), StandardCharsets.UTF_8)) {
            Matcher m = line.matcher(text);
            if (!m.lookingAt()) continue;
            samples.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
                Phase.valueOf(m.group(3).toUpperCase()).ordinal(), Double.parseDouble(m.group(4)), Double.parseDouble(m.group(5))});
        }
        Phase[] phases = Phase.values();
        double[] rates = new double[runs];
        long events = 0;
        int warmUp = 20;  // the JIT compiles the loop and the engine's calls in the first ones
        for (int r = 0; r < runs + warmUp; r++) {
            try (Engine engine = new Engine(table)) {
                long start = System.nanoTime();
                for (double[] s : samples) {
                    engine.feed(s[0], (long) s[1], phases[(int) s[2]], s[3], s[4]);
                    if (!feedOnly) events += engine.takeEvents().size();
                }
                engine.finish();
                double seconds = (System.nanoTime() - start) / 1e9;
                events += engine.takeEvents().size();
                if (r >= warmUp) rates[r - warmUp] = samples.size() / seconds;
            }
        }
        Arrays.sort(rates);
        double median = rates[runs / 2];
        System.out.printf("Java%s: %d touch events, median of %d: %.0f events/s, %.1f ns/event (%d gesture events)%n", feedOnly ? " (feed only)" : "",
                samples.size(), runs, median, 1e9 / median, events);
    }
}
