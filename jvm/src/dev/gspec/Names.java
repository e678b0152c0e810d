package dev.gspec;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The names and number forms of `gspec run`'s lines, and the check that this
 * package's enums are the library's lists (the runtime's names, read by index).
 */
final class Names {
    private Names() {}

    /** An enum constant's name as the runtime spells it: UP_RIGHT is "up-right". */
    static String wire(Enum<?> e) {
        return e.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /**
     * Throws unless `constants` are, in order, the library's list `list`: the
     * enums are written here by hand, and a library of another version must
     * not be read through them.
     */
    static void check(long engine, int list, Enum<?>[] constants) {
        for (int k = 0; k <= constants.length; k++) {
            String name = Engine.name(engine, list, k);
            String expected = k < constants.length ? wire(constants[k]) : null;
            if (name == null ? expected != null : !name.equals(expected)) {
                throw new IllegalStateException("libgspec's list " + list + " has '" + name + "' at " + k + ", dev.gspec has '" + expected
                        + "': the classes and the library are of different versions");
            }
        }
    }

    /** A number as `gspec run` writes it: rounded to 1e-6 half away from zero, at least one decimal, no exponent. */
    static void number(StringBuilder out, double x) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            out.append("null");
            return;
        }
        double a = Math.abs(x * 1e6), f = Math.floor(a);
        double rounded = a - f >= 0.5 ? f + 1 : f;
        if (rounded >= 9e18) {
            // The exact value rounded to six decimals, as C's "%.6f", trailing zeros dropped down to one.
            String text = new BigDecimal(x).setScale(6, RoundingMode.HALF_EVEN).toPlainString();
            int end = text.length();
            while (text.charAt(end - 1) == '0' && text.charAt(end - 2) != '.') end--;
            out.append(text, 0, end);
            return;
        }
        long magnitude = (long) rounded;
        if (x < 0 && magnitude != 0) out.append('-');
        fraction(out, magnitude, 1);
    }

    /** Whole microseconds as seconds with at least three decimals. */
    static void time(StringBuilder out, long microseconds) {
        if (microseconds < 0) out.append('-');
        fraction(out, Math.abs(microseconds), 3);
    }

    /** `millionths` / 1e6 with its trailing zeros dropped down to `least` decimals. */
    private static void fraction(StringBuilder out, long millionths, int least) {
        long fraction = millionths % 1_000_000;
        int digits = 6;
        while (digits > least && fraction % 10 == 0) {
            fraction /= 10;
            digits--;
        }
        out.append(millionths / 1_000_000).append('.');
        String text = Long.toString(fraction);
        for (int k = text.length(); k < digits; k++) out.append('0');
        out.append(text);
    }
}
