/*
 * Runs a table on a trace through gspec.h and prints what `gspec run`
 * prints: one JSON line per event, its names read by index from the engine
 * (gspec_engine_name), its numbers formatted as docs/trace-format.md says.
 * Tests/GSpecCLITests/NativeLibraryTests.swift compares the two byte for
 * byte; it is also the shortest complete use of the C API.
 *
 *   run [--all-states] TABLE.gtab STEPS
 *
 * As `gspec run`, `failed` events are printed only with --all-states.
 *
 * STEPS: a trace already read, one step a line (the test writes them from a
 * trace with the trace reader):
 *   screen W H                              the screen's size in points
 *   s T TOUCH PHASE X Y VIEW POINTER        a sample (gspec_phase, gspec_pointer values); a
 *                                           refused one is reported on stderr
 *   f                                       ends the host's frame (gspec_engine_end_frame)
 *   c T GESTURE KEY VALUE                   a control line: KEY "-" for a mode, VALUE "-" for
 *                                           none; a "scroll" VALUE is the edges' bits in decimal
 *   a T GESTURE X Y                         an accessibility action
 *   next                                    ends the trace (prints "next") and starts
 *                                           another on a new engine for the same table
 * Refused control lines are reported on stderr, as `gspec run` does. Exits
 * 1 on a bad table, 2 on bad arguments.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gspec.h"

/* Name `index` of `list`, NUL-terminated in new memory, or NULL for none. */
static char *name(gspec_engine *engine, int32_t list, int32_t index) {
    int32_t length = gspec_engine_name(engine, list, index, NULL, 0);
    if (length < 0) return NULL;
    char *text = malloc((size_t)length + 1);
    gspec_engine_name(engine, list, index, text, length + 1);
    return text;
}

/* A number as `gspec run` writes it: rounded to 1e-6 half away from zero, at least one decimal, no exponent. */
static void number(double x) {
    if (!isfinite(x)) { fputs("null", stdout); return; }
    double scaled = round(x * 1e6);
    char text[400];
    if (fabs(scaled) >= 9e18) {
        /* The exact decimal value rounded to six decimals, trailing zeros dropped down to one. */
        snprintf(text, sizeof text, "%.6f", x);
        size_t n = strlen(text);
        while (text[n - 1] == '0' && text[n - 2] != '.') text[--n] = 0;
    } else {
        long long n = (long long)scaled;
        unsigned long long magnitude = n < 0 ? (unsigned long long)(-n) : (unsigned long long)n;
        unsigned long long fraction = magnitude % 1000000;
        int digits = 6;
        while (digits > 1 && fraction % 10 == 0) { fraction /= 10; digits--; }
        snprintf(text, sizeof text, "%s%llu.%0*llu", n < 0 ? "-" : "", magnitude / 1000000, digits, fraction);
    }
    fputs(text, stdout);
}

/* Whole microseconds as seconds with at least three decimals. */
static void time_text(double microseconds) {
    long long us = (long long)microseconds;
    unsigned long long magnitude = us < 0 ? (unsigned long long)(-us) : (unsigned long long)us;
    unsigned long long fraction = magnitude % 1000000;
    int digits = 6;
    while (digits > 3 && fraction % 10 == 0) { fraction /= 10; digits--; }
    printf("%s%llu.%0*llu", us < 0 ? "-" : "", magnitude / 1000000, digits, fraction);
}

/* BEGIN generated from the runtime's lists (CClientEmitter.slotReader): do not edit by hand */
/* A gspec_event field by its name (the slots GSPEC_NAMES_VALUES names). */
static double slot(const gspec_event *e, const char *field) {
    if (!strcmp(field, "time")) return e->time;
    if (!strcmp(field, "x")) return e->x;
    if (!strcmp(field, "y")) return e->y;
    if (!strcmp(field, "value0")) return e->value0;
    if (!strcmp(field, "value1")) return e->value1;
    if (!strcmp(field, "velocity0")) return e->velocity0;
    if (!strcmp(field, "velocity1")) return e->velocity1;
    if (!strcmp(field, "gesture")) return e->gesture;
    if (!strcmp(field, "taps")) return e->taps;
    if (!strcmp(field, "view")) return e->view;
    if (!strcmp(field, "state")) return e->state;
    if (!strcmp(field, "direction")) return e->direction;
    if (!strcmp(field, "input")) return e->input;
    if (!strcmp(field, "touch")) return e->touch;
    if (!strcmp(field, "fingers")) return e->fingers;
    if (!strcmp(field, "projected")) return e->projected;
    if (!strcmp(field, "rest")) return e->rest;
    if (!strcmp(field, "anchor")) return e->anchor;
    fprintf(stderr, "run: no event field '%s'\n", field);
    exit(3);
}

/* Swipe directions by raw value: a direction past them is read as the first. */
#define DIRECTIONS 8
/* END generated (CClientEmitter.slotReader) */

typedef struct {
    char **gestures, **values, **views, **states, **directions;
    int has_views;
} names;

static char **all(gspec_engine *engine, int32_t list) {
    int32_t count = 0;
    while (gspec_engine_name(engine, list, count, NULL, 0) >= 0) count++;
    char **out = calloc((size_t)count + 1, sizeof *out);
    for (int32_t k = 0; k < count; k++) out[k] = name(engine, list, k);
    return out;
}

static int all_states = 0;

static void print_events(gspec_engine *engine, const names *n) {
    int32_t count = gspec_engine_take_events(engine);
    const gspec_event *events = gspec_engine_output_ptr(engine);
    for (int32_t i = 0; i < count; i++) {
        const gspec_event *e = &events[i];
        if (e->state == GSPEC_STATE_FAILED && !all_states) continue;
        fputs("{\"t\":", stdout);
        time_text(e->time);
        printf(",\"gesture\":\"%s\",\"state\":\"%s\"", n->gestures[e->gesture], n->states[e->state]);
        if (e->state == GSPEC_STATE_MARKED) {
            /* A mark crossed (v5): its index in the anchor slot, the way in the direction slot. */
            printf(",\"mark\":%d,\"crossed\":\"%s\"", e->anchor, e->direction == GSPEC_DIRECTION_DOWN ? "down" : "up");
            if (n->has_views) printf(",\"view\":\"%s\"", n->views[e->view]);
            fputs("}\n", stdout);
            continue;
        }
        fputs(",\"x\":", stdout);
        number(e->x);
        fputs(",\"y\":", stdout);
        number(e->y);
        if ((GSPEC_CARRIED_STATES >> e->state) & 1) {
            /* "key:shape:slot[:slot]" entries joined by commas. */
            char values[256];
            snprintf(values, sizeof values, "%s", n->values[e->gesture]);
            for (char *entry = strtok(values, ","); entry; entry = strtok(NULL, ",")) {
                char *key = entry, *shape = strchr(key, ':');
                *shape++ = 0;
                char *first = strchr(shape, ':');
                *first++ = 0;
                char *second = strchr(first, ':');
                if (second) *second++ = 0;
                printf(",\"%s\":", key);
                if (!strcmp(shape, "count")) printf("%d", (int)slot(e, first));
                else if (!strcmp(shape, "direction")) {
                    int d = (int)slot(e, first);
                    printf("\"%s\"", n->directions[d >= 0 && d < DIRECTIONS ? d : 0]);
                } else if (!strcmp(shape, "number")) number(slot(e, first));
                else {
                    fputs("[", stdout);
                    number(slot(e, first));
                    fputs(",", stdout);
                    number(slot(e, second));
                    fputs("]", stdout);
                }
            }
        }
        if (e->state == GSPEC_STATE_ENDED && e->projected == e->projected) {
            /* A release's decision (v5 settle): projected is NaN on every other event. */
            fputs(",\"projected\":", stdout);
            number(e->projected);
            if (e->anchor != INT32_MIN) printf(",\"anchor\":%d", e->anchor);
            fputs(",\"rest\":", stdout);
            number(e->rest);
        }
        if (e->input == 1) fputs(",\"input\":\"action\"", stdout);
        if (n->has_views) printf(",\"view\":\"%s\"", n->views[e->view]);
        fputs("}\n", stdout);
    }
}

int main(int argc, char **argv) {
    if (argc == 4 && !strcmp(argv[1], "--all-states")) {
        all_states = 1;
        argv++;
        argc--;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: run [--all-states] TABLE.gtab STEPS\n");
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
    names n = {all(engine, GSPEC_NAMES_GESTURE), all(engine, GSPEC_NAMES_VALUES), all(engine, GSPEC_NAMES_VIEW),
               all(engine, GSPEC_NAMES_STATE), all(engine, GSPEC_NAMES_DIRECTION), 0};
    n.has_views = n.views[0] != NULL;
    FILE *steps = fopen(argv[2], "r");
    if (!steps) { perror(argv[2]); return 2; }
    char line[512], key[128], value[128];
    while (fgets(line, sizeof line, steps)) {
        double t, x, y, w, h;
        long long touch;
        int phase, view, pointer, gesture;
        if (sscanf(line, "s %lf %lld %d %lf %lf %d %d", &t, &touch, &phase, &x, &y, &view, &pointer) == 7) {
            if (gspec_engine_feed(engine, t, touch, phase, x, y, view, pointer))
                fprintf(stderr, "refused: %.*s\n", gspec_engine_output_len(engine), (const char *)gspec_engine_output_ptr(engine));
        } else if (!strcmp(line, "f\n")) {
            gspec_engine_end_frame(engine);
        } else if (sscanf(line, "c %lf %d %127s %127s", &t, &gesture, key, value) == 4) {
            if (!strcmp(key, "-")) key[0] = 0;
            if (!strcmp(value, "-")) value[0] = 0;
            if (!strcmp(key, "scroll")) {
                int bits = atoi(value);
                value[0] = (char)bits;
                value[1] = 0;
            }
            if (gspec_engine_control(engine, t, gesture, key, (int32_t)strlen(key), value, (int32_t)strlen(value)))
                fprintf(stderr, "refused: %.*s\n", gspec_engine_output_len(engine), (const char *)gspec_engine_output_ptr(engine));
        } else if (sscanf(line, "a %lf %d %lf %lf", &t, &gesture, &x, &y) == 4) {
            if (gspec_engine_action(engine, t, gesture, x, y))
                fprintf(stderr, "refused: %.*s\n", gspec_engine_output_len(engine), (const char *)gspec_engine_output_ptr(engine));
        } else if (!strcmp(line, "next\n")) {
            gspec_engine_finish(engine);
            print_events(engine, &n);
            gspec_engine_free(engine);
            puts("next");
            engine = gspec_engine_new(table, (int32_t)length, error, sizeof error);
        } else if (sscanf(line, "screen %lf %lf", &w, &h) == 2) {
            gspec_engine_set_screen(engine, w, h);
        } else {
            fprintf(stderr, "run: bad step: %s", line);
            return 2;
        }
        print_events(engine, &n);
    }
    fclose(steps);
    gspec_engine_finish(engine);
    print_events(engine, &n);
    gspec_engine_free(engine);
    return 0;
}
