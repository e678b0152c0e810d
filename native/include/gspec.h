/*
 * gspec.h: the gspec engine as a C library (docs/native.md).
 *
 * A compiled gesture set (a .gtab file from `gspec build`) runs in an engine:
 * feed it touch samples, take the gesture events it decides. The functions
 * are those of gspec.wasm, the web runtime, built from the same sources
 * (native/build.sh); they behave as `gspec run` and the Swift runtime do.
 *
 * Ownership: an engine is created by gspec_engine_new and freed by
 * gspec_engine_free; it copies the table's bytes. Each engine has an output
 * buffer holding what its last call that produces output wrote (events,
 * JSON, an error message): gspec_engine_output_ptr and _len read it, valid
 * until the next call on that engine. Memory passed in (bytes, text) stays
 * the caller's.
 *
 * Threads: the library has no global state. Any number of engines may run
 * at once, each used by one thread at a time.
 *
 * Errors: no function crashes on bad input. A bad table makes
 * gspec_engine_new return NULL with the reason in `error`; a call that
 * refuses its input (a sample's unknown phase or pointer kind, a time a
 * trace could not write, a refused control call) returns 1 with the reason
 * in the engine's output, the message `gspec run` gives for the same trace
 * line, and changes nothing; a malformed sample the engine can repair (a
 * time going back or not finite, a touch it does not know, a view the
 * table lacks) is repaired and counted (gspec_engine_anomalies) as
 * docs/semantics.md says.
 *
 * Times are seconds (doubles), |t| < 10^12 (a trace's `t` has at most 18
 * digits of microseconds); the engine counts whole microseconds, rounded
 * as `gspec run` reads a trace's decimal `t` (docs/native.md: the nearest,
 * half away from zero, a double within a few ulps of a half counting as it).
 * Touch ids are any 64-bit integers, as a trace's `touch`.
 */
#ifndef GSPEC_H
#define GSPEC_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** An engine running one gesture set: opaque. */
typedef struct gspec_engine gspec_engine;

/* BEGIN generated from the runtime's lists (CHeaderEmitter.runtimeDeclarations): do not edit by hand */
/** One gesture event, as `gspec_engine_take_events` writes them: the fields of EventSlot, in order. */
typedef struct gspec_event {
    double time; /* microseconds */
    double x; /* points: the centroid of the gesture's touches, or its view's centre for an action */
    double y; /* points: the centroid of the gesture's touches, or its view's centre for an action */
    double value0; /* pan, scroll: translation x; pinch: scale; rotation: rotation */
    double value1; /* pan, scroll: translation y */
    double velocity0; /* longPress, pan, scroll: velocity x; pinch, rotation: velocity */
    double velocity1; /* longPress, pan, scroll: velocity y */
    int32_t gesture; /* the gesture's index in the table */
    int32_t taps; /* tap: taps */
    int32_t view; /* the view that receives the event */
    uint8_t state; /* a gspec_state */
    uint8_t direction; /* swipe: direction (a gspec_direction) */
    uint8_t input; /* 1 for an accessibility action, 0 for touches */
    int32_t touch; /* the id of the gesture's first touch, -1 for none or an id outside 0 to 2^31-1 */
    int32_t fingers; /* pan, pinch, rotation: fingers */
    double projected; /* a settle's ended: where momentum alone carries the value; NaN on every other event */
    double rest; /* a settle's ended: where the value rests; NaN on every other event */
    int32_t anchor; /* a settle's ended: the anchor chosen (its page with a pitch); marked: the mark crossed; -2^31 for none */
} gspec_event;
_Static_assert(sizeof(gspec_event) == 104, "gspec_event is the engine's event record");

/** A touch sample's phase (`gspec_engine_feed`). */
typedef enum gspec_phase {
    GSPEC_PHASE_BEGAN = 0,
    GSPEC_PHASE_MOVED = 1,
    GSPEC_PHASE_STATIONARY = 2,
    GSPEC_PHASE_ENDED = 3,
    GSPEC_PHASE_CANCELLED = 4,
} gspec_phase;

/** A kind of pointer (`gspec_engine_feed`). */
typedef enum gspec_pointer {
    GSPEC_POINTER_TOUCH = 0,
    GSPEC_POINTER_PEN = 1,
    GSPEC_POINTER_MOUSE = 2,
} gspec_pointer;

/** An event's `state`. */
typedef enum gspec_state {
    GSPEC_STATE_POSSIBLE = 0,
    GSPEC_STATE_BEGAN = 1,
    GSPEC_STATE_CHANGED = 2,
    GSPEC_STATE_ENDED = 3,
    GSPEC_STATE_CANCELLED = 4,
    GSPEC_STATE_FAILED = 5,
    GSPEC_STATE_RECOGNIZED = 6,
    GSPEC_STATE_PROVISIONAL = 7,
    GSPEC_STATE_RETRACTED = 8,
    GSPEC_STATE_MARKED = 9,
} gspec_state;

/** A swipe's `direction`. */
typedef enum gspec_direction {
    GSPEC_DIRECTION_RIGHT = 0,
    GSPEC_DIRECTION_UP_RIGHT = 1,
    GSPEC_DIRECTION_UP = 2,
    GSPEC_DIRECTION_UP_LEFT = 3,
    GSPEC_DIRECTION_LEFT = 4,
    GSPEC_DIRECTION_DOWN_LEFT = 5,
    GSPEC_DIRECTION_DOWN = 6,
    GSPEC_DIRECTION_DOWN_RIGHT = 7,
} gspec_direction;

/** The lists `gspec_engine_name` reads names from (docs/native.md says what each holds). */
typedef enum gspec_names {
    GSPEC_NAMES_GESTURE = 0,
    GSPEC_NAMES_KIND = 1,
    GSPEC_NAMES_ACTION = 2,
    GSPEC_NAMES_VALUES = 3,
    GSPEC_NAMES_VIEW = 4,
    GSPEC_NAMES_MODE = 5,
    GSPEC_NAMES_STATE = 6,
    GSPEC_NAMES_DIRECTION = 7,
    GSPEC_NAMES_PHASE = 8,
    GSPEC_NAMES_POINTER = 9,
    GSPEC_NAMES_CONDITION = 10,
} gspec_names;

/** The states whose events carry their gesture's values (`GSPEC_NAMES_VALUES`), one bit per gspec_state. */
#define GSPEC_CARRIED_STATES 0x1dfu

/** The keys `gspec_engine_control` takes besides a run-time parameter's name, and their values. */
#define GSPEC_CONTROL_ENABLED "enabled" /* "true" or "false" */
#define GSPEC_CONTROL_HAND_OVER "handOver" /* unused */
#define GSPEC_CONTROL_SCROLL "scroll" /* the edges' bits as one character: 1 << a gspec_direction, GSPEC_DIRECTION_UP the top */
#define GSPEC_CONTROL_BEGAN "began" /* unused */
#define GSPEC_CONTROL_MOMENTUM "momentum" /* "true" or "false" */

/* END generated (CHeaderEmitter.runtimeDeclarations) */

/**
 * A new engine for a table's bytes (a .gtab file), or NULL when the table is
 * not one this runtime reads: the reason in `error` (UTF-8, cut to
 * error_capacity - 1 bytes, NUL-terminated; `error` may be NULL).
 */
gspec_engine *gspec_engine_new(const void *table, int32_t length, char *error, int32_t error_capacity);

/** Frees an engine and its output; NULL is nothing. */
void gspec_engine_free(gspec_engine *engine);

/** Where the output of the engine's last call that produced output starts, and its length in bytes. */
const void *gspec_engine_output_ptr(gspec_engine *engine);
int32_t gspec_engine_output_len(gspec_engine *engine);

/**
 * The table's names and what its events carry, as JSON in the output:
 * "gestures" (by index), "kinds", "views", "modes", the names of phases,
 * pointer kinds, states and directions by raw value, the event record's
 * layout and each kind's event values (docs/native.md).
 */
void gspec_engine_describe(gspec_engine *engine);

/**
 * One touch sample: time `t` in seconds, the touch's id (any value; equal
 * ids are one touch while it is down), its phase (a gspec_phase), its
 * position in points, the index of the view it hit on GSPEC_PHASE_BEGAN (0:
 * the root) and its pointer kind (a gspec_pointer). Samples of equal `t`
 * form one frame, decided when a later sample comes, at
 * gspec_engine_end_frame, gspec_engine_advance or gspec_engine_finish.
 * Returns 0, or 1 with the reason in the output (an unknown phase or pointer
 * kind, |t| >= 10^12), the sample not fed; a `t` that is not finite is
 * taken at the clock and counted.
 */
int32_t gspec_engine_feed(gspec_engine *engine, double t, int64_t touch, int32_t phase, double x, double y, int32_t view, int32_t pointer);

/**
 * Ends the host's frame (an Android MotionEvent, every pointer of one
 * input event): the samples fed since the last frame are decided now, so
 * their events can be taken at once. The events are those a later sample
 * would have made; a later sample of the same `t` (or behind the clock,
 * which the engine takes at the clock) starts a new frame.
 */
void gspec_engine_end_frame(gspec_engine *engine);

/**
 * Applies the pending frame and fires the deadlines due by `t` seconds.
 * Returns 0, or 1 with the reason in the output for a `t` not finite or
 * with |t| >= 10^12 (nothing done).
 */
int32_t gspec_engine_advance(gspec_engine *engine, double t);

/** Ends the stream: applies the pending frame and fires every remaining deadline. */
void gspec_engine_finish(gspec_engine *engine);

/** The time of the next deadline in seconds, or -1 for none: call gspec_engine_advance then. */
double gspec_engine_next_deadline(gspec_engine *engine);

/** The engine's clock in seconds. */
double gspec_engine_clock(gspec_engine *engine);

/**
 * The events decided so far, as gspec_event records in the output (read
 * gspec_engine_output_ptr after this call), removed from the engine: returns
 * how many.
 */
int32_t gspec_engine_take_events(gspec_engine *engine);

/**
 * A trace's control line for gesture `gesture` at `t` seconds: `key` one
 * of the GSPEC_CONTROL_* keys above (each with its value) or a run-time
 * parameter ("duration", value "800ms" as a spec writes it); with `key`
 * empty, mode `gesture` on or off (`value` "true" or "false"; for these two,
 * any other value is refused). A gesture declared on several views is changed on
 * every one, as a trace's line names it. `t` as a trace line's: deadlines
 * due before it fire first, and a time before the clock acts at the clock;
 * NaN acts right after every sample fed so far (1 µs after the clock), as
 * an app acting on what it has seen. Text is (pointer, length). Returns 0,
 * or 1 with the reason in the output, changing nothing.
 */
int32_t gspec_engine_control(gspec_engine *engine, double t, int32_t gesture, const char *key, int32_t key_length,
                             const char *value, int32_t value_length);

/**
 * Performs gesture `gesture`'s accessibility action at (x, y) at `t` seconds
 * (as gspec_engine_control's `t`): this instance reports `recognized` with
 * input 1. Returns 0, or 1 with the reason in the output (no action,
 * disabled, no such gesture, x or y not finite).
 */
int32_t gspec_engine_action(gspec_engine *engine, double t, int32_t gesture, double x, double y);

/**
 * Name `index` of list `list` (a gspec_names) for the engine's table into
 * `buffer` (UTF-8, cut to `capacity` - 1 bytes, NUL-terminated; `buffer`
 * may be NULL to ask the length). Returns the name's full length in bytes,
 * or -1 when the list has no such index (a table without views has no
 * view names).
 */
int32_t gspec_engine_name(gspec_engine *engine, int32_t list, int32_t index, char *buffer, int32_t capacity);

/**
 * The view gesture `gesture` (a table index) is declared on, as an index of
 * the GSPEC_NAMES_VIEW names; 0 for a table without views; -1 for no such
 * gesture. A gesture declared on several views has an index per view: this
 * finds the one to pass to gspec_engine_action for a view.
 */
int32_t gspec_engine_gesture_view(gspec_engine *engine, int32_t gesture);

/** Whether gesture `gesture` is enabled now: 1 or 0. */
int32_t gspec_engine_is_enabled(gspec_engine *engine, int32_t gesture);

/** The screen's size in points, which edge pans measure from. */
void gspec_engine_set_screen(gspec_engine *engine, double width, double height);

/** The counts of repaired stream anomalies, as JSON in the output. */
void gspec_engine_anomalies(gspec_engine *engine);

/** Memory for passing data in, from the library's allocator (the web runtime's use); any memory will do. */
void *gspec_alloc(int32_t length);
void gspec_dealloc(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
