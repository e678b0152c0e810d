// The settle example (Examples/web/settle/: specs/sheet-detents.gesture and
// specs/pager.gesture, v5) in headless Chromium, touches through the
// browser's input pipeline (Input.dispatchTouchEvent), each with its own
// timestamp a frame apart, so a release's speed is the one written here, not
// how fast a loaded machine dispatches. Each step records the events it
// caused, for WebRuntimeTests to check: anchors chosen, rubber-banded
// translation, marks crossed without repeats, a tap in the glide that opens
// nothing; each set's session, as a trace, replays through `gspec run`.
// Usage: node --experimental-websocket web-settle.mjs URL
import { open, sleep } from './cdp.mjs';

const [url] = process.argv.slice(2);
const browser = await open(url, { width: 840, height: 760 });
const steps = {};
try {
  for (let i = 0; i < 100 && !(await browser.evaluate('window.settleExample !== undefined')); i++) await sleep(100);
  const count = () => browser.evaluate('settleExample.events.length');
  // One finger from (x, y) through `path` ([dx, dy] from the start, one a frame),
  // then held `hold` ms where it is (a slow release) or lifted at once (a fling).
  const drag = async (x, y, path, hold = 0) => {
    const start = Date.now() / 1000;
    let t = 0;
    const at = (type, points) => browser.send('Input.dispatchTouchEvent', {
      type, timestamp: start + t, touchPoints: points.map(([px, py]) => ({ x: px, y: py, id: 1, radiusX: 1, radiusY: 1, force: 1 })),
    });
    await at('touchStart', [[x, y]]);
    let [px, py] = [x, y];
    for (const [dx, dy] of path) {
      t += 0.016;
      [px, py] = [x + dx, y + dy];
      await at('touchMove', [[px, py]]);
      await sleep(16);
    }
    if (hold > 0) {
      t += hold / 1000;
      await sleep(hold);
      await at('touchMove', [[px, py]]);
    }
    t += 0.008;
    await at('touchEnd', []);
  };
  const line = (n, dx, dy) => Array.from({ length: n }, (_, k) => [(dx * (k + 1)) / n, (dy * (k + 1)) / n]);
  const tap = async (x, y) => drag(x, y, [], 40);
  const step = async (name, act, settle = 500) => {
    const before = await count();
    await act();
    await sleep(settle);
    steps[name] = await browser.evaluate(`settleExample.events.slice(${before}).filter((e) => e.state !== 'failed')`);
  };
  // The sheet rests full (0). Pulled up 100pt past its top, it is rubber-banded; held and let go, it returns.
  await step('band', () => drag(200, 150, line(10, 0, -100), 300));
  // A flick down (120pt in 8 frames, 937pt/s, over flingVelocity 400pt/s): the next detent, 320.
  await step('flick', () => drag(200, 100, line(8, 0, 120)));
  // From 320 dragged up slowly 120pt and held: 37.5% of the way to 0, not past 50%: back to 320,
  // crossing the 40% mark (256pt) down on the way.
  await step('slowBack', () => drag(200, 420, line(10, 0, -120), 300));
  // From 320 down to the 80% mark (512pt), hovering a few points about it, held: one crossing up,
  // no repeats (the slop beyond the mark); released 60% of the way to 640, it goes on to 640.
  await step('hover', () => drag(200, 420, [...line(10, 0, 192), [0, 196], [0, 188], [0, 197], [0, 187], [0, 195]], 300));
  // The pager (x from 410): a flick left turns one page; flicked again, a tap 60 ms after the lift
  // stops the glide and opens nothing; a tap a second later opens the page's item.
  await step('page', () => drag(700, 150, line(5, -60, 0)));
  await step('tapInGlide', async () => {
    await drag(700, 150, line(5, -60, 0));
    await sleep(60);
    await tap(600, 150);
  });
  await step('tapLater', () => tap(600, 150));
  const result = await browser.evaluate(`({ state: settleExample.state, sheetTrace: settleExample.trace('sheet'),
    pagerTrace: settleExample.trace('pager'), events: settleExample.events })`);
  process.stdout.write(JSON.stringify({ steps, ...result }));
} finally {
  browser.close();
}
