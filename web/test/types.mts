// Type-checked, never run: `tsc --strict --noEmit` over the shipped
// declarations (web/src/gspec.d.mts) and an emitted set's
// (Examples/web/photo-viewer.gestures.d.mts), as an app would use them.
// Each `@ts-expect-error` is misuse TypeScript must reject: tsc fails if it
// does not. WebDeclarationsTests runs this.
import { loadRuntime, pace, pointerInput, GSpecTableError } from '../src/gspec.mjs';
import type { GestureEvent, RunFlags, Sample } from '../src/gspec.mjs';
import { table, Gesture, Mode } from '../../Examples/web/photo-viewer.gestures.mjs';
import type { GestureName, ViewName } from '../../Examples/web/photo-viewer.gestures.mjs';
import { table as sheetTable } from '../../Examples/web/sheet/sheet-with-list.gestures.mjs';

const runtime = await loadRuntime();
const engine = runtime.engine(table);
engine.feed({ t: 0, touch: 1, phase: 'began', x: 10, y: 20, pointer: 'mouse' });
// @ts-expect-error: 'begun' is no touch phase
engine.feed({ t: 0, touch: 1, phase: 'begun', x: 10, y: 20 });
// @ts-expect-error: 'finger' is no pointer kind
engine.feed({ t: 0, touch: 1, phase: 'began', x: 10, y: 20, pointer: 'finger' });
engine.setMode(Mode.zoomed, true);
engine.setMode('zoomed', false);
engine.setEnabled(Gesture.zoomToggle, false);
engine.set('movePhoto', 'threshold', '12pt');
engine.handOver('scrollStrip');
engine.feed({ t: 0.2, touch: 3, phase: 'began', x: 1, y: 1, view: 'photo' });
// @ts-expect-error: 'zoomd' is no mode of the set
engine.setMode('zoomd', true);
// @ts-expect-error: 'zoomTogle' is no gesture of the set
engine.setEnabled('zoomTogle', true);
// @ts-expect-error: no gesture 'move'
engine.set('move', 'slop', '12pt');
engine.set('movePhoto', 'minVelocity', '300pt/s');
engine.set('zoom', 'threshold', '0.1');
engine.set('menu', 'duration', '0.6s');
// @ts-expect-error: 'minDistanse' is no parameter of a pan
engine.set('movePhoto', 'minDistanse', '10pt');
// @ts-expect-error: a pan's threshold is a distance: the unit is missing
engine.set('movePhoto', 'threshold', '12');
// @ts-expect-error: a pinch's threshold is a plain number, not a distance
engine.set('zoom', 'threshold', '10pt');
// @ts-expect-error: 'taps' is structural: no run-time parameter
engine.set('zoomToggle', 'taps', '3');
// @ts-expect-error: no gesture 'scroll'
engine.handOver('scroll');
// @ts-expect-error: no view 'photos'
engine.feed({ t: 0.2, touch: 4, phase: 'began', x: 1, y: 1, view: 'photos' });
for (const e of engine.takeEvents()) {
  if (e.gesture === 'zoomToggle' && e.state === 'recognized') handle(e);
  // @ts-expect-error: 'zoomTogle' is no gesture of the set
  if (e.gesture === 'zoomTogle') handle(e);
  // @ts-expect-error: 'strips' is no view of the set
  if (e.view === 'strips') handle(e);
}
const backwards: number = engine.anomalies.timeWentBackwards + engine.anomalies.nonFiniteCoordinate;
// @ts-expect-error: no such anomaly
const misnamed: number = engine.anomalies.timeWentBack;
// Bytes of no emitted module: an engine of any names.
const loose = runtime.engine(new Uint8Array(table));
loose.setMode('anything', true);

function handle(e: GestureEvent<GestureName, ViewName>): string {
  // @ts-expect-error: a mark crossed (v5) has no position: narrow on state first
  const early: number = e.x;
  if (e.state === 'marked') return `${early} ${e.mark} ${e.crossed === 'up' ? 1 : -1}`;
  const rest: number | undefined = e.rest;
  const anchor: number | undefined = e.anchor;
  if (e.state === 'recognized' && e.gesture === Gesture.zoomToggle) return `${e.taps ?? 0} taps`;
  // @ts-expect-error: 'recognised' is no state
  if (e.state === 'recognised') return '';
  const velocity: number | [number, number] | undefined = e.velocity;
  const direction: 'left' | 'right' | 'up' | 'down' | 'up-left' | 'up-right' | 'down-left' | 'down-right' | undefined = e.direction;
  // @ts-expect-error: a translation is a pair, not a number
  const translation: number | undefined = e.translation;
  return `${e.t} ${e.x} ${e.y} ${e.view ?? ''} ${velocity} ${direction} ${translation} ${rest} ${anchor} ${e.projected}`;
}
for (const e of engine.takeEvents()) handle(e);

const samples: Sample[] = [];
const paced = pace(engine, { onEvents: (events) => events.forEach(handle), onSample: (s) => samples.push(s) });
paced.feed({ t: 0.1, touch: 2, phase: 'ended', x: 0, y: 0 });
paced.stop();

declare const photo: HTMLElement;
declare const strip: HTMLElement;
const attachment = runtime.attach(photo, table, { onEvent: handle, views: { photo, strip } });
attachment.engine.setMode('zoomed', true);
runtime.attach(strip, table, { onEvent: (e) => { const row: Element | null = e.target.closest('.row'); handle(e); return row; } }).detach();
// @ts-expect-error: 'thumbs' is no view of the set
runtime.attach(strip, table, { onEvent: handle, views: { thumbs: strip } });
attachment.detach();
declare const canvas: HTMLCanvasElement;
const input = pointerInput(canvas, { onSamples: (s) => s.forEach(paced.feed), began: (_, s) => [s, { ...s, touch: input.nextId() }] });
input.remove();

// A set with a scroll (v4): its edges and the platform's scroll are said by name; attach records scroll lines too.
declare const sheet: HTMLElement;
declare const list: HTMLElement;
const lines: string[] = [];
const sheetAttachment = runtime.attach(sheet, sheetTable, { onEvent: () => {}, views: { sheet, list }, items: { list: '.row' }, onSample: (line) => lines.push(JSON.stringify(line)) });
// @ts-expect-error: a view's items are a CSS selector, and 'rows' is no view of the set
runtime.attach(sheet, sheetTable, { onEvent: () => {}, views: { list }, items: { rows: '.row' } });
sheetAttachment.engine.setScrollEdges('listScroll', ['top']);
sheetAttachment.engine.scrollBegan('listScroll');
const perView: readonly string[] = sheetAttachment.engine.viewTouchActions;
// @ts-expect-error: 'listScrol' is no gesture of the set
sheetAttachment.engine.scrollBegan('listScrol');
// @ts-expect-error: 'middle' is no edge
sheetAttachment.engine.setScrollEdges('listScroll', ['middle']);
sheetAttachment.detach();

const flags: RunFlags = { allStates: true, explain: true, screen: '390x844', staleTouchTimeout: '2' };
// @ts-expect-error: 'allState' is no run flag
const misspelt: RunFlags = { allState: true };
const options = runtime.runOptions().map((o) => `${o.flag} ${o.placeholder ?? ''}: ${o.help}`);
runtime.run({ table, trace: new Uint8Array(), flags, out: (text) => options.push(text) });

try {
  runtime.engine(new Uint8Array([1, 2, 3]));
} catch (error) {
  if (error instanceof GSpecTableError) {
    const name: 'GSpecTableError' = error.name;
    options.push(name, error.message);
  }
}
engine.free();
export { misspelt, backwards, misnamed, perView };
