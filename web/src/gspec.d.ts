// Types of gspec.mjs, the web runtime of gspec (see docs/web.md).

/** A touch sample: the fields of a trace line (`t` in seconds). */
export interface Sample {
  t: number;
  touch: number;
  phase: 'began' | 'moved' | 'stationary' | 'ended' | 'cancelled';
  x: number;
  y: number;
  /** The hit view's name, on `began`, when the spec declares views. */
  view?: string;
  pointer?: 'touch' | 'pen' | 'mouse';
}

/** A gesture event: the keys and values of a `gspec run` output line. */
export interface GestureEvent {
  t: number;
  gesture: string;
  state: 'possible' | 'began' | 'changed' | 'ended' | 'recognized' | 'failed' | 'cancelled' | 'provisional' | 'retracted' | string;
  x: number;
  y: number;
  /** Tap: the taps so far. */
  taps?: number;
  /** Swipe. */
  direction?: string;
  /** Pan: [x, y]; pinch: the scale; rotation: radians. */
  translation?: [number, number];
  scale?: number;
  rotation?: number;
  velocity?: number | [number, number];
  /** The view receiving it, when the spec declares views. */
  view?: string;
}

/** A table the runtime refused; `name` is "GSpecTableError". */
export class GSpecTableError extends Error {
  name: 'GSpecTableError';
}

export type TableBytes = Uint8Array | ArrayBuffer | ArrayBufferView;

export interface Engine {
  /** Gesture names in table order. */
  readonly gestures: readonly string[];
  readonly views: readonly string[];
  readonly modes: readonly string[];
  /** The CSS touch-action the set leaves to the browser. */
  readonly touchAction: string;
  feed(sample: Sample): void;
  /** The screen's size in points, which edge pans measure from; `attach` sets it to the element's box. */
  setScreen(width: number, height: number): void;
  advance(t: number): void;
  finish(): void;
  /** Every event decided so far (`failed` included), cleared from the engine. */
  takeEvents(): GestureEvent[];
  nextDeadline(): number | null;
  /** The engine's clock in seconds: the latest sample's or `advance`'s time, where control calls apply. */
  readonly clock: number;
  /** Whether the gesture is enabled now (by `setEnabled`, or by the modes its `enabled:` names). */
  isEnabled(gesture: string): boolean;
  setEnabled(gesture: string, on: boolean): void;
  set(gesture: string, parameter: string, value: string): void;
  setMode(mode: string, on: boolean): void;
  /** Hands an active gesture over (`A hands over to B`), as a trace's {"handOver":NAME} line; not active: nothing changes. */
  handOver(gesture: string): void;
  free(): void;
}

export interface AttachOptions {
  onEvent(event: GestureEvent): void;
  /** Each sample fed to the engine, as a trace line (for recording). */
  onSample?(sample: Sample): void;
  /** A spec view's name to the DOM element inside the attached one it stands for. */
  views?: Record<string, Element>;
}

export interface Attachment {
  readonly engine: Engine;
  detach(): void;
}

export interface RunOptions {
  table: TableBytes;
  trace: Uint8Array | ArrayBuffer;
  flags?: { allStates?: boolean; explain?: boolean; deliveries?: boolean; screen?: string; staleTouchTimeout?: string };
  input?: string;
  tracePath?: string;
  out?(text: string): void;
  err?(text: string): void;
}

export interface Runtime {
  engine(table: TableBytes): Engine;
  attach(element: HTMLElement, table: TableBytes, options: AttachOptions): Attachment;
  /**
   * `gspec run` on the WebAssembly engine; returns the exit status. Only on a
   * runtime loaded from `gspec-run.wasm` (the engine plus the trace runner).
   */
  run(options: RunOptions): number;
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
export function pace(engine: Engine, options: {
  /** The events each step decided, in order. */
  onEvents(events: GestureEvent[]): void;
  /** Each sample as fed, before the events it causes (a trace line, for recording). */
  onSample?(sample: Sample): void;
  /** Its timers' window (globalThis by default). */
  window?: { setTimeout(f: () => void, ms: number): unknown; clearTimeout(id: unknown): void; performance: { now(): number } };
  /** The page's clock in seconds (performance.now() / 1000, the time base of events' timeStamp, by default). */
  now?(): number;
}): Paced;

export function loadRuntime(options?: { wasm?: Uint8Array | ArrayBuffer | WebAssembly.Module | string | URL }): Promise<Runtime>;
