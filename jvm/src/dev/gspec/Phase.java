package dev.gspec;

/** A touch sample's phase (gspec.h's gspec_phase, in its order). */
public enum Phase {
    BEGAN, MOVED, STATIONARY, ENDED, CANCELLED;

    /** The name a trace line writes ("began"). */
    public String wireName() {
        return Names.wire(this);
    }
}
