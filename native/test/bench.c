/*
 * Touch samples per second through the C API, for docs/performance.md:
 *   bench TABLE.gtab TRACE.jsonl [RUNS] [--feed-only]
 * TRACE: `gspec-bench trace` lines ({"t":..,"touch":..,"phase":"..","x":..,"y":..}),
 * parsed beforehand. Feeds every sample, taking the events after each (as an
 * app does; --feed-only: once at the end); prints the median of the runs
 * after one to warm up. web/test/bench.mjs and jvm/test/Bench.java do the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gspec.h"

typedef struct { double t, x, y; long long touch; int phase; } sample;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: bench TABLE.gtab TRACE.jsonl [RUNS] [--feed-only]\n"); return 2; }
    int runs = argc > 3 ? atoi(argv[3]) : 5, feed_only = argc > 4 && !strcmp(argv[4], "--feed-only");
    static unsigned char table[1 << 24];
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 2; }
    int32_t length = (int32_t)fread(table, 1, sizeof table, f);
    fclose(f);
    const char *phases[] = {"began", "moved", "stationary", "ended", "cancelled"};
    size_t count = 0, capacity = 1 << 16;
    sample *samples = malloc(capacity * sizeof *samples);
    FILE *trace = fopen(argv[2], "r");
    if (!trace) { perror(argv[2]); return 2; }
    char line[512], phase[32];
    while (fgets(line, sizeof line, trace)) {
        sample s;
        if (sscanf(line, "{\"t\":%lf,\"touch\":%lld,\"phase\":\"%31[a-z]\",\"x\":%lf,\"y\":%lf", &s.t, &s.touch, phase, &s.x, &s.y) != 5) continue;
        for (s.phase = 0; s.phase < 5 && strcmp(phases[s.phase], phase); s.phase++) {}
        if (count == capacity) samples = realloc(samples, (capacity *= 2) * sizeof *samples);
        samples[count++] = s;
    }
    fclose(trace);
    double *rates = malloc((size_t)runs * sizeof *rates);
    long events = 0;
    for (int r = 0; r <= runs; r++) {
        char error[256];
        gspec_engine *engine = gspec_engine_new(table, length, error, sizeof error);
        if (!engine) { fprintf(stderr, "bench: %s\n", error); return 1; }
        double start = now();
        for (size_t k = 0; k < count; k++) {
            const sample *s = &samples[k];
            gspec_engine_feed(engine, s->t, s->touch, s->phase, s->x, s->y, 0, GSPEC_POINTER_TOUCH);
            if (!feed_only) events += gspec_engine_take_events(engine);
        }
        gspec_engine_finish(engine);
        double seconds = now() - start;
        events += gspec_engine_take_events(engine);
        gspec_engine_free(engine);
        if (r > 0) rates[r - 1] = count / seconds;  /* the first run warms up */
    }
    qsort(rates, (size_t)runs, sizeof *rates, compare);
    double median = rates[runs / 2];
    printf("C API%s: %zu touch events, median of %d: %.0f events/s, %.1f ns/event (%ld gesture events)\n", feed_only ? " (feed only)" : "",
           count, runs, median, 1e9 / median, events);
    return 0;
}
