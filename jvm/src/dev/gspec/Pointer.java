package dev.gspec;

/** The kind of pointer a touch comes from (gspec.h's gspec_pointer, in its order). */
public enum Pointer {
    // BEGIN generated from the runtime's lists (JavaBindingsEmitter.enumeration): do not edit by hand
    TOUCH, PEN, MOUSE;
    // END generated (JavaBindingsEmitter.enumeration)

    /** The name a trace line writes ("touch"). */
    public String wireName() {
        return Names.wire(this);
    }
}
