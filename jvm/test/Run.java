import dev.gspec.Engine;
import dev.gspec.GSpecTableException;
import dev.gspec.GestureEvent;
import dev.gspec.Phase;
import dev.gspec.Pointer;
import dev.gspec.State;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

/**
 * native/test/run.c through the Java binding: runs a table on a trace's
 * steps (the same format) and prints `gspec run`'s lines, each an event's
 * toString. Tests/GSpecCLITests/NativeLibraryTests.swift compares them.
 * --take-at-end takes a trace's events once, after its last step, rather
 * than after each: the engine then holds them all (its buffer grows), and
 * the lines must be the same.
 *
 *   java -Ddev.gspec.library=.../libgspec_jni.so -cp gspec.jar:. Run [--all-states] [--take-at-end] TABLE.gtab STEPS
 */
public final class Run {
    public static void main(String[] args) throws IOException {
        java.util.List<String> flags = java.util.Arrays.asList(args).subList(0, args.length - 2);
        boolean allStates = flags.contains("--all-states"), atEnd = flags.contains("--take-at-end");
        byte[] table = Files.readAllBytes(Paths.get(args[args.length - 2]));
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        Engine engine = open(table);
        if (engine == null) return;
        try (BufferedReader steps = Files.newBufferedReader(Paths.get(args[args.length - 1]), StandardCharsets.UTF_8)) {
            for (String line; (line = steps.readLine()) != null; ) {
                String[] f = line.split(" ");
                try {
                    switch (f[0]) {
                        case "s":
                            engine.feed(d(f[1]), Long.parseLong(f[2]), Phase.values()[Integer.parseInt(f[3])], d(f[4]), d(f[5]),
                                    Integer.parseInt(f[6]), Pointer.values()[Integer.parseInt(f[7])]);
                            break;
                        case "f":
                            engine.endFrame();
                            break;
                        case "c":
                            String key = f[3].equals("-") ? "" : f[3], value = f[4].equals("-") ? "" : f[4];
                            if (key.equals("scroll")) value = value.equals("0") ? "" : String.valueOf((char) Integer.parseInt(value));
                            engine.control(d(f[1]), Integer.parseInt(f[2]), key, value);
                            break;
                        case "a":
                            engine.performAction(Integer.parseInt(f[2]), d(f[3]), d(f[4]), d(f[1]));
                            break;
                        case "screen":
                            engine.setScreen(d(f[1]), d(f[2]));
                            break;
                        case "next":
                            engine.finish();
                            print(engine, out, allStates);
                            engine.close();
                            out.write("next\n");
                            engine = open(table);
                            continue;
                        default:
                            System.err.println("Run: bad step: " + line);
                            System.exit(2);
                    }
                } catch (IllegalArgumentException refused) {
                    System.err.println("refused: " + refused.getMessage());
                }
                if (!atEnd) print(engine, out, allStates);
            }
        }
        engine.finish();
        print(engine, out, allStates);
        engine.close();
        out.flush();
    }

    private static double d(String text) {
        return Double.parseDouble(text);
    }

    private static Engine open(byte[] table) {
        try {
            return new Engine(table);
        } catch (GSpecTableException e) {
            System.out.println("error: " + e.getMessage());
            return null;
        }
    }

    private static void print(Engine engine, BufferedWriter out, boolean allStates) throws IOException {
        for (GestureEvent e : engine.takeEvents()) {
            if (e.state != State.FAILED || allStates) out.write(e + "\n");
        }
    }
}
