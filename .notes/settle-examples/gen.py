import json
def ev(t, touch, phase, x, y): return json.dumps({"t": round(t, 6), "touch": touch, "phase": phase, "x": float(x), "y": float(y)}, separators=(",", ":"))
def drag(t0, touch, a, b, n, dt, hold=None):
    out = []
    for i in range(n + 1):
        x = a[0] + (b[0] - a[0]) * i / n; y = a[1] + (b[1] - a[1]) * i / n
        out.append(ev(t0 + i * dt, touch, "began" if i == 0 else "moved", x, y))
    t = t0 + n * dt
    if hold: out.append(ev(t + hold, touch, "moved", b[0], b[1])); t += hold
    out.append(ev(t + 0.016, touch, "ended", b[0], b[1]))
    return out
def tap(t, touch, x, y): return [ev(t, touch, "began", x, y), ev(t + 0.08, touch, "ended", x, y)]
def save(path, comment, lines):
    open(path, "w").write("".join("# " + c + "\n" for c in comment) + "\n".join(lines) + "\n")
save("sheet-detents.tests/flick-goes-to-the-next-detent.jsonl",
     ["A flick down from the collapsed sheet (750 pt/s, 60pt): the next detent, half (320pt),",
      "though the finger moved only 60pt; iOS's model projects it 374pt further."],
     drag(0.0, 1, (200, 600), (200, 660), 5, 0.016))
save("sheet-detents.tests/slow-drag-returns.jsonl",
     ["A slow drag down of 120pt, held before the lift: 37.5% of the way to half, so the sheet",
      "returns to collapsed (0pt)."],
     drag(0.0, 1, (200, 600), (200, 720), 30, 0.016, hold=0.3))
save("sheet-detents.tests/tap-while-gliding-stops-it.jsonl",
     ["A flick, then a tap on the handle 200ms after the lift while the sheet still glides:",
      "the tap stops it and toggles nothing; a tap 5s later, at rest, toggles."],
     drag(0.0, 1, (200, 600), (200, 660), 5, 0.016) + tap(0.3, 2, 200, 600) + tap(5.3, 3, 200, 600))
save("pager.tests/flick-turns-one-page.jsonl",
     ["A quick flick left of 60pt from the first page: the next page (-1, at -375pt), never two."],
     drag(0.0, 1, (300, 400), (240, 400), 4, 0.012))
save("pager.tests/slow-drag-past-half-turns.jsonl",
     ["A slow drag left of 200pt, held still: past half of the 375pt page, so it turns; Android's",
      "model projects nothing more with no velocity."],
     drag(0.0, 1, (300, 400), (100, 400), 40, 0.016, hold=0.3))
