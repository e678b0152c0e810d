package dev.gspec;

/**
 * A table the runtime cannot read: not a gspec table, a version it does not
 * know, or damaged. The message is the runtime's own, as `gspec run` and the
 * web runtime give it.
 */
public final class GSpecTableException extends Exception {
    private static final long serialVersionUID = 1L;

    /** A table error with the runtime's message. */
    public GSpecTableException(String message) {
        super(message);
    }
}
