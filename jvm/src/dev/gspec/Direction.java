package dev.gspec;

/** A swipe's direction (gspec.h's gspec_direction, in its order). */
public enum Direction {
    // BEGIN generated from the runtime's lists (JavaBindingsEmitter.enumeration): do not edit by hand
    RIGHT, UP_RIGHT, UP, UP_LEFT, LEFT, DOWN_LEFT, DOWN, DOWN_RIGHT;
    // END generated (JavaBindingsEmitter.enumeration)

    /** The name `gspec run` prints ("up-right"). */
    public String wireName() {
        return Names.wire(this);
    }
}
