package dev.gspec;

/** A gesture event's state, as UIKit names them (gspec.h's gspec_state, in its order). */
public enum State {
    POSSIBLE, BEGAN, CHANGED, ENDED, CANCELLED, FAILED, RECOGNIZED, PROVISIONAL, RETRACTED;

    /** The name `gspec run` prints ("recognized"). */
    public String wireName() {
        return Names.wire(this);
    }
}
