// A scroll's edges through the page's API, in node: the list at its top hands
// a pull down to the sheet, and scrolls it once it is at no edge.
// Usage: node scroll-edges.mjs SCROLL-AT-EDGE.gtab; exits 1 on a failure.
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { loadRuntime } from '../dist/gspec.mjs';

const runtime = await loadRuntime();
const engine = runtime.engine(readFileSync(process.argv[2]));
/** A one-finger pull down of 100pt from t (seconds); the claims it made, as `gesture:state`. */
function pullDown(t, touch) {
  const seen = [];
  for (let i = 0; i <= 10; i++) {
    engine.feed({ t: t + i / 60, touch, phase: i === 0 ? 'began' : i === 10 ? 'ended' : 'moved', x: 150, y: 200 + 10 * i });
    for (const e of engine.takeEvents()) if (e.state === 'began') seen.push(`${e.gesture}:${e.state}`);
  }
  engine.advance(t + 1);
  for (const e of engine.takeEvents()) if (e.state === 'began') seen.push(`${e.gesture}:${e.state}`);
  return seen;
}
engine.setScrollEdges('listScroll', ['top']);
assert.deepEqual(pullDown(1, 1), ['sheetDrag:began'], 'at the top, a pull down drags the sheet');
engine.setScrollEdges('listScroll', []);
assert.deepEqual(pullDown(3, 2), ['listScroll:began'], 'scrolled, a pull down scrolls the list');
assert.throws(() => engine.setScrollEdges('listScroll', ['up']), /'up' is no edge/);
assert.throws(() => engine.setScrollEdges('sheetDrag', ['top']), /is a pan/);
assert.throws(() => engine.setScrollEdges('listScroll', 'top'), /takes a gesture name and a list of edges/);
engine.free();
console.log('ok');
