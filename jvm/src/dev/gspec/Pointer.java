package dev.gspec;

/** The kind of pointer a touch comes from (gspec.h's gspec_pointer, in its order). */
public enum Pointer {
    TOUCH, PEN, MOUSE;

    /** The name a trace line writes ("touch"). */
    public String wireName() {
        return Names.wire(this);
    }
}
