#!/usr/bin/env python3
"""A long random touch trace in the trace format (docs/trace-format.md), for
comparing two builds of gspec (scripts/same-output.sh): taps and multi-taps
around the thresholds, presses (some then dragged), drags, swipes, two-finger
pinches that turn (some cancelled), two- and three-finger drags, zig-zag
strokes, stationary samples and stream anomalies (a second `began`, samples
for unknown touches, time going back).

    scripts/random_trace.py SEED GESTURES [SPEC.gesture] > trace.jsonl

With a spec, `began` lines name one of its views at random and its modes are
switched on and off now and then, so sets with views and modes see work.
"""
import json
import math
import random
import re
import sys


def trace(seed, count):
    r = random.Random(seed)
    out = []
    t = 0.0
    last_id = [1]

    def add(i, phase, x, y):
        out.append({"t": round(t, 4), "touch": i, "phase": phase, "x": round(x, 2), "y": round(y, 2)})

    def new_id():
        last_id[0] += 1
        return last_id[0]

    def drag(start, end, duration, ids=None, lift=True, cancel=False):
        nonlocal t
        ids = ids or [new_id() for _ in start]
        for i, (x, y) in zip(ids, start):
            add(i, "began", x, y)
        steps = max(1, int(duration / r.choice([0.0083, 0.0111, 0.0167])))
        for k in range(1, steps + 1):
            t += duration / steps * r.uniform(0.8, 1.2)
            f = k / steps
            for j, i in enumerate(ids):
                (x0, y0), (x1, y1) = start[j], end[j]
                if r.random() < 0.05:
                    add(i, "stationary", x0, y0)
                else:
                    add(i, "moved", x0 + (x1 - x0) * f + r.uniform(-0.4, 0.4), y0 + (y1 - y0) * f + r.uniform(-0.4, 0.4))
        if lift:
            for j, i in enumerate(ids):
                if j and r.random() < 0.5:
                    t += r.uniform(0, 0.03)
                add(i, "cancelled" if cancel else "ended", *end[j])
        return ids

    for _ in range(count):
        x, y = r.uniform(0, 320), r.uniform(40, 520)
        kind = r.randrange(12)
        if kind in (0, 1):  # taps
            for _ in range(r.randint(1, 4)):
                i = new_id()
                add(i, "began", x, y)
                t += r.uniform(0.02, 0.3)
                if r.random() < 0.4:
                    add(i, "moved", x + r.uniform(-12, 12), y + r.uniform(-12, 12))
                    t += 0.01
                add(i, "ended", x, y)
                t += r.uniform(0.05, 0.45)
                x += r.uniform(-20, 20)
        elif kind == 2:  # a press
            drag([(x, y)], [(x + r.uniform(-5, 5), y + r.uniform(-5, 5))], r.uniform(0.3, 1.4))
        elif kind == 3:  # a drag
            drag([(x, y)], [(x + r.uniform(-160, 160), y + r.uniform(-160, 160))], r.uniform(0.1, 1.2))
        elif kind == 4:  # a swipe
            ux, uy = r.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
            drag([(x, y)], [(x + ux * 130, y + uy * 130)], r.uniform(0.05, 0.25))
        elif kind in (5, 6):  # a pinch that turns
            scale, turn, d = r.uniform(0.5, 1.8), r.uniform(-1.2, 1.2), r.uniform(30, 90)
            c, s = d * scale * math.cos(turn), d * scale * math.sin(turn)
            drag([(x - d, y), (x + d, y)], [(x - c, y - s), (x + c, y + s)], r.uniform(0.2, 1.2), cancel=r.random() < 0.1)
        elif kind == 7:  # two fingers
            drag([(x, y), (x + 40, y + 5)],
                 [(x + r.uniform(-80, 80), y + r.uniform(-80, 80)), (x + 40 + r.uniform(-80, 80), y + r.uniform(-80, 80))],
                 r.uniform(0.2, 0.9))
        elif kind == 8:  # a zig-zag stroke
            points = [(x, y)]
            for _ in range(r.randint(2, 6)):
                points.append((points[-1][0] + r.uniform(-60, 60), points[-1][1] + r.uniform(-60, 60)))
            i = new_id()
            add(i, "began", *points[0])
            for a, b in zip(points, points[1:]):
                for f in (0.25, 0.5, 0.75, 1.0):
                    t += r.uniform(0.006, 0.02)
                    add(i, "moved", a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
            add(i, "ended", *points[-1])
        elif kind == 9:  # an anomaly
            i = new_id()
            add(i, "began", x, y)
            t += 0.01
            anomaly = r.randrange(4)
            if anomaly == 0:
                add(i, "began", x + 3, y)
            elif anomaly == 1:
                add(new_id(), "moved", x, y)
            elif anomaly == 2:
                t -= 0.02
                add(i, "moved", x + 2, y)
            else:
                add(new_id(), "ended", x, y)
            t += 0.02
            add(i, "ended", x, y)
        elif kind == 10:  # three fingers
            drag([(x, y), (x + 30, y), (x + 60, y)], [(x + 20, y + 40), (x + 50, y + 40), (x + 80, y + 40)], r.uniform(0.1, 0.6))
        else:  # a long hold, then a drag with the same finger
            ids = drag([(x, y)], [(x + 2, y + 1)], r.uniform(0.5, 1.2), lift=False)
            drag([(x + 2, y + 1)], [(x + r.uniform(-120, 120), y + r.uniform(-120, 120))], r.uniform(0.2, 0.8), ids=ids)
        t += r.uniform(0.05, 0.6)
    return out


def for_spec(lines, spec, seed):
    text = open(spec).read()
    views = re.findall(r"^view\s+(\w+)", text, re.M)
    modes = re.findall(r"^mode\s+(\w+)", text, re.M)
    r = random.Random(seed)
    latest = 0.0
    for d in lines:
        if modes and r.random() < 0.01:
            yield {"t": max(d["t"], latest), "mode": r.choice(modes), "on": r.random() < 0.5}
        if views and d["phase"] == "began":
            d["view"] = r.choice(views)
        latest = max(latest, d["t"])
        yield d


if __name__ == "__main__":
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    lines = trace(seed, count)
    if len(sys.argv) > 3:
        lines = for_spec(lines, sys.argv[3], seed)
    for d in lines:
        print(json.dumps(d, separators=(",", ":")))
