// Types of gspec.mjs, the web runtime of gspec (see docs/web.md). The part
// between the BEGIN and END lines is generated; the rest is written here.

/** A touch sample: the fields of a trace line (`t` in seconds); `V` the set's view names. */
export interface Sample<V extends string = string> {
  t: number;
  touch: number;
  phase: TouchPhaseName;
  x: number;
  y: number;
  /** The hit view's name, on `began`, when the spec declares views. */
  view?: V;
  pointer?: PointerKindName;
}

/** A trace's action line (v4), as `attach` records a key that performed one. */
export type ActionLine<G extends string = string, V extends string = string> = { t: number; action: G; x: number; y: number; view?: V };

/** An accessibility action offered on a view (v4): `shortcut` is the key `attach` binds, as `aria-keyshortcuts` writes it. */
export interface ActionEntry<G extends string = string> {
  gesture: G;
  action: string;
  shortcut: string | null;
}

/** A trace's scroll line (v4), as `attach` records it. */
export type ScrollLine<G extends string = string> =
  | { t: number; scroll: G; at: EdgeName[] }
  | { t: number; scroll: G; began: true };

// BEGIN generated from the runtime's lists (JavaScriptRuntimeEmitter.runtimeDeclarations): do not edit by hand
/** A touch sample's phase. */
export type TouchPhaseName = 'began' | 'moved' | 'stationary' | 'ended' | 'cancelled';
/** A kind of pointer. */
export type PointerKindName = 'touch' | 'pen' | 'mouse';
/** A gesture event's state. */
export type GestureStateName = 'possible' | 'began' | 'changed' | 'ended' | 'cancelled' | 'failed' | 'recognized' | 'provisional' | 'retracted' | 'marked';
/** A swipe's direction. */
export type DirectionName = 'right' | 'up-right' | 'up' | 'up-left' | 'left' | 'down-left' | 'down' | 'down-right';
/** An edge of a scroll's content (a scroll line's `at`). */
export type EdgeName = 'left' | 'right' | 'top' | 'bottom';

/**
 * A gesture event: the keys and values of a `gspec run` output line. `G`
 * is the set's gesture names, `V` its view names (the `--emit js` module's
 * `GestureName` and `ViewName`). A `'marked'` event (v5) is a mark
 * crossed, with no position: narrow on `state` to read `x` and `y`.
 */
export type GestureEvent<G extends string = string, V extends string = string> = GestureMotionEvent<G, V> | GestureMarkEvent<G, V>;

/** A mark of a settle crossed (v5 `marks`): which, and which way the value went. */
export interface GestureMarkEvent<G extends string = string, V extends string = string> {
  /** Seconds. */
  t: number;
  gesture: G;
  state: 'marked';
  /** The mark's index in the settle's `marks`. */
  mark: number;
  /** 'up' as the value rose past the mark, 'down' as it fell back below it. */
  crossed: 'up' | 'down';
  /** The view receiving it, when the spec declares views. */
  view?: V;
}

/** Every event but a mark crossed. */
export interface GestureMotionEvent<G extends string = string, V extends string = string> {
  /** Seconds. */
  t: number;
  gesture: G;
  state: Exclude<GestureStateName, 'marked'>;
  /** The centroid of the gesture's touches, in points. */
  x: number;
  y: number;
  /** tap: how many taps were counted; not on 'failed' | 'marked' events. */
  taps?: number;
  /** swipe: the direction it went; not on 'failed' | 'marked' events. */
  direction?: DirectionName;
  /** pan, scroll: how far the touches moved since it began, in points [x, y]; not on 'failed' | 'marked' events. */
  translation?: [number, number];
  /** pinch: the distance between the fingers relative to when it began; not on 'failed' | 'marked' events. */
  scale?: number;
  /** rotation: radians since it began, positive clockwise on screen; not on 'failed' | 'marked' events. */
  rotation?: number;
  /** longPress, pan, pinch, rotation, scroll: per second, of the kind's other value ([x, y]: of a translation, or of a long press's location); not on 'failed' | 'marked' events. */
  velocity?: [number, number] | number;
  /** pan, pinch, rotation: how many fingers the values were measured from in that frame; not on 'failed' | 'marked' events. */
  fingers?: number;
  /** A settle's 'ended' (v5): where the model's momentum alone carries the value. */
  projected?: number;
  /** A settle's 'ended' with anchors (v5): the anchor chosen (its page with a pitch). */
  anchor?: number;
  /** A settle's 'ended' (v5): where the value rests. */
  rest?: number;
  /** 'action' when an accessibility action reported it (v4), not touches. */
  input?: 'action';
  /** The view receiving it, when the spec declares views. */
  view?: V;
}

/** The options of `gspec run` that `Runtime.run` takes as `flags`. */
export interface RunFlags {
  /** `--all-states`: Also print 'failed' for gestures that were in an attempt. */
  allStates?: boolean;
  /** `--deliveries`: Also print what the views receive: touchesBegan/Moved/Ended/Cancelled, in order. */
  deliveries?: boolean;
  /** `--explain`: Print failed gestures with the reason and spec line, and gestures held by a rule. */
  explain?: boolean;
  /** `--screen`: The screen size in points for screen-edge pans, when the trace has no {"screen":[W,H]} line. */
  screen?: string;
  /** `--stale-touch-timeout`: Cancel a touch that has had no sample for this long (default: never). */
  staleTouchTimeout?: string;
}

/** Counts of repaired stream anomalies (`engine.anomalies`; docs/semantics.md). */
export interface StreamAnomalies {
  timeWentBackwards: number;
  duplicateBegan: number;
  unknownTouch: number;
  nonFiniteCoordinate: number;
  overCapacity: number;
  staleTouch: number;
  unknownView: number;
}
// END generated (JavaScriptRuntimeEmitter.runtimeDeclarations)
/** A table the runtime refused; `name` is "GSpecTableError". */
export class GSpecTableError extends Error {
  name: 'GSpecTableError';
}

export type TableBytes = Uint8Array | ArrayBuffer | ArrayBufferView;

/** The names of a gesture set: what `gspec build --emit js` declares its `table` with. */
export interface SetNames {
  gesture: string;
  mode: string;
  view: string;
  /** Each gesture's run-time parameters and the text each takes (an emitted set's `GestureParameters`). */
  parameters?: { readonly [gesture: string]: { readonly [parameter: string]: string } };
}

/** The run-time parameters gesture `G` of a set has: any name for plain bytes. */
export type ParameterName<N extends SetNames, G> = N extends { parameters: infer P } ? (G extends keyof P ? keyof P[G] & string : never) : string;

/** The text parameter `K` of gesture `G` takes, with its unit (`'15pt'`, `'300ms'`). */
export type ParameterText<N extends SetNames, G, K> = N extends { parameters: infer P }
  ? G extends keyof P ? (K extends keyof P[G] ? P[G][K] : never) : never
  : string;

/**
 * A compiled table that carries its set's names for TypeScript (the emitted
 * module's `table`): an engine made from it takes and reports those names
 * only, so a misspelled gesture, mode or view is a type error. Plain bytes
 * give an engine of any names.
 */
export type Table<N extends SetNames = SetNames> = Uint8Array & { readonly __gspecNames?: N };

export interface Engine<N extends SetNames = SetNames> {
  /** Gesture names in table order. */
  readonly gestures: readonly N['gesture'][];
  readonly views: readonly N['view'][];
  readonly modes: readonly N['mode'][];
  /** The pointer kinds each gesture takes (its `input`), in table order. */
  readonly inputs: readonly (readonly PointerKindName[])[];
  /** The CSS touch-action the set leaves to the browser. */
  readonly touchAction: string;
  /**
   * The touch-action for each view's element, in the order of `views` (v4;
   * empty without views): from the gestures that see the view's touches,
   * with their scrolls' axes left to the browser. `attach` sets it on the
   * elements `views` maps, on a set with a `scroll`.
   */
  readonly viewTouchActions: readonly string[];
  /** One sample; a time that is not finite, or earlier than the clock, is clamped to the clock and counted in `anomalies`. */
  feed(sample: Sample<N['view']>): void;
  /** The repaired stream anomalies so far, by kind. */
  readonly anomalies: StreamAnomalies;
  /** The screen's size in points, which edge pans measure from; `attach` sets it to the element's box. */
  setScreen(width: number, height: number): void;
  /** Moves the clock to `t` seconds: applies the pending frame and fires the deadlines due; throws for a time a trace could not write (|t| >= 10^12 s, not finite). */
  advance(t: number): void;
  /** Applies the pending frame now (the host's frame of input is all in), with the deadlines due by its time; a later sample of that time starts a new frame. */
  endFrame(): void;
  finish(): void;
  /** Every event decided so far (`failed` included), cleared from the engine. */
  takeEvents(): readonly GestureEvent<N['gesture'], N['view']>[];
  nextDeadline(): number | null;
  /** The engine's clock in seconds: the latest sample's or `advance`'s time, where control calls apply. */
  readonly clock: number;
  /** Whether the gesture is enabled now (by `setEnabled`, or by the modes its `enabled:` names). */
  isEnabled(gesture: N['gesture']): boolean;
  setEnabled(gesture: N['gesture'], on: boolean): void;
  /**
   * A run-time parameter, as a trace's control line writes it (`'15pt'`,
   * `'300ms'`). With an emitted set's table, only that gesture's parameters
   * and their units type-check.
   */
  set<G extends N['gesture'], K extends ParameterName<N, G>>(gesture: G, parameter: K, value: ParameterText<N, G, K>): void;
  setMode(mode: N['mode'], on: boolean): void;
  /** Hands an active gesture over (`A hands over to B`), as a trace's {"handOver":NAME} line; not active: nothing changes. */
  handOver(gesture: N['gesture']): void;
  /** Says which edges of its content a `scroll` gesture is at now (v4), as a trace's {"scroll":NAME,"at":[...]} line. */
  setScrollEdges(gesture: N['gesture'], edges: EdgeName[]): void;
  /**
   * Says the platform began scrolling with a `scroll` gesture's touches
   * (v4), as a trace's {"scroll":NAME,"began":true} line: a scroll still in
   * its attempt claims them now (its `began` is among the next events).
   */
  scrollBegan(gesture: N['gesture']): void;
  /**
   * Says whether a `scroll` gesture's platform momentum runs (v5), as a
   * trace's {"scroll":NAME,"momentum":true|false} line; `false` also ends a
   * settle's momentum early. Meanwhile a touch coming down on its view stops
   * it and fails the set's taps and long presses (unless `duringMomentum: true`).
   */
  setMomentum(gesture: N['gesture'], running: boolean): void;
  /** Each gesture's accessibility action (v4 `action:`), or null, in table order. */
  readonly actionNames: readonly (string | null)[];
  /**
   * Performs a gesture's accessibility action (v4), as a trace's
   * {"action":NAME,"x":..,"y":..} line: `recognized` once at (x, y), its
   * view's centre, with neutral values and `input: 'action'`. Throws when
   * it has no action or is disabled.
   */
  performAction(gesture: N['gesture'], at?: { x?: number; y?: number; view?: N['view'] }): void;
  /** The enabled gestures' actions on a view (the set's, without views), in declaration order. */
  actions(view?: N['view']): ActionEntry<N['gesture']>[];
  free(): void;
}

/**
 * An event from `attach`: `target` is the element the gesture's first touch
 * began on (for a trackpad pinch, the element under the pointer; for a key
 * action, the focused item: `items`); not enumerable, so the event's keys
 * stay those of its `gspec run` line.
 */
export type AttachedEvent<N extends SetNames = SetNames> = GestureEvent<N['gesture'], N['view']> & { readonly target: Element };

export interface AttachOptions<N extends SetNames = SetNames> {
  onEvent(event: AttachedEvent<N>): void;
  /**
   * Each sample fed to the engine, as a trace line (for recording); on a set
   * with a `scroll`, also the scroll lines `attach` applies ({"scroll":NAME,"at":[...]}
   * at a touch's start, {"scroll":NAME,"began":true} when the browser takes a touch to scroll).
   */
  onSample?(sample: Sample<N['view']> | ScrollLine<N['gesture']> | ActionLine<N['gesture'], N['view']>): void;
  /** A spec view's name to the DOM element inside the attached one it stands for. */
  views?: Partial<Record<N['view'], Element>>;
  /**
   * A view's items, as a CSS selector of elements inside its element (a
   * list's rows): one tab stop (a roving tabindex), the arrow keys along the
   * way the set scrolls the view move between them, Home and End go to the
   * first and last; a key action of the view acts on the focused item
   * (its events' `target`), and when the app removes that item the next takes the focus.
   */
  items?: Partial<Record<N['view'], string>>;
}

export interface Attachment<N extends SetNames = SetNames> {
  readonly engine: Engine<N>;
  detach(): void;
}

export interface RunOptions {
  table: TableBytes;
  trace: Uint8Array | ArrayBuffer;
  flags?: RunFlags;
  input?: string;
  tracePath?: string;
  out?(text: string): void;
  err?(text: string): void;
}

export interface Runtime {
  /** An engine for a table; typed to its set's names when the table is an emitted module's. */
  engine<N extends SetNames = SetNames>(table: Table<N> | ArrayBuffer | ArrayBufferView): Engine<N>;
  /** Runs a set on an element's Pointer Events; throws if the element already has one attached. */
  attach<N extends SetNames = SetNames>(element: HTMLElement, table: Table<N> | ArrayBuffer | ArrayBufferView, options: AttachOptions<N>): Attachment<N>;
  /**
   * `gspec run` on the WebAssembly engine; returns the exit status. Only on a
   * runtime loaded from `gspec-run.wasm` (the engine plus the trace runner).
   */
  run(options: RunOptions): number;
  /** The options `run` takes, as `gspec run` has them (`placeholder` null for a flag without a value). */
  runOptions(): readonly { name: keyof RunFlags; flag: string; placeholder: string | null; help: string }[];
  /** Bytes of the module's heap: grown so far, and in use now. */
  heap(): { size: number; inUse: number };
}

/** An engine paced as a page receives samples (what `attach` does with Pointer Events). */
export interface Paced {
  /** One sample: `t` rounded to whole microseconds and never going back; equal times form one frame. */
  feed(sample: Sample): void;
  /** After the samples of one input event: one timer at the engine's next deadline (or the pending frame). */
  schedule(): void;
  /** Stops the timer; the engine stays the caller's to free. */
  stop(): void;
  /** The clock samples are timed by, in seconds. */
  now(): number;
  readonly stopped: boolean;
}

/**
 * Feeds `engine` samples as a page receives them and runs its clock: for a
 * page that reads its input itself (a canvas, a recorder) rather than `attach`.
 */
export function pace<N extends SetNames>(engine: Engine<N>, options: {
  /** The events each step decided, in order. */
  onEvents(events: readonly GestureEvent<N['gesture'], N['view']>[]): void;
  /** Each sample as fed, before the events it causes (a trace line, for recording). */
  onSample?(sample: Sample<N['view']>): void;
  /** Its timers' window (globalThis by default). */
  window?: { setTimeout(f: () => void, ms: number): unknown; clearTimeout(id: unknown): void; performance: { now(): number } };
  /** The page's clock in seconds (performance.now() / 1000, the time base of events' timeStamp, by default). */
  now?(): number;
}): Paced;

/** Pointer Events on an element as touch samples, as `attach` makes them (docs/web.md, "pointerInput"). */
export function pointerInput(element: Element, options: {
  /** The samples of one Pointer Event, in order. */
  onSamples(samples: Sample[]): void;
  /** Points (by default relative to the element's box). */
  point?(e: PointerEvent): { x: number; y: number };
  /** Seconds (by default `e.timeStamp / 1000`). */
  time?(e: PointerEvent): number;
  pointer?(e: PointerEvent): PointerKindName;
  /** The samples to send for a press, move or release (by default `[sample]`). */
  began?(e: PointerEvent, sample: Sample): Sample[];
  moved?(e: PointerEvent, sample: Sample): Sample[];
  ended?(e: PointerEvent, sample: Sample): Sample[];
}): { nextId(): number; remove(): void };

export function loadRuntime(options?: { wasm?: Uint8Array | ArrayBuffer | WebAssembly.Module | string | URL }): Promise<Runtime>;
