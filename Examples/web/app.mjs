// A photo viewer whose gestures are specs/photo-viewer.gesture, run in the
// page by gspec's web runtime. photo-viewer.gestures.mjs is that spec
// compiled (`gspec build specs/photo-viewer.gesture --emit js -o
// Examples/web/photo-viewer.gestures.mjs`): the table and its names.
//
// The app owns what the gestures do and one piece of state the spec names:
// the mode `zoomed`, which it turns on when the photo is zoomed in and off
// when it is back to its size. The engine then lets the photo pan only while
// zoomed and the pull-down dismiss only while not, as the spec says.
import { loadRuntime } from '../../web/dist/gspec.mjs';
import { table, Gesture, View, Mode } from './photo-viewer.gestures.mjs';

const viewer = document.getElementById('viewer');
const photo = document.getElementById('photo');
const toolbar = document.getElementById('toolbar');
const menu = document.getElementById('menu');
const strip = document.getElementById('strip');
const thumbs = document.getElementById('thumbs');
const status = document.getElementById('status');
const modeLabel = document.getElementById('mode');

const HUES = [200, 20, 120, 280, 340, 60, 170, 240];
for (const hue of HUES) {
  const t = document.createElement('div');
  t.className = 'thumb';
  t.style.setProperty('--hue', hue);
  thumbs.append(t);
}
const THUMB = 68; // a thumbnail and its gap
const PHOTO_CENTER = [45 + 150, 150 + 150];

const state = { scale: 1, angle: 0, tx: 0, ty: 0, zoomed: false, toolbar: true, selected: 0, strip: 0, dismissed: 0, back: 0 };
// What each continuous gesture started from.
const base = {};
// Every sample and mode change, as trace lines: `gspec run` replays them (window.photoViewer.trace()).
const lines = [];
const events = [];

const loading = performance.now();
const runtime = await loadRuntime();
const loadMs = performance.now() - loading; // fetch, compile and instantiate gspec.wasm
const attachment = runtime.attach(viewer, table, {
  views: { [View.photo]: viewer, [View.strip]: strip },
  onEvent,
  onSample: (sample) => lines.push(JSON.stringify(sample)),
});
const { engine } = attachment;

function setZoomed(on) {
  if (state.zoomed === on) return;
  state.zoomed = on;
  engine.setMode(Mode.zoomed, on);
  lines.push(JSON.stringify({ t: engine.clock, mode: Mode.zoomed, on }));
}

/** Scales the photo to `scale` keeping the viewer's point (x, y) where it is. */
function zoomAbout(scale, x, y) {
  const k = scale / state.scale;
  state.tx = (x - PHOTO_CENTER[0]) * (1 - k) + state.tx * k;
  state.ty = (y - PHOTO_CENTER[1]) * (1 - k) + state.ty * k;
  state.scale = scale;
}

function reset() {
  Object.assign(state, { scale: 1, angle: 0, tx: 0, ty: 0 });
  setZoomed(false);
}

/**
 * An accessibility action (v4): the spec's `action:` on a gesture, performed
 * from the keyboard on the focused photo or strip (or by a screen reader):
 * one `recognized` with no movement, which the app turns into a step of
 * what the gesture does.
 */
function perform(e) {
  switch (e.gesture) {
    case Gesture.turn: state.angle += Math.PI / 2; break; // R
    case Gesture.movePhoto: state.tx -= 100; break; // Space, while zoomed
    case Gesture.dismiss: state.dismissed = -1; break; // Escape
    case Gesture.back: state.back = -1; break; // Alt+ArrowLeft
    case Gesture.scrollStrip: { // ArrowRight: a page of thumbnails
      const min = Math.min(0, strip.clientWidth - 10 - HUES.length * THUMB);
      state.strip = Math.max(min, state.strip - 4 * THUMB);
      break;
    }
    default: break;
  }
}

function onEvent(e) {
  events.push(e);
  if (e.input === 'action') {
    perform(e);
    render();
    return;
  }
  const { state: s } = e;
  switch (e.gesture) {
    case Gesture.toggleToolbar:
      if (s === 'recognized') {
        if (menu.classList.contains('open')) menu.classList.remove('open');
        else state.toolbar = !state.toolbar;
      }
      break;
    case Gesture.zoomToggle:
      if (s === 'recognized') {
        if (state.zoomed) reset();
        else {
          zoomAbout(2.5, e.x, e.y);
          setZoomed(true);
        }
      }
      break;
    case Gesture.zoom:
      if (s === 'began') base.scale = state.scale;
      if (s === 'began' || s === 'changed') zoomAbout(Math.min(8, Math.max(0.5, base.scale * e.scale)), e.x, e.y);
      if (s === 'ended' || s === 'cancelled') {
        if (state.scale > 1.05) setZoomed(true);
        else reset();
      }
      break;
    case Gesture.turn:
      if (s === 'began') base.angle = state.angle;
      if (s === 'began' || s === 'changed') state.angle = base.angle + e.rotation;
      break;
    case Gesture.movePhoto:
      if (s === 'began') base.move = [state.tx, state.ty];
      if (s === 'began' || s === 'changed') [state.tx, state.ty] = [base.move[0] + e.translation[0], base.move[1] + e.translation[1]];
      break;
    case Gesture.dismiss:
      if (s === 'began' || s === 'changed') state.dismissed = Math.max(0, e.translation[1]);
      if (s === 'ended') state.dismissed = state.dismissed > 120 ? -1 : 0; // -1: closed
      if (s === 'cancelled') state.dismissed = 0;
      break;
    case Gesture.back:
      if (s === 'began' || s === 'changed') state.back = Math.max(0, e.translation[0]);
      if (s === 'ended') state.back = state.back > 100 ? -1 : 0; // -1: back in the album
      if (s === 'cancelled') state.back = 0;
      break;
    case Gesture.menu:
      if (s === 'began') {
        menu.style.left = `${Math.min(e.x, 260)}px`;
        menu.style.top = `${e.y}px`;
        menu.classList.add('open');
      }
      break;
    case Gesture.scrollStrip:
      if (s === 'began') base.strip = state.strip;
      if (s === 'began' || s === 'changed') {
        const min = Math.min(0, strip.clientWidth - 10 - HUES.length * THUMB);
        state.strip = Math.min(0, Math.max(min, base.strip + e.translation[0]));
      }
      break;
    case Gesture.selectThumbnail:
      if (s === 'recognized') {
        const i = Math.floor((e.x - 10 - state.strip) / THUMB);
        if (i >= 0 && i < HUES.length) {
          state.selected = i;
          reset();
        }
      }
      break;
    default:
      break;
  }
  render();
}

function render() {
  // Pulled down or swiped back, the photo follows the finger (the attached element stays put: it measures the touches).
  const shift = [state.back > 0 ? state.back : 0, state.dismissed > 0 ? state.dismissed : 0];
  photo.style.transformOrigin = '50% 50%';
  photo.style.transform = `translate(${state.tx + shift[0]}px, ${state.ty + shift[1]}px) scale(${state.scale}) rotate(${state.angle}rad)`;
  photo.style.setProperty('--hue', HUES[state.selected]);
  toolbar.classList.toggle('hidden', !state.toolbar);
  thumbs.style.transform = `translateX(${state.strip}px)`;
  [...thumbs.children].forEach((t, i) => t.classList.toggle('selected', i === state.selected));
  modeLabel.textContent = state.zoomed ? 'zoomed' : '';
  const closed = state.dismissed < 0 ? 'dismissed (reload to reopen)' : state.back < 0 ? 'back in the album (reload)' : '';
  status.textContent = (closed ? `${closed}\n` : '') + events.filter((e) => e.state !== 'failed' && e.state !== 'possible').slice(-8)
    .map((e) => `${e.t.toFixed(3)} ${e.gesture} ${e.state}`).join('\n');
}

render();
status.textContent = 'Ready: tap, double tap, pinch, pull down, long press, swipe from the left edge, or use the strip; '
  + 'from the keyboard, R turns the photo, Space pages it zoomed, Escape closes, Alt+ArrowLeft goes back, ArrowRight scrolls the focused strip.';

// For tests and bug reports: the state, and the session as a trace `gspec run` replays.
window.photoViewer = {
  state,
  events,
  loadMs,
  trace() {
    const r = viewer.getBoundingClientRect();
    return [JSON.stringify({ screen: [r.width, r.height] }), ...lines].join('\n') + '\n';
  },
  detach: () => attachment.detach(),
};
