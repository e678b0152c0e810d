/*
 * Runs a table on touch samples through gspec.h and prints every event's
 * record, one line each: the C API's results, for a test to compare with the
 * engine's own (Tests/GSpecCLITests/NativeLibraryTests.swift).
 *
 *   run TABLE.gtab SAMPLES
 *
 * SAMPLES: one sample a line, "t touch phase x y view pointer" (phase and
 * pointer as gspec_phase and gspec_pointer values). Prints
 * "t gesture state x y value0 value1 velocity0 velocity1 taps direction view input touch"
 * after each sample and after the final finish; exits 1 on a bad table.
 */
#include <stdio.h>
#include <string.h>
#include "gspec.h"

static void print_events(gspec_engine *engine) {
    int32_t count = gspec_engine_take_events(engine);
    const gspec_event *events = gspec_engine_output_ptr(engine);
    for (int32_t i = 0; i < count; i++) {
        const gspec_event *e = &events[i];
        printf("%.0f %d %d %.6f %.6f %.6f %.6f %.6f %.6f %d %d %d %d %d\n", e->time, e->gesture, e->state, e->x, e->y,
               e->value0, e->value1, e->velocity0, e->velocity1, e->taps, e->direction, e->view, e->input, e->touch);
    }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: run TABLE.gtab SAMPLES\n");
        return 2;
    }
    static unsigned char table[1 << 24];
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 2; }
    size_t length = fread(table, 1, sizeof table, f);
    fclose(f);
    char error[256];
    gspec_engine *engine = gspec_engine_new(table, (int32_t)length, error, sizeof error);
    if (!engine) {
        printf("error: %s\n", error);
        return 1;
    }
    FILE *samples = fopen(argv[2], "r");
    if (!samples) { perror(argv[2]); return 2; }
    double t, touch, x, y;
    int phase, view, pointer;
    while (fscanf(samples, "%lf %lf %d %lf %lf %d %d", &t, &touch, &phase, &x, &y, &view, &pointer) == 7) {
        gspec_engine_feed(engine, t, touch, phase, x, y, view, pointer);
        print_events(engine);
    }
    fclose(samples);
    gspec_engine_finish(engine);
    print_events(engine);
    gspec_engine_free(engine);
    return 0;
}
