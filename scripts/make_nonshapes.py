#!/usr/bin/env python3
"""Writes the fixed, seeded set of strokes that are no shape (data/nonshapes/):
taps, long presses, pans (smooth curves), swipes, scribbles, pinches and
rotations, in the trace format, for `gspec eval --negatives`. Deterministic:
the same seed gives the same files. Usage: scripts/make_nonshapes.py [DIR]"""
import math, os, random, sys

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', 'data', 'nonshapes')
rng = random.Random(20261123)

def write(name, touches):
    """touches: list of (id, [(t, x, y)]) ; phases from order."""
    events = []
    for tid, samples in touches:
        for i, (t, x, y) in enumerate(samples):
            phase = 'began' if i == 0 else 'ended' if i == len(samples) - 1 else 'moved'
            events.append((t, tid, phase, x, y))
    events.sort(key=lambda e: (e[0], e[1]))
    with open(os.path.join(out, name + '.jsonl'), 'w') as f:
        f.write('# no shape: %s (scripts/make_nonshapes.py)\n' % name.rsplit('-', 1)[0])
        for t, tid, phase, x, y in events:
            f.write('{"t":%.3f,"touch":%d,"phase":"%s","x":%.1f,"y":%.1f}\n' % (t, tid, phase, x, y))

def path(points_at, duration, hz):
    """Samples f(u), u in [0, 1], over `duration` seconds at `hz`, with a little jitter."""
    n = max(2, int(duration * hz))
    return [(i / hz, *jitter(points_at(min(1.0, i / (n - 1))))) for i in range(n)]

def jitter(p, a=0.6):
    return (p[0] + rng.uniform(-a, a), p[1] + rng.uniform(-a, a))

def start():
    return (rng.uniform(80, 320), rng.uniform(120, 560))

def taps(k):
    for i in range(k):
        x, y = start(); d = rng.uniform(0.05, 0.15); hz = rng.choice([60, 120])
        write('tap-%03d' % i, [(1, path(lambda u: (x + 2 * u, y + u), d, hz))])

def presses(k):
    for i in range(k):
        x, y = start(); d = rng.uniform(0.6, 1.2)
        write('press-%03d' % i, [(1, path(lambda u: (x + 3 * math.sin(7 * u), y + 2 * u), d, 60))])

def ease(u):
    return u * u * (3 - 2 * u)

def pans(k):
    """Drags: straight, gently curved (a quarter to a half turn at most) or S-shaped, at any angle."""
    for i in range(k):
        x, y = start(); L = rng.uniform(60, 400); a = rng.uniform(0, 2 * math.pi)
        bend = rng.choice([0, 0, rng.uniform(-1.2, 1.2), rng.uniform(-1.2, 1.2)])
        wiggle = rng.choice([0, rng.uniform(5, 25)])
        def at(u, x=x, y=y, L=L, a=a, bend=bend, wiggle=wiggle):
            s = ease(u)
            heading = a + bend * s
            # integrate the heading: close enough with the mean heading for a gentle bend
            h = a + bend * s / 2
            side = wiggle * math.sin(2 * math.pi * s)
            return (x + L * s * math.cos(h) - side * math.sin(heading), y - L * s * math.sin(h) + side * math.cos(heading))
        write('pan-%03d' % i, [(1, path(at, rng.uniform(0.3, 1.5), rng.choice([60, 120])))])

def swipes(k):
    for i in range(k):
        x, y = start(); L = rng.uniform(80, 300)
        a = rng.choice([0, 45, 90, 135, 180, 225, 270, 315]) * math.pi / 180 + rng.uniform(-0.25, 0.25)
        at = lambda u, x=x, y=y, L=L, a=a: (x + L * u * math.cos(a), y - L * u * math.sin(a))
        write('swipe-%03d' % i, [(1, path(at, rng.uniform(0.08, 0.25), 120))])

def scribbles(k):
    """Random zigzags: 8 to 16 legs in random directions."""
    for i in range(k):
        x, y = start(); legs = rng.randint(8, 16); pts = [(x, y)]
        for _ in range(legs):
            a = rng.uniform(0, 2 * math.pi); L = rng.uniform(20, 90)
            pts.append((pts[-1][0] + L * math.cos(a), pts[-1][1] + L * math.sin(a)))
        def at(u, pts=pts):
            f = u * (len(pts) - 1); j = min(int(f), len(pts) - 2); r = f - j
            return (pts[j][0] + (pts[j + 1][0] - pts[j][0]) * r, pts[j][1] + (pts[j + 1][1] - pts[j][1]) * r)
        write('scribble-%03d' % i, [(1, path(at, rng.uniform(0.6, 2.0), 60))])

def pinches(k):
    """Two fingers about a centre: spreading, closing or turning."""
    for i in range(k):
        cx, cy = start(); r0 = rng.uniform(30, 80); r1 = r0 * rng.choice([0.4, 0.6, 1.0, 1.6, 2.2])
        a0 = rng.uniform(0, math.pi); turn = rng.choice([0, 0, rng.uniform(-1.5, 1.5)])
        d = rng.uniform(0.4, 1.2)
        fingers = []
        for f in range(2):
            at = lambda u, f=f: (cx + (r0 + (r1 - r0) * ease(u)) * math.cos(a0 + turn * ease(u) + f * math.pi),
                                 cy - (r0 + (r1 - r0) * ease(u)) * math.sin(a0 + turn * ease(u) + f * math.pi))
            fingers.append((f + 1, path(at, d, 60)))
        write('pinch-%03d' % i, fingers)

os.makedirs(out, exist_ok=True)
for f in os.listdir(out):
    if f.endswith('.jsonl'): os.remove(os.path.join(out, f))
taps(80); presses(20); pans(120); swipes(120); scribbles(80); pinches(80)
