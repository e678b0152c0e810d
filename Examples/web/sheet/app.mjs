// A bottom sheet holding a list, whose gestures are
// specs/sheet-with-list.gesture, run in the page by gspec's web runtime.
// sheet-with-list.gestures.mjs is that spec compiled (`gspec build
// specs/sheet-with-list.gesture --emit js -o
// Examples/web/sheet/sheet-with-list.gestures.mjs`).
//
// The list is an ordinary `overflow-y: auto` element: the browser scrolls
// it, with its own momentum. The spec declares that scrolling (`listScroll:
// scroll`), so `attach` leaves its axis to the browser (`touch-action:
// pan-y` on the list, though the set has a pinch there), reads the list's
// scrollTop when each touch starts, and keeps a touch from the browser
// when the set takes it: at the list's top a pull down drags the sheet, a
// swipe left deletes a row, two fingers zoom the text, a tap opens a row.
// From the keyboard the rows are items (`items`): Tab reaches the list's
// focused row, the arrow keys move between rows, Delete deletes the focused
// row (the spec's `action: "Delete"`, its event's target that row) and the
// next row takes the focus.
import { loadRuntime } from '../../../web/dist/gspec.mjs';
import { table, Gesture, View } from './sheet-with-list.gestures.mjs';

const screen = document.getElementById('screen');
const sheet = document.getElementById('sheet');
const list = document.getElementById('list');
const status = document.getElementById('status');

for (let i = 1; i <= 40; i++) {
  const row = document.createElement('div');
  row.className = 'row';
  row.textContent = `Row ${i}`;
  list.append(row);
}

const SHEET_DOWN = 480; // how far the sheet goes down when dropped past half of it
const state = { sheet: 0, text: 1, opened: null, deleted: [], scrolls: 0 };
const base = {};
const lines = [];
const events = [];

const runtime = await loadRuntime();
// The attached element stays put (it measures the touches); the sheet moves inside it.
const attachment = runtime.attach(screen, table, {
  views: { [View.sheet]: sheet, [View.list]: list },
  items: { [View.list]: '.row' },
  onEvent,
  onSample: (line) => lines.push(JSON.stringify(line)),
});

function onEvent(e) {
  events.push(e);
  const { state: s } = e;
  switch (e.gesture) {
    case Gesture.listScroll:
      // The browser scrolls the list; the app only counts.
      if (s === 'began') state.scrolls += 1;
      break;
    case Gesture.sheetDrag:
      if (s === 'began') base.sheet = state.sheet;
      if (s === 'began' || s === 'changed') state.sheet = Math.max(0, base.sheet + e.translation[1]);
      // Dropped: it rests up, or down, whichever is nearer.
      if (s === 'ended' || s === 'cancelled') state.sheet = state.sheet > SHEET_DOWN / 2 ? SHEET_DOWN : 0;
      break;
    case Gesture.openRow:
      if (s === 'recognized') {
        state.opened?.classList.remove('opened');
        state.opened = e.target.closest('.row');
        state.opened?.classList.add('opened');
      }
      break;
    case Gesture.deleteRow:
      if (s === 'recognized') {
        const row = e.target.closest('.row');
        if (row) {
          state.deleted.push(row.textContent);
          row.remove();
        }
      }
      break;
    case Gesture.zoomText:
      if (s === 'began') base.text = state.text;
      if (s === 'began' || s === 'changed') state.text = Math.min(2.5, Math.max(0.6, base.text * e.scale));
      break;
    default:
      break;
  }
  render();
}

function render() {
  sheet.style.transform = `translateY(${state.sheet}px)`;
  list.style.fontSize = `${15 * state.text}px`;
  status.textContent = events.filter((e) => e.state !== 'failed').slice(-8)
    .map((e) => `${e.t.toFixed(3)} ${e.gesture} ${e.state}`).join('\n');
}

render();
status.textContent = 'Ready: scroll the list, pull the sheet down from its top, swipe a row left, pinch, tap.';

// For tests and bug reports: the state, and the session as a trace `gspec run` replays.
window.sheetExample = {
  state,
  events,
  trace() {
    const r = screen.getBoundingClientRect();
    return [JSON.stringify({ screen: [r.width, r.height] }), ...lines].join('\n') + '\n';
  },
  detach: () => attachment.detach(),
};
