package dev.gspec;

/** A touch sample's phase (gspec.h's gspec_phase, in its order). */
public enum Phase {
    // BEGIN generated from the runtime's lists (JavaBindingsEmitter.enumeration): do not edit by hand
    BEGAN, MOVED, STATIONARY, ENDED, CANCELLED;
    // END generated (JavaBindingsEmitter.enumeration)

    /** The name a trace line writes ("began"). */
    public String wireName() {
        return Names.wire(this);
    }
}
