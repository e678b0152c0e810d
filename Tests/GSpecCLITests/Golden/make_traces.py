#!/usr/bin/env python3
"""Writes the golden touch traces (synthetic, exact). Run from this folder.

Each trace starts with '# spec: PATH' (relative to the package root) and
'# scenario' lines; the test runs `gspec run --all-states` on it and compares
with the sibling .expected file (re-record with GSPEC_RECORD=1)."""
import json, math, os

class Trace:
    def __init__(self, spec, *scenario, view=None):
        self.lines = [f"# spec: {spec}"] + [f"# {s}" for s in scenario]
        self.view = view  # the hit view of every `began` that names none
    def args(self, *args):
        """Extra `gspec run` arguments for this trace, e.g. --deliveries."""
        self.lines.insert(1, "# args: " + " ".join(args))
        return self
    def ev(self, t, touch, phase, x, y, view=None):
        e = {"t": round(t, 6), "touch": touch, "phase": phase, "x": round(x, 4), "y": round(y, 4)}
        view = view if view is not None else self.view
        if view is not None and phase == "began":
            e["view"] = view
        self.lines.append(json.dumps(e, separators=(",", ":")))
        return self
    def tap(self, t, x=100.0, y=100.0, touch=1, hold=0.08, view=None):
        self.ev(t, touch, "began", x, y, view).ev(t + hold, touch, "ended", x, y)
        return self
    def path(self, t0, touch, pts, dt=1/60, begin=True, end=True, view=None):
        """pts: list of (x, y); began at pts[0], moved through, ended at the last."""
        t = t0
        for i, (x, y) in enumerate(pts):
            phase = "began" if i == 0 and begin else ("ended" if i == len(pts) - 1 and end else "moved")
            self.ev(t, touch, phase, x, y, view)
            t += dt
        return t - dt
    def set(self, t, gesture, **changes):
        """A control line: enable or disable a gesture, or change its parameters."""
        line = {"t": round(t, 6), "set": gesture}
        line.update(changes)
        self.lines.append(json.dumps(line, separators=(",", ":")))
        return self
    def control(self, **fields):
        """A control line (`t` first, then the fields as given)."""
        self.lines.append(json.dumps(fields, separators=(",", ":")))
        return self
    def screen(self, w, h):
        """A header line with the screen size (call before any event)."""
        self.lines.append(json.dumps({"screen": [w, h]}, separators=(",", ":")))
        return self
    def save(self, name):
        with open(os.path.join("traces", name + ".jsonl"), "w") as f:
            f.write("\n".join(self.lines) + "\n")

def line(a, b, n):
    return [(a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n) for i in range(n + 1)]

def polyline(*pts, step=4.0):
    out = [pts[0]]
    for a, b in zip(pts, pts[1:]):
        n = max(1, int(math.hypot(b[0] - a[0], b[1] - a[1]) / step))
        out += line(a, b, n)[1:]
    return out

# --- seed 000: tap view ------------------------------------------------------
S = "specs/tap-view.gesture"
Trace(S, "one tap: singleTap at its lift, with no waiting (tapCount 1)").tap(1.0).save("tap-view-single")
Trace(S, "three taps: singleTap, doubleTap and tripleTap, each at its lift (tapCount 1, 2, 3)"
      ).tap(1.0).tap(1.2, 102, 101).tap(1.4).save("tap-view-triple")
Trace(S, "four taps: the fourth continues the series and fires nothing; a tap 1s later starts a new series"
      ).tap(1.0).tap(1.2).tap(1.4).tap(1.6).tap(2.6).save("tap-view-four-taps")
Trace(S, "a second tap 60pt away starts a new series: two single taps, no double tap"
      ).tap(1.0).tap(1.2, 160, 100).save("tap-view-far-second-tap")
Trace(S, "taps 400ms apart: two series, two single taps").tap(1.0).tap(1.48).save("tap-view-slow-taps")

S = "Tests/GSpecCLITests/Golden/specs/taps-exclusive.gesture"
Trace(S, "one tap: singleTap once no second tap came within 300ms").tap(1.0).save("taps-exclusive-single")
Trace(S, "two taps: only doubleTap, after the triple tap's interval").tap(1.0).tap(1.2, 102, 101).save("taps-exclusive-double")
Trace(S, "three taps: only tripleTap, at the third lift").tap(1.0).tap(1.2).tap(1.4).save("taps-exclusive-triple")
Trace(S, "taps 400ms apart: two single taps").tap(1.0).tap(1.48).save("taps-exclusive-slow-taps")
Trace(S, "second tap 60pt away breaks the series: the first tap is a single tap at once,",
      "and the far tap starts new double and triple series; the single tap, released in that frame,",
      "sees the far press as if it had been idle, so the far tap is a single tap too"
      ).tap(1.0).tap(1.2, 160, 100).save("taps-exclusive-far-second-tap")

# --- seed 003: tap or double tap --------------------------------------------
S = "specs/tap-or-double-tap.gesture"
Trace(S, "single tap decided only after the double tap's 300ms interval").tap(1.0).save("tap-or-double-tap-single")
Trace(S, "double tap without any single tap").tap(1.0).tap(1.25).save("tap-or-double-tap-double")
Trace(S, "a press of 600ms is no tap: both fail at maxDuration").tap(1.0, hold=0.6).save("tap-or-double-tap-long-press")

# --- seed 001: simultaneous transform ----------------------------------------
S = "specs/simultaneous-transform.gesture"
Trace(S, "a quick tap on the snake chomps at lift: the pan failed first", view="snake").tap(1.0).save("transform-chomp")
t = Trace(S, "a slow drag of 15pt: the pan begins past 10pt and the chomp (slop 20pt) fails", view="snake")
t.path(1.0, 1, line((100, 100), (115, 100), 15), dt=0.02)
t.save("transform-slow-drag")
def drag_crossing_at_lift(spec, name, *scenario, view=None):
    t = Trace(spec, *scenario, view=view)
    t.ev(1.0, 1, "began", 100, 100).ev(1.1, 1, "moved", 104, 100).ev(1.2, 1, "moved", 108, 100)
    t.ev(1.3, 1, "ended", 115, 100)
    t.save(name)
drag_crossing_at_lift(S, "transform-drag-crossing-at-lift",
    "a slow drag whose lift carries the pan past its threshold: the chomp waits for the pan",
    "(chomp requires drag to fail), the pan begins, and the chomp fails", view="dragon")
drag_crossing_at_lift("Tests/GSpecCLITests/Golden/specs/transform-without-requires.gesture",
    "transform-without-requires-drag-crossing-at-lift",
    "the same drag without the rule: the chomp, declared first, wins the tie and the pan fails")
t = Trace(S, "one finger drags the snake while another drags the dragon: each image's own drag, at once")
t.ev(1.0, 1, "began", 100, 100, "snake").ev(1.0, 2, "began", 300, 100, "dragon")
for i in range(1, 11):
    t.ev(1.0 + i / 60, 1, "moved", 100 + 3 * i, 100).ev(1.0 + i / 60, 2, "moved", 300, 100 + 3 * i)
t.ev(1.2, 1, "ended", 130, 100).ev(1.2, 2, "ended", 300, 130)
t.save("transform-two-images")
t = Trace(S, "a tap on the dragon while the snake is being dragged: the dragon chomps; the snake's drag goes on")
t.ev(1.0, 1, "began", 100, 100, "snake")
for i in range(1, 16):
    t.ev(1.0 + i / 60, 1, "moved", 100 + 2 * i, 100)
    if i == 5: t.ev(1.0 + i / 60, 2, "began", 300, 100, "dragon")
    if i == 10: t.ev(1.0 + i / 60, 2, "ended", 300, 100)
t.ev(1.3, 1, "ended", 130, 100)
t.save("transform-drag-and-chomp")
t = Trace(S, "two fingers spread and turn: pinch and rotation together, no pan (the centroid stays)", view="snake")
n = 20
for i in range(n + 1):
    ang = math.radians(30) * i / n
    r = 50 * (1 + 0.5 * i / n)
    p1 = (200 - r * math.cos(ang), 200 - r * math.sin(ang))
    p2 = (200 + r * math.cos(ang), 200 + r * math.sin(ang))
    ph = "began" if i == 0 else ("ended" if i == n else "moved")
    t.ev(1.0 + i / 60, 1, ph, *p1).ev(1.0 + i / 60, 2, ph, *p2)
t.save("transform-pinch-rotate")
t = Trace(S, "rubbing left and right: tickle on the third stroke while the finger is down, with the pan", view="dragon")
pts = polyline((100, 200), (130, 200), (100, 200), (130, 200), (100, 200), step=3)
t.path(1.0, 1, pts, dt=1/120)
t.save("transform-tickle")

# --- seed 002: drag and drop, checkmark, draw lines ---------------------------
S = "specs/drag-and-drop.gesture"
t = Trace(S, "hold 600ms, then drag 60pt: the long press begins at 500ms and arms the pan, which takes the",
          "press's finger there and begins past 10pt from where the press began")
t.ev(1.0, 1, "began", 100, 100).ev(1.3, 1, "stationary", 100, 100)
t.path(1.6, 1, line((100, 100), (160, 100), 12), begin=False)
t.save("drag-and-drop-hold-then-drag")
t = Trace(S, "dragging at once: the long press fails on its slop and the pan, never armed, moves nothing")
t.path(1.0, 1, line((100, 100), (160, 100), 12))
t.save("drag-and-drop-quick-drag")
t = Trace(S, "hold, then lift without moving: the press ends and the pan it armed fails with it")
t.ev(1.0, 1, "began", 100, 100).ev(1.7, 1, "ended", 101, 100)
t.save("drag-and-drop-hold-only")

S = "specs/one-finger-zoom.gesture"
t = Trace(S, "tap, then press at once and drag down: firstTap selects, the zoom drag is armed and begins past 10pt")
t.tap(1.0)
t.path(1.2, 2, line((100, 100), (102, 180), 16))
t.save("one-finger-zoom-drag")
t = Trace(S, "a double tap: firstTap, then zoomIn; the armed zoom drag fails when the finger lifts unmoved")
t.tap(1.0).tap(1.2, touch=2)
t.save("one-finger-zoom-double-tap")
t = Trace(S, "a drag with no tap before it: the zoom drag is not armed, the map pans")
t.path(1.0, 1, line((100, 100), (102, 180), 16))
t.save("one-finger-zoom-pan")
t = Trace(S, "tap, then a press 400ms later (past within 300ms) and a drag down: the map pans")
t.tap(1.0)
t.path(1.48, 2, line((100, 100), (102, 180), 16))
t.save("one-finger-zoom-too-late")

S = "specs/checkmark.gesture"
def stroke(name, scenario, *corners):
    t = Trace(S, scenario)
    t.path(1.0, 1, polyline(*corners, step=3))
    t.save(name)
stroke("checkmark-check", "a checkmark: down-right then up-right", (100, 100), (130, 130), (190, 70))
stroke("checkmark-rounded-corner", "a checkmark with one step to the right at its corner", (100, 100), (130, 130), (145, 131), (195, 81))
stroke("checkmark-reversed", "drawn backwards (down-left, then up-left): fails", (190, 70), (130, 130), (100, 100))
stroke("checkmark-caret", "a caret (up-right, then down-right): fails", (100, 130), (130, 100), (160, 130))
stroke("checkmark-one-leg", "a lone up-right line, which the seed accepts: fails here", (100, 130), (160, 70))

S = "specs/draw-lines.gesture"
Trace(S, "a double tap clears the drawing at its second press (tapCount 2 in touchesBegan)"
      ).tap(1.0).tap(1.2).save("draw-lines-double-tap")
Trace(S, "four quick taps: cleared once, at the second press; the series goes on").tap(1.0).tap(1.2).tap(1.4).tap(
    1.6).save("draw-lines-four-taps")
t = Trace(S, "drawing a line: the double tap fails on its slop")
t.path(1.0, 1, line((50, 50), (150, 120), 20))
t.save("draw-lines-line")

# --- seed 004: MoveMe -------------------------------------------------------
S = "specs/move-me.gesture"
t = Trace(S, "the placard follows the first finger from its first movement")
t.path(1.0, 1, line((160, 240), (200, 300), 8), view="placard")
t.save("move-me-drag")
t = Trace(S, "a second finger during the drag is ignored (touches: 1)")
t.ev(1.0, 1, "began", 160, 240, "placard").ev(1.05, 1, "moved", 165, 245).ev(1.1, 2, "began", 10, 10, "placard")
t.ev(1.15, 1, "moved", 170, 250).ev(1.15, 2, "moved", 20, 20).ev(1.2, 2, "ended", 20, 20).ev(1.25, 1, "ended", 175, 255)
t.save("move-me-second-finger")
Trace(S, "double tap on the background: nextString at the second press").tap(1.0, view="background").tap(
    1.2, view="background").save("move-me-double-tap")
Trace(S, "triple tap on the background: nextString once, at the second press").tap(1.0, view="background").tap(
    1.2, view="background").tap(1.4, view="background").save("move-me-triple-tap")
Trace(S, "a press on the placard: touchPlacard at once; lifted without moving, movePlacard never begins"
      ).tap(1.0, 160, 240, view="placard", hold=0.3).save("move-me-press-placard")
t = Trace(S, "a drag that begins on the background does not move the placard; what each view receives")
t.args("--deliveries")
t.path(1.0, 1, line((20, 20), (80, 80), 6), view="background")
t.path(2.0, 2, line((160, 240), (180, 260), 4), view="placard")
t.save("move-me-only-placard-touches")

# --- pan activation criteria and screen edges ---------------------------------
S = "Tests/GSpecCLITests/Golden/specs/pan-criteria.gesture"
t = Trace(S, "a slow drag right: scrub begins once past 20pt (its activeOffsetX), not at its 0pt threshold;",
          "too slow for the fling (800pt/s); pullUp never leaves (-30pt, inf)")
t.path(1.0, 1, line((100, 300), (140, 300), 20), dt=1/60)
t.save("pan-criteria-scrub")
t = Trace(S, "down 12pt first: scrub fails past its failOffsetY of 10pt and a later drag right does not revive it")
t.path(1.0, 1, line((100, 300), (100, 312), 6) + line((100, 312), (160, 312), 30)[1:], dt=1/60)
t.save("pan-criteria-scrub-fails")
t = Trace(S, "a slow drag up: pullUp begins once more than 30pt up; scrub fails at 10pt up")
t.path(1.0, 1, line((100, 300), (100, 250), 25), dt=1/60)
t.save("pan-criteria-pull-up")
t = Trace(S, "a fast flick right at 1500pt/s: fling begins as soon as its velocity reaches 800pt/s past 10pt, beside scrub")
t.path(1.0, 1, line((100, 300), (200, 300), 4), dt=1/60)
t.save("pan-criteria-fling")

S = "Tests/GSpecCLITests/Golden/specs/pan-edges.gesture"
t = Trace(S, "on a 390x844 screen, a drag from 10pt inside the left edge: back; the drawer is not at its edges")
t.screen(390, 844)
t.path(1.0, 1, line((10, 400), (80, 400), 10))
t.save("pan-edges-back")
t = Trace(S, "a drag left from 5pt inside the right edge: the drawer; back fails at once (not within 24pt of the left)")
t.screen(390, 844)
t.path(1.0, 1, line((385, 400), (300, 400), 10))
t.save("pan-edges-drawer-right")
t = Trace(S, "the screen size from --screen instead: a drag up from the bottom edge opens the drawer")
t.args("--screen", "390x844")
t.path(1.0, 1, line((200, 840), (200, 700), 10))
t.save("pan-edges-drawer-bottom")
t = Trace(S, "a drag in the middle of the screen: neither edge pan takes it")
t.screen(390, 844)
t.path(1.0, 1, line((200, 400), (260, 400), 10))
t.save("pan-edges-middle")

# --- a pan in a horizontally scrolling list -----------------------------------
S = "specs/horizontal-list.gesture"
def card_drag(name, view, start, end, *scenario):
    t = Trace(S, *scenario)
    t.path(1.0, 1, line(start, end, 12), view=view)
    t.save(name)
card_drag("horizontal-list-scroll-a", "cardA", (200, 400), (120, 404),
          "a drag left on cardA: the list scrolls; the card's vertical pan fails off its axis")
card_drag("horizontal-list-dismiss-a", "cardA", (200, 400), (204, 320),
          "a drag up on cardA: the card's pan begins; the list's fails off its axis")
card_drag("horizontal-list-down-a", "cardA", (200, 400), (204, 460),
          "a drag down on cardA: the card's vertical pan begins too (UIKit's way: the app checks the direction)")
card_drag("horizontal-list-dismiss-b", "cardB", (200, 400), (204, 320),
          "a drag up on cardB: the list fails off its axis at 10pt; the card's pan begins past 15pt up")
card_drag("horizontal-list-scroll-b", "cardB", (200, 400), (280, 404),
          "a drag right on cardB: the card's pan fails past its failOffsetX and the list scrolls")
card_drag("horizontal-list-down-b", "cardB", (200, 400), (204, 460),
          "a drag down on cardB: nothing begins (activeOffsetY asks for up); the list fails off its axis")
card_drag("horizontal-list-back", "cardA", (8, 400), (90, 402),
          "a drag right from the left screen edge: back begins; the list, waiting for it, fails")

# --- run-time control: enabling, disabling, parameters ------------------------
S = "Tests/GSpecCLITests/Golden/specs/control.gesture"
t = Trace(S, "a triple tap while secret is disabled (enabled: false): only single, double; enabled at 2s,",
          "the next triple tap is secret's too")
t.tap(1.0).tap(1.15, touch=2).tap(1.3, touch=3)
t.set(2.0, "secret", enabled=True)
t.tap(3.0).tap(3.15, touch=2).tap(3.3, touch=3)
t.save("control-enable")
t = Trace(S, "holding and dragging: hold and drag begin; disabling drag cancels it, disabling hold too;",
          "the single tap waiting for the double is released when double is disabled; enabled again, all work")
t.ev(1.0, 1, "began", 100, 100).ev(1.6, 1, "moved", 130, 100)
t.set(1.7, "drag", enabled=False)
t.set(1.7, "hold", enabled=False)
t.ev(1.8, 1, "moved", 160, 100).ev(1.9, 1, "ended", 160, 100)
t.tap(3.0)
t.set(3.1, "double", enabled=False)
t.set(4.0, "drag", enabled=True).set(4.0, "double", enabled=True)
t.path(5.0, 2, line((100, 100), (160, 100), 6))
t.save("control-disable")
t = Trace(S, "drag's threshold raised to 40pt, then lowered to 5pt during an attempt: the attempt keeps 40pt,",
          "the next one has 5pt; hold's duration set to 800ms")
t.set(0.5, "drag", threshold="40pt").set(0.5, "hold", duration="800ms")
t.ev(1.0, 1, "began", 100, 100).ev(1.1, 1, "moved", 120, 100)
t.set(1.15, "drag", threshold="5pt")
t.ev(1.2, 1, "moved", 130, 100).ev(1.3, 1, "moved", 145, 100).ev(1.4, 1, "ended", 145, 100)
t.ev(2.0, 2, "began", 100, 100).ev(2.1, 2, "moved", 106, 100).ev(2.2, 2, "ended", 106, 100)
t.ev(3.0, 3, "began", 200, 200).ev(3.9, 3, "ended", 200, 200)
t.save("control-parameters")

# --- profiles -------------------------------------------------------------------
S = "Tests/GSpecCLITests/Golden/specs/profile-web.gesture"
Trace(S, "a press of 300ms: too long for a web tap (250ms); the press begins at 251ms; hold (600ms) does not").tap(
    1.0, hold=0.3).save("profile-web-press")
Trace(S, "a tap of 200ms moving nothing: a tap under Hammer's 250ms").tap(1.0, hold=0.2).save("profile-web-tap")
t = Trace(S, "a flick of 40pt in 100ms (400pt/s): a swipe past Hammer's 10pt at 300pt/s")
t.path(1.0, 1, line((100, 100), (140, 100), 6), dt=1/60)
t.save("profile-web-swipe")
Trace(S, "a press drifting 12pt: every gesture fails on the web profile's 9pt slop, and --explain says the value is the profile's"
      ).args("--explain").ev(1.0, 1, "began", 100, 100).ev(1.05, 1, "moved", 112, 100).ev(1.1, 1, "ended", 112, 100
      ).save("profile-web-explain")

# --- touch delivery (views) --------------------------------------------------
G = "Tests/GSpecCLITests/Golden/specs/"
Trace(G + "delivery-double-tap.gesture", "seed 002, delaysTouchesEnded on: began, began, cancelled, cancelled"
      ).args("--deliveries").tap(1.0, view="responder").tap(1.2, touch=2, view="responder").save("delivery-double-tap")
Trace(G + "delivery-double-tap-ended-now.gesture", "seed 002, delaysTouchesEnded off: began, ended, began, cancelled"
      ).args("--deliveries").tap(1.0, view="responder").tap(1.2, touch=2, view="responder").save("delivery-double-tap-ended-now")
def two_finger_tap(name, second_lift, *scenario):
    t = Trace(G + "delivery-two-finger-tap.gesture", *scenario).args("--deliveries")
    t.ev(1.0, 1, "began", 100, 100, "pad").ev(1.0, 2, "began", 140, 100, "pad")
    t.ev(1.05, 1, "moved", 101, 100).ev(1.05, 2, "moved", 141, 100)
    t.ev(1.1, 1, "ended", 101, 100).ev(second_lift, 2, "ended", 141, 100)
    t.save(name)
two_finger_tap("delivery-two-finger-tap", 1.15, "seed 002 steps 1-4: two touches begin and move (delivered),",
               "the first lifts (withheld), the second lifts: recognized, both touches cancelled")
two_finger_tap("delivery-two-finger-tap-fails", 1.7,
               "seed 002, recognition fails: the second finger stays past maxDuration;",
               "the withheld lift of the first is delivered when the tap fails")
t = Trace(G + "delivery-delays-began.gesture", "delaysTouchesBegan on: a tap that is recognized; the view receives nothing",
          "delaysTouchesBegan off: began at once, cancelled on recognition").args("--deliveries")
t.tap(1.0, view="delayed")
t.tap(2.0, touch=2, view="immediate")
t.save("delivery-delays-began")
t = Trace(G + "delivery-delays-began.gesture", "delaysTouchesBegan on: the finger slides away, the tap fails,",
          "and the withheld began and moved are delivered then, in order").args("--deliveries")
t.path(1.0, 1, line((100, 100), (130, 100), 6), view="delayed")
t.save("delivery-delays-began-fails")
t = Trace(G + "delivery-child-and-parent.gesture", "a tap on the child: the tap wins, the parent's pan fails;",
          "a drag from the child: the pan wins and the child's touches are cancelled;",
          "a drag on the parent outside the child: only the pan sees it").args("--deliveries")
t.tap(1.0, view="button")
t.path(2.0, 2, line((100, 100), (160, 100), 6), view="button")
t.path(3.0, 3, line((10, 10), (70, 10), 6), view="canvas")
t.save("delivery-child-and-parent")
t = Trace(G + "delivery-tap-overlay.gesture", "seed 000: one tap, then a double tap, on the overlay;",
          "every touchesEnded goes on to the base view").args("--deliveries")
t.tap(1.0, view="overlay")
t.tap(2.0, touch=2, view="overlay").tap(2.2, touch=3, view="overlay")
t.save("delivery-tap-overlay")
t = Trace(G + "delivery-next-responder.gesture", "seed 002: a single tap stays with the photo view,",
          "a double tap goes to its next responder, the scroller")
t.tap(1.0, view="photo")
t.tap(2.0, touch=2, view="photo").tap(2.2, touch=3, view="photo")
t.save("delivery-next-responder")

# --- real strokes: the shape set --------------------------------------------
t = Trace("specs/shapes-declarative.gesture", "one real stroke of each shape (Fixtures/strokes, subject s02, medium),",
          "then a V whose end rises more than 20deg above its start: the declarative checkmark takes it (specs/shapes.gesture, templates with bounds, calls it a v)")
start = 0.0
for k, shape in enumerate(["check", "caret", "rectangle", "triangle", "delete_mark", "x", "v"]):
    with open(os.path.join("..", "Fixtures", "strokes", shape, "s02-medium-03.jsonl")) as f:
        for raw in f:
            if raw.strip() and not raw.startswith("#"):
                e = json.loads(raw)
                t.ev(start + e["t"], k + 1, e["phase"], e["x"], e["y"])
    start = math.ceil(start + e["t"] + 0.5)
t.save("shapes-human")

# --- thresholds at the boundary --------------------------------------------------
S = "Tests/GSpecCLITests/Golden/specs/boundaries.gesture"
def tap_moving(name, scenario, dist):
    t = Trace(S, scenario)
    t.ev(1.0, 1, "began", 100, 100).ev(1.05, 1, "moved", 100 + dist, 100).ev(1.1, 1, "ended", 100 + dist, 100)
    t.save(name)
tap_moving("boundary-slop-at", "tap moving exactly its 10pt slop: still a tap", 10.0)
tap_moving("boundary-slop-over", "tap moving 10.01pt: fails on slop", 10.01)
t = Trace(S, "long press lifted 1us before its 800ms duration: fails")
t.ev(1.0, 2, "began", 300, 300).ev(1.799999, 2, "ended", 300, 300).save("boundary-duration-under")
t = Trace(S, "long press lifted exactly at its 800ms deadline: the deadline fires first, began then ended")
t.ev(1.0, 2, "began", 300, 300).ev(1.8, 2, "ended", 300, 300).save("boundary-duration-at")
def swipe(name, scenario, dt):
    t = Trace(S, scenario)
    t.ev(1.0, 3, "began", 500, 500).ev(1.0 + dt, 3, "moved", 500, 420).ev(1.0 + dt + 0.01, 3, "ended", 500, 420)
    t.save(name)
swipe("boundary-velocity-at", "swipe up 80pt in 0.2s: exactly 400pt/s, recognized (>=)", 0.2)
swipe("boundary-velocity-under", "swipe up 80pt in 0.200001s: just under 400pt/s, fails", 0.200001)
def swipe_distance(name, scenario, d):
    t = Trace(S, scenario)
    t.ev(1.0, 3, "began", 500, 500).ev(1.05, 3, "moved", 500, 500 - d).ev(1.06, 3, "ended", 500, 500 - d)
    t.save(name)
swipe_distance("boundary-distance-at", "swipe up exactly the 80pt minDistance, fast: recognized (>=)", 80.0)
swipe_distance("boundary-distance-under", "swipe up 79.99pt: never reaches minDistance, fails at lift", 79.99)
def double(name, scenario, gap):
    t = Trace(S, scenario)
    t.ev(1.0, 4, "began", 700, 100).ev(1.05, 4, "ended", 700, 100)
    t.ev(1.05 + gap, 4, "began", 700, 100).ev(1.1 + gap, 4, "ended", 700, 100)
    t.save(name)
double("boundary-interval-under", "second press 249.999ms after the lift: a double tap", 0.249999)
double("boundary-interval-at", "second press exactly 250ms after the lift: late, two single taps", 0.25)

S = "Tests/GSpecCLITests/Golden/specs/boundaries-continuous.gesture"
def slide(name, scenario, dist):
    t = Trace(S, scenario)
    t.ev(1.0, 1, "began", 100, 100).ev(1.02, 1, "moved", 100 + dist, 100).ev(1.04, 1, "ended", 100 + dist, 100)
    t.save(name)
slide("boundary-pan-threshold-at", "moving exactly the 10pt threshold: the pan does not begin (it must be exceeded)", 10.0)
slide("boundary-pan-threshold-over", "moving 10.01pt: the pan begins", 10.01)
slide("boundary-segment-under", "39.99pt: no segment, the stroke fails at lift", 39.99)
slide("boundary-segment-at", "exactly the 40pt segment: one step right, the stroke is recognized at once", 40.0)
# The first finger stays put (the one-finger pan tracks it); the second moves.
def second_finger(name, scenario, x, y):
    t = Trace(S, scenario)
    t.ev(1.0, 1, "began", 100, 100).ev(1.0, 2, "began", 200, 100)
    t.ev(1.02, 2, "moved", x, y).ev(1.04, 1, "ended", 100, 100).ev(1.04, 2, "ended", x, y)
    t.save(name)
second_finger("boundary-pinch-at", "spreading to scale exactly 1.25: the pinch does not begin (it must be exceeded)", 225, 100)
second_finger("boundary-pinch-over", "spreading to scale 1.2501: the pinch begins", 225.01, 100)
for name, scenario, degrees in [("boundary-rotation-under", "turning 29.9deg: the rotation does not begin", 29.9),
                                ("boundary-rotation-over", "turning 30.1deg clockwise on screen: the rotation begins", 30.1)]:
    a = math.radians(degrees)
    second_finger(name, scenario, 100 + 100 * math.cos(a), 100 + 100 * math.sin(a))
def two_taps(name, scenario, dx, hold=0.05):
    t = Trace(S, scenario)
    t.ev(2.0, 3, "began", 500, 500).ev(2.0 + hold, 3, "ended", 500, 500)
    t.ev(2.2, 3, "began", 500 + dx, 500).ev(2.25, 3, "ended", 500 + dx, 500)
    t.save(name)
two_taps("boundary-tap-distance-at", "second press exactly 40pt from the first: a double tap", 40.0)
two_taps("boundary-tap-distance-over", "second press 40.01pt away: the series breaks", 40.01)
t = Trace(S, "a press held exactly 500ms (maxDuration): late, the tap fails at the deadline")
t.ev(2.0, 3, "began", 500, 500).ev(2.5, 3, "ended", 500, 500).save("boundary-max-duration-at")
t = Trace(S, "a press held 499.999ms: still a press; the second tap makes the double tap")
t.ev(2.0, 3, "began", 500, 500).ev(2.499999, 3, "ended", 500, 500)
t.ev(2.6, 3, "began", 500, 500).ev(2.65, 3, "ended", 500, 500).save("boundary-max-duration-under")

# --- the benchmark's set -------------------------------------------------------
S = "specs/bench.gesture"
t = Trace(S, "a tap (decided after tap2's interval), a fast flick right (the drag waits",
          "for the swipes and fails), and a pinch that turns (zoom and twist together)")
t.tap(1.0)
t.path(2.0, 1, line((100, 300), (220, 300), 6), dt=0.02)
n = 12
for i in range(n + 1):
    ang = math.radians(20) * i / n
    r = 50 * (1 + 0.6 * i / n)
    ph = "began" if i == 0 else ("ended" if i == n else "moved")
    t.ev(3.0 + i / 60, 1, ph, 200 - r * math.cos(ang), 400 - r * math.sin(ang))
    t.ev(3.0 + i / 60, 2, ph, 200 + r * math.cos(ang), 400 + r * math.sin(ang))
t.save("bench-mixed")

# --- v4: the platform's scrolling as a participant ------------------------------
S = "Tests/GSpecCLITests/Golden/specs/scroll.gesture"
t = Trace(S, "a drag down 120pt: the scroll begins past its 15pt slop and the tap",
          "fails; the scroll ends at the lift with the fling's velocity")
t.path(1.0, 1, line((150, 200), (150, 320), 12), dt=1/60)
t.save("scroll-drag-down")
t = Trace(S, "a fast swipe left on a row: across the scroll's axis, so the scroll",
          "fails and the swipe is recognized; the tap fails")
t.path(1.0, 1, line((250, 300), (130, 302), 8), dt=1/120)
t.save("scroll-swipe-left")
t = Trace(S, "a tap: the scroll fails at the lift, before its slop, and releases the tap")
t.tap(1.0, 150, 300)
t.save("scroll-tap")
t = Trace(S, "a two-finger spread about a still centre: the pinch begins, the scroll",
          "never passes its slop (the centroid does not move)")
n = 10
for i in range(n + 1):
    r = 40 * (1 + 0.8 * i / n)
    ph = "began" if i == 0 else ("ended" if i == n else "moved")
    t.ev(1.0 + i / 60, 1, ph, 200, 300 - r)
    t.ev(1.0 + i / 60, 2, ph, 200, 300 + r)
t.save("scroll-pinch")

S = "Tests/GSpecCLITests/Golden/specs/scroll-at-edge.gesture"
t = Trace(S, "the list at its top: a pull down does not scroll it (it is at the edge",
          "its hand-over names) and the sheet's drag begins").args("--explain")
t.control(t=0.5, scroll="listScroll", at=["top"])
t.path(1.0, 1, line((150, 200), (150, 300), 10), dt=1/60)
t.save("scroll-at-top-pull-down")
t = Trace(S, "the list at its top: a push up scrolls it (away from the edge)")
t.control(t=0.5, scroll="listScroll", at=["top"])
t.path(1.0, 1, line((150, 300), (150, 200), 10), dt=1/60)
t.save("scroll-at-top-push-up")
t = Trace(S, "the list scrolled down (at no edge): the same pull down scrolls it,",
          "and the sheet does not begin")
t.control(t=0.5, scroll="listScroll", at=["top"])
t.control(t=0.8, scroll="listScroll", at=[])
t.path(1.0, 1, line((150, 200), (150, 300), 10), dt=1/60)
t.save("scroll-scrolled-pull-down")

# v5: any number of fingers (docs/semantics.md, "Any number of fingers")
S = "Tests/GSpecCLITests/Golden/specs/fingers.gesture"
t = Trace(S, "two fingers spread the pinch to 2x; a third lands, the first lifts, the other two",
          "spread on: the pinch goes on from 2x (it measures the fingers down), and ends at the",
          "lift that leaves one")
t.ev(1.0, 1, "began", 150, 300).ev(1.0, 2, "began", 250, 300)
for k in range(1, 6):
    t.ev(1.0 + k / 60, 1, "moved", 150 - 10 * k, 300).ev(1.0 + k / 60, 2, "moved", 250 + 10 * k, 300)
t.ev(1.2, 3, "began", 200, 450)
t.ev(1.25, 1, "ended", 100, 300)
for k in range(1, 6):
    t.ev(1.3 + k / 60, 2, "moved", 300 + 10 * k, 300).ev(1.3 + k / 60, 3, "moved", 200, 450 + 10 * k)
t.ev(1.45, 2, "ended", 350, 300).ev(1.5, 3, "ended", 200, 500)
t.save("fingers-third-finger-pinch")
t = Trace(S, "a finger lands while the two down move, in one frame: that frame's values come from",
          "the two (the new one joins from the next frame), so nothing jumps")
t.ev(1.0, 1, "began", 150, 300).ev(1.0, 2, "began", 250, 300)
for k in range(1, 4):
    t.ev(1.0 + k / 60, 1, "moved", 150 - 10 * k, 300 + 5 * k).ev(1.0 + k / 60, 2, "moved", 250 + 10 * k, 300 + 5 * k)
t.ev(1.1, 1, "moved", 110, 320).ev(1.1, 2, "moved", 290, 320).ev(1.1, 3, "began", 200, 500)
for k in range(1, 4):
    tk = 1.1 + k / 60
    t.ev(tk, 1, "moved", 110 - 5 * k, 320).ev(tk, 2, "moved", 290 + 5 * k, 320).ev(tk, 3, "moved", 200, 500 + 5 * k)
tk = 1.1 + 4 / 60
t.ev(tk, 1, "ended", 95, 320).ev(tk, 2, "ended", 305, 320).ev(tk, 3, "ended", 200, 515)
t.save("fingers-landing-in-a-moving-frame")
for policy in ["end", "restart"]:
    t = Trace(f"Tests/GSpecCLITests/Golden/specs/fingers-{policy}.gesture",
              f"fingers: {policy}: one finger drags, a second lands, both drag, the first lifts")
    t.path(1.0, 1, line((100, 300), (130, 300), 3), end=False)
    t.ev(1.1, 2, "began", 200, 300)
    for k in range(1, 3):
        t.ev(1.1 + k / 60, 1, "moved", 130 + 10 * k, 300).ev(1.1 + k / 60, 2, "moved", 200 + 10 * k, 300)
    t.ev(1.2, 1, "ended", 150, 300)
    t.ev(1.25, 2, "moved", 230, 300).ev(1.3, 2, "ended", 230, 300)
    t.save(f"fingers-{policy}")

S = "Tests/GSpecCLITests/Golden/specs/together.gesture"
def three_finger_swipe(name, third, *scenario):
    t = Trace(S, *scenario).args("--explain")
    for i, at in enumerate([0.0, 0.03, third]):
        t.ev(1.0 + at, i + 1, "began", 300 + 20 * i, 200)
    t0 = 1.0 + third + 0.01
    for k in range(1, 6):
        for i in range(3):
            t.ev(t0 + k / 100, i + 1, "moved", 300 + 20 * i - 25 * k, 200)
    for i in range(3):
        t.ev(t0 + 0.06, i + 1, "ended", 300 + 20 * i - 125, 200)
    t.save(name)
three_finger_swipe("together-third-finger-inside", 0.079, "the third finger lands 79ms after the first, 1ms inside",
                   "`together: 80ms`: a three-finger swipe (the two-finger one fails at the third finger)")
three_finger_swipe("together-third-finger-late", 0.081, "the third finger lands 81ms after the first, 1ms past the window:",
                   "the three-finger swipe fails when the window closes, and the late finger is not its")
t = Trace(S, "two fingers swipe: the two-finger swipe waits while the three-finger one may still",
          "get its third finger, and is recognized when the window closes without it").args("--explain")
t.ev(1.0, 1, "began", 300, 200).ev(1.03, 2, "began", 320, 200)
for k in range(1, 6):
    t.ev(1.03 + k / 100, 1, "moved", 300 - 25 * k, 200).ev(1.03 + k / 100, 2, "moved", 320 - 25 * k, 200)
t.ev(1.12, 1, "ended", 175, 200).ev(1.12, 2, "ended", 195, 200)
t.save("together-fewer-fingers-wait")

# v5: release decisions (docs/semantics.md, "Release decisions: `settle`")
S = "Tests/GSpecCLITests/Golden/specs/settle.gesture"
t = Trace(S, "the sheet: a fling down from rest at 0 (750 pt/s) goes to the next detent, 320;",
          "then a slow drag up 120pt, held before the lift, is 37.5% of the way back to 0: it",
          "returns to 320, and crosses the 40% mark (256pt) down on the way")
end = t.path(1.0, 1, line((200, 100), (200, 340), 20), dt=0.016)
t.path(2.0, 1, line((200, 300), (200, 180), 30), dt=0.016, end=False)
t.ev(2.6, 1, "moved", 200, 180).ev(2.616, 1, "ended", 200, 180)
t.save("settle-sheet-fling-and-return")
t = Trace(S, "the sheet at rest at 0, dragged up 100pt past its bound: the translation is",
          "rubber-banded (100 x 640 x 0.55 / (640 + 55)), and the release rests at 0")
t.path(1.0, 1, line((200, 300), (200, 200), 10), dt=0.016, end=False)
t.ev(1.4, 1, "moved", 200, 200).ev(1.416, 1, "ended", 200, 200)
t.save("settle-sheet-rubber-band")
t = Trace(S, "the sheet dragged slowly down to hover at the 40% mark (256pt): the crossing up",
          "is reported once; jitter of 4pt about it (below the 10pt slop) repeats nothing;",
          "back to 240 crosses down, and the lift past 50% of the way to 320 rests there")
pts = line((200, 100), (200, 358), 43)
pts += [(200, 352 + 8 * (k % 2)) for k in range(10)]
pts += line((200, 356), (200, 340), 4)[1:]
t.path(1.0, 1, pts, dt=0.016, end=False)
t.ev(2.0, 1, "moved", 200, 300).ev(2.3, 1, "moved", 200, 300).ev(2.316, 1, "ended", 200, 300)
t.save("settle-sheet-marks-hover")
t = Trace(S, "the pager (pitch 375pt, Android's model): a quick flick left turns one page (page -1);",
          "a slow drag right of 150pt from there, 40% of a page, returns to page -1", view="pager")
t.path(1.0, 1, line((300, 400), (240, 400), 6), dt=0.016)
t.path(2.0, 1, line((100, 400), (250, 400), 30), dt=0.016, end=False)
t.ev(2.6, 1, "moved", 250, 400).ev(2.616, 1, "ended", 250, 400)
t.save("settle-pager")
t = Trace(S, "the photo's pinch: a spread to 2.2x released still has passed 2 and is 10% of the way",
          "on to 4: it rests at 2; then a spread to 5x from there (10) is rubber-banded past 4",
          "(the photo's 5.57, reported as the gesture's 2.79x) and rests at 4", view="photo")
for k in range(0, 7):
    tk = 1.0 + k / 60
    ph = "began" if k == 0 else "moved"
    t.ev(tk, 1, ph, 200 - 5 * k, 300, "photo").ev(tk, 2, ph, 250 + 5 * k, 300, "photo")
t.ev(1.4, 1, "moved", 170, 300).ev(1.4, 2, "moved", 280, 300)
t.ev(1.5, 1, "ended", 170, 300).ev(1.5, 2, "ended", 280, 300)
for k in range(0, 11):
    tk = 2.0 + k / 60
    ph = "began" if k == 0 else "moved"
    t.ev(tk, 1, ph, 200 - 10 * k, 300, "photo").ev(tk, 2, ph, 250 + 10 * k, 300, "photo")
t.ev(2.5, 1, "moved", 100, 300).ev(2.5, 2, "moved", 350, 300)
t.ev(2.6, 1, "ended", 100, 300).ev(2.6, 2, "ended", 350, 300)
t.save("settle-pinch")

# v5: a touch that stops momentum (docs/semantics.md, "A touch that stops momentum")
S = "Tests/GSpecCLITests/Golden/specs/momentum.gesture"
t = Trace(S, "the list scrolled and lifted; the host says it decelerates: a tap on a row stops it and",
          "opens nothing (openRow fails, stopped momentum); the next tap, the list at rest, opens the row;",
          "momentum again: the badge, duringMomentum: true, takes its tap (and stops the list); momentum",
          "again: a long press on a row fails; the host says the list stopped: a row's tap opens it").args("--explain")
t.path(1.0, 1, line((100, 400), (100, 200), 10), dt=0.016, view="row")
t.control(t=1.17, scroll="listScroll", momentum=True)
t.tap(1.4, 100, 300, touch=2, view="row")
t.tap(1.8, 100, 300, touch=3, view="row")
t.control(t=2.5, scroll="listScroll", momentum=True)
t.tap(2.7, 20, 300, touch=4, view="badge")
t.control(t=3.5, scroll="listScroll", momentum=True)
t.ev(3.6, 5, "began", 100, 300, "row").ev(4.3, 5, "ended", 100, 300)
t.control(t=4.5, scroll="listScroll", momentum=False)
t.tap(4.6, 100, 300, touch=6, view="row")
t.save("momentum-list")
t = Trace(S, "the carousel flicked left at 1250 pt/s (iOS's model: 3.56 s of momentum): a tap on it",
          "1 s later stops it and is no tap; a flick again, and a tap 4 s later (at rest) is one", view="carousel")
t.path(1.0, 1, line((300, 200), (240, 200), 4), dt=0.012)
t.tap(2.1, 200, 200, touch=2)
t.path(3.0, 3, line((300, 200), (240, 200), 4), dt=0.012)
t.tap(7.1, 200, 200, touch=4)
t.save("momentum-settle")
