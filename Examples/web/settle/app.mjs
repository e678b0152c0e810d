// A bottom sheet with three detents and a pager of five pages, whose
// gestures are specs/sheet-detents.gesture and specs/pager.gesture (v5
// `settle`), run in the page by gspec's web runtime. The modules beside this
// file are those specs compiled (`gspec build specs/sheet-detents.gesture
// --emit js -o Examples/web/settle/sheet-detents.gestures.mjs`, and the same
// for the pager).
//
// The page decides nothing about where things go: while a finger drags,
// the sheet and the strip follow the gesture's translation (rubber-banded
// by the engine past their bounds), and at the lift they animate to the
// `ended` event's `rest`, the detent or page the spec's rule chose. Each
// `marked` event (40 % and 80 % of the sheet's way) is a haptic tick, once
// per crossing. A tap on a page while the strip still glides stops it and
// opens nothing: the engine knows the glide's momentum.
import { loadRuntime } from '../../../web/dist/gspec.mjs';
import * as sheetSpec from './sheet-detents.gestures.mjs';
import * as pagerSpec from './pager.gestures.mjs';

const sheetScreen = document.getElementById('sheetScreen');
const sheet = document.getElementById('sheet');
const pagerScreen = document.getElementById('pagerScreen');
const strip = document.getElementById('strip');
const status = document.getElementById('status');

const colors = ['#c44', '#c84', '#4a4', '#48c', '#84c'];
colors.forEach((color, i) => {
  const page = document.createElement('div');
  page.className = 'page';
  page.style.background = color;
  page.textContent = `${i + 1}`;
  strip.append(page);
});

// Where each value rests (the last `rest`) and where it is shown now.
const state = { sheet: { rest: 0, shown: 0 }, pager: { rest: 0, shown: 0 }, ticks: 0, handleTaps: 0, opened: [] };
const events = [];
const lines = { sheet: [], pager: [] };

const runtime = await loadRuntime();
const attachments = {
  sheet: runtime.attach(sheetScreen, sheetSpec.table, { onEvent: onSheet, onSample: (l) => lines.sheet.push(JSON.stringify(l)) }),
  pager: runtime.attach(pagerScreen, pagerSpec.table, { onEvent: onPager, onSample: (l) => lines.pager.push(JSON.stringify(l)) }),
};

/** The value of `e`, a settling gesture's event, shown: from where it rests, by its translation; at the end, its rest. */
function follow(s, e, axis, element) {
  if (e.state === 'began' || e.state === 'changed') {
    element.classList.remove('settling');
    s.shown = s.rest + e.translation[axis];
  } else if (e.state === 'ended') {
    element.classList.add('settling');
    s.rest = s.shown = e.rest;
  } else if (e.state === 'cancelled') {
    element.classList.add('settling');
    s.shown = s.rest;
  }
}

function onSheet(e) {
  events.push({ set: 'sheet', ...e });
  if (e.gesture === sheetSpec.Gesture.sheetDrag) {
    if (e.state === 'marked') {
      state.ticks += 1;
      navigator.vibrate?.(10);
      sheet.classList.add('ticked');
      setTimeout(() => sheet.classList.remove('ticked'), 150);
    } else {
      follow(state.sheet, e, 1, sheet);
    }
  } else if (e.gesture === sheetSpec.Gesture.handleTap && e.state === 'recognized') {
    state.handleTaps += 1;
  }
  render();
}

function onPager(e) {
  events.push({ set: 'pager', ...e });
  if (e.gesture === pagerSpec.Gesture.page) follow(state.pager, e, 0, strip);
  if (e.gesture === pagerSpec.Gesture.openItem && e.state === 'recognized') state.opened.push(1 - Math.round(state.pager.rest / 375));
  render();
}

function render() {
  sheet.style.transform = `translateY(${state.sheet.shown}px)`;
  strip.style.transform = `translateX(${state.pager.shown}px)`;
  status.textContent = events.filter((e) => e.state !== 'failed').slice(-8)
    .map((e) => `${e.t.toFixed(3)} ${e.gesture} ${e.state}${e.rest === undefined ? '' : ` rest ${e.rest}`}`).join('\n');
}

render();
status.textContent = 'Ready: drag or flick the sheet; flick the pages; tap a page.';

// For tests and bug reports: the state, and each set's session as a trace `gspec run` replays.
window.settleExample = {
  state,
  events,
  trace(set) {
    const r = (set === 'sheet' ? sheetScreen : pagerScreen).getBoundingClientRect();
    return [JSON.stringify({ screen: [r.width, r.height] }), ...lines[set]].join('\n') + '\n';
  },
  detach: () => Object.values(attachments).forEach((a) => a.detach()),
};
