package dev.gspec;

/** A gesture event's state, as UIKit names them (gspec.h's gspec_state, in its order). */
public enum State {
    // BEGIN generated from the runtime's lists (JavaBindingsEmitter.enumeration): do not edit by hand
    POSSIBLE, BEGAN, CHANGED, ENDED, CANCELLED, FAILED, RECOGNIZED, PROVISIONAL, RETRACTED, MARKED;
    // END generated (JavaBindingsEmitter.enumeration)

    /** The name `gspec run` prints ("recognized"). */
    public String wireName() {
        return Names.wire(this);
    }
}
