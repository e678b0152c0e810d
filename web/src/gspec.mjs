// gspec's web runtime: compiled gesture tables (.gtab) run by the same engine
// as on iOS, compiled to WebAssembly (gspec.wasm beside this module).
// No dependencies; importing this module touches no browser global: only
// `attach` does, so it is safe in server-side rendering.

import { attach, fail, keyShortcut, pace, pointerInput } from './gspec-dom.mjs';

// The DOM part (gspec-dom.mjs) is this module's too: a page imports gspec.mjs only.
export { pace, pointerInput };

// What the table decides (names, kinds, views, modes, touch-action) each
// engine reads from gspec.wasm (`describe`); the event record's layout and
// the names of states, directions, phases and pointer kinds are the block
// below, generated from the runtime's own lists (EventDescription.swift),
// with the stamp `describe` must give for a gspec.wasm of the same lists.
// BEGIN generated from the runtime's lists (JavaScriptRuntimeEmitter.moduleConstants): do not edit by hand
/** The event record's layout (EventSlot): its size, and each slot's offset and storage. */
const RECORD = Object.freeze({ bytes: 104, slots: Object.freeze({ time: [0, 'f64'], x: [8, 'f64'], y: [16, 'f64'], value0: [24, 'f64'], value1: [32, 'f64'], velocity0: [40, 'f64'], velocity1: [48, 'f64'], gesture: [56, 'i32'], taps: [60, 'i32'], view: [64, 'i32'], state: [68, 'u8'], direction: [69, 'u8'], input: [70, 'u8'], touch: [72, 'i32'], fingers: [76, 'i32'], projected: [80, 'f64'], rest: [88, 'f64'], anchor: [96, 'i32'] }) });
/** What `describe` of a gspec.wasm built from the same lists gives as its `stamp` (EventSlot.layoutStamp). */
const STAMP = 2001404517;
/** Names by raw value: event states, directions, touch phases, pointer kinds (bit k: kind k), gesture kinds. */
const STATES = Object.freeze(['possible', 'began', 'changed', 'ended', 'cancelled', 'failed', 'recognized', 'provisional', 'retracted', 'marked']);
const DIRECTIONS = Object.freeze(['right', 'up-right', 'up', 'up-left', 'left', 'down-left', 'down', 'down-right']);
const PHASES = Object.freeze(['began', 'moved', 'stationary', 'ended', 'cancelled']);
const POINTERS = Object.freeze(['touch', 'pen', 'mouse']);
const KINDS = Object.freeze(['tap', 'longPress', 'swipe', 'pan', 'pinch', 'rotation', 'stroke', 'scroll']);
/** The states whose events carry no position or values. */
const BARE_STATES = Object.freeze(['failed', 'marked']);
/** A scroll's edges by the bit that stands for each (1 << a direction; '' for a direction that is no edge). */
const EDGES = Object.freeze(['right', '', 'top', '', 'left', '', 'bottom', '']);
/** Each kind's event with the values it carries (EventValue), by kind, read from the record at `at` (`number` rounds as `gspec run` prints). */
const EVENTS = Object.freeze([
  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y, taps: d.getInt32(at + 60, true) }),
  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y, velocity: [number(d.getFloat64(at + 40, true)), number(d.getFloat64(at + 48, true))] }),
  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y, direction: DIRECTIONS[d.getUint8(at + 69)] ?? DIRECTIONS[0] }),
  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y, translation: [number(d.getFloat64(at + 24, true)), number(d.getFloat64(at + 32, true))], velocity: [number(d.getFloat64(at + 40, true)), number(d.getFloat64(at + 48, true))], fingers: d.getInt32(at + 76, true) }),
  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y, scale: number(d.getFloat64(at + 24, true)), velocity: number(d.getFloat64(at + 40, true)), fingers: d.getInt32(at + 76, true) }),
  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y, rotation: number(d.getFloat64(at + 24, true)), velocity: number(d.getFloat64(at + 40, true)), fingers: d.getInt32(at + 76, true) }),
  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y }),
  (d, at, t, gesture, state, x, y) => ({ t, gesture, state, x, y, translation: [number(d.getFloat64(at + 24, true)), number(d.getFloat64(at + 32, true))], velocity: [number(d.getFloat64(at + 40, true)), number(d.getFloat64(at + 48, true))] }),
]);
/** The words of a control call or line that name no run-time parameter (ControlKey.reserved). */
const RESERVED = Object.freeze(['enabled', 'handOver', 'scroll', 'began', 'momentum', 't', 'set', 'mode', 'on', 'at', 'action']);
/** Run-time parameters (RuntimeParameter), by the index gspec_engine_set_parameter takes; then the names that cannot change at run time. */
const PARAMETERS = Object.freeze(['maxInterval', 'maxDuration', 'duration', 'slop', 'tapDistance', 'minDistance', 'edgeWidth', 'segment', 'minVelocity', 'maxAngle', 'hysteresis', 'minScore', 'maxRotation', 'threshold']);
const STRUCTURAL = Object.freeze(['taps', 'touches', 'directions', 'axis', 'edges', 'activeOffsetX', 'activeOffsetY', 'failOffsetX', 'failOffsetY', 'match', 'recognize', 'series', 'resample', 'minSegment', 'hooks', 'smoothing', 'chord', 'cancelsTouches', 'delaysTouchesBegan', 'delaysTouchesEnded', 'maxLatency', 'enabled', 'examples', 'maxTemplates', 'turning', 'corners', 'cornerAngle', 'firstLeg', 'closure', 'straightness', 'aspect', 'counterTurn', 'counterSpan', 'input', 'provisional', 'action', 'alternative', 'startX', 'startY', 'endX', 'endY', 'fingers', 'together', 'duringMomentum', 'hookLength', 'varyAspect', 'varyEnds', 'varyRounding', 'varyOvershoot', 'cancelsTouchesInView']);
/** Unit spellings (Unit), by the index gspec_engine_set_parameter takes. */
const UNITS = Object.freeze(['pt', 'ms', 's', 'deg', 'rad', 'pt/s', '%']);
/** Why a control call is refused (RefusalCode): a refused call returns 1 + the index of its key. */
const REFUSALS = Object.freeze({
  handsOverToNone: "'{gesture}' hands over to no gesture: it needs a rule such as '{gesture} hands over to other'",
  notOnView: "'{gesture}' is not on view '{view}'",
  noAction: "'{gesture}' has no action: the spec gives it one with 'action: \"...\"'",
  disabledAction: "'{gesture}' is disabled: its action is not offered",
  noMomentum: "'{gesture}' is a {kind} without 'settle': momentum is a scroll's or a settle's",
  notAScroll: "'{gesture}' is a {kind}: a 'scroll' line speaks of a scroll",
  enabledByModes: "'{gesture}' is enabled by modes ('enabled: {condition}'): set the mode instead",
  noValidValue: "'{parameter}' has no valid value: '{value}'",
  structural: "'{parameter}' is part of the compiled gesture and cannot change at run time",
  unknownParameter: "unknown parameter '{parameter}'",
  enabledIsNotAParameter: "'enabled' is switched on and off, not set as a parameter",
  notOfKind: "a {kind} has no parameter '{parameter}'",
  wrongUnit: "'{parameter}' takes {expected}",
  outOfRange: "'{parameter}' must be {range}",
  noSuchGesture: 'no gesture {index} in the table',
});
/** What a value in the wrong unit should have been (ExpectedValue), by index. */
const EXPECTED = Object.freeze(["a duration with its unit, such as '300ms' or '0.3s'", "a distance with its unit, such as '10pt'", "a distance ('10pt') or, for a relative segment, a percentage ('5%')", "a speed with its unit, such as '300pt/s'", "an angle with its unit, such as '30deg'", "a plain number (|scale - 1|), such as '0.1'", "a percentage, such as '5%'", 'a number', "a percentage: this stroke's segment is relative", "a distance: this stroke's segment is in points"]);
// END generated (JavaScriptRuntimeEmitter.moduleConstants)
const encoder = new TextEncoder();
// What takeEvents returns when nothing happened, most calls: no array per call.
const NO_EVENTS = Object.freeze([]);
const decoder = new TextDecoder();
// Room for a table's error message: the longest the runtime writes is under 200 bytes.
const ERROR_BYTES = 512;

/**
 * A number as `gspec run` prints it, read back: rounded to 1e-6 half away
 * from zero (EventFormatter.number). The quotient of the rounded integer by
 * 1e6 is the double nearest the printed decimal, as JSON.parse would give;
 * beyond 9e12 a double has no sixth decimal and prints as itself.
 */
function number(x) {
  if (!Number.isFinite(x)) return null;
  const scaled = x * 1e6;
  const n = scaled < 0 ? -Math.round(-scaled) : Math.round(scaled);
  if (Math.abs(n) >= 9e18) return x;
  return n / 1e6 + 0; // never -0: "-0.0" is not printed
}

/** Refusal `key`'s message (REFUSALS), its placeholders filled from `slots`, as the native library words it (RefusalCode.fill). */
function refusal(key, slots) {
  return new Error(`gspec: ${REFUSALS[key].replace(/\{(\w+)\}/g, (_, slot) => slots[slot] ?? '')}`);
}

/**
 * `x` as the runtime's messages print it (NumberText.swift's `shortest`:
 * C's `%g`, six significant digits of the shortest decimal form), from
 * the same digits: gspec.wasm takes them from `toExponential` too.
 */
function shortest(x) {
  if (!Number.isFinite(x) || x === 0) return x === 0 ? (Object.is(x, -0) ? '-0' : '0') : Number.isNaN(x) ? 'nan' : x < 0 ? '-inf' : 'inf';
  const [mantissa, e] = Math.abs(x).toExponential().split('e');
  const digits = [...mantissa.replace('.', '')].map(Number);
  let exponent = Number(e);
  if (digits.length > 6) {
    const dropped = digits.splice(6);
    // An exact tie rounds to even, as printf does; an integer is exact.
    const tie = dropped[0] === 5 && dropped.every((d, k) => k === 0 || d === 0) && Number.isInteger(x);
    if (dropped[0] > 5 || (dropped[0] === 5 && (!tie || digits[5] % 2 === 1))) {
      let i = 5;
      while (i >= 0 && digits[i] === 9) digits[i--] = 0;
      if (i >= 0) digits[i] += 1;
      else {
        digits.unshift(1);
        digits.pop();
        exponent += 1;
      }
    }
  }
  while (digits.length > 1 && digits[digits.length - 1] === 0) digits.pop();
  const sign = x < 0 ? '-' : '';
  if (exponent < -4 || exponent >= 6) {
    const a = Math.abs(exponent);
    return `${sign}${digits[0]}${digits.length > 1 ? `.${digits.slice(1).join('')}` : ''}e${exponent < 0 ? '-' : '+'}${a < 10 ? '0' : ''}${a}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits.join('')}`;
  while (digits.length < exponent + 1) digits.push(0);
  const fraction = digits.slice(exponent + 1);
  return sign + digits.slice(0, exponent + 1).join('') + (fraction.length ? `.${fraction.join('')}` : '');
}

/** A value in the runtime's unit written in `UNITS[unit]` as a spec writes it (Unit.literal): `12.5pt`, `30deg`, `300ms`, `2s`. */
function literal(v, unit) {
  const spelling = UNITS[unit];
  if ((spelling === 'ms' || spelling === 's') && Number.isInteger(v) && Math.abs(v) < 9e18) {
    // Whole microseconds, exactly (DurationText.literal).
    const us = BigInt(v), magnitude = us < 0n ? -us : us;
    if (us >= 1000000n && us % 1000000n === 0n) return `${us / 1000000n}s`;
    const fraction = magnitude % 1000n;
    return `${us < 0n ? '-' : ''}${magnitude / 1000n}${fraction ? `.${String(fraction).padStart(3, '0').replace(/0+$/, '')}` : ''}ms`;
  }
  const inUnit = { ms: v / 1000, s: v / 1000000, deg: (v * 180) / Math.PI, '%': v * 100 }[spelling] ?? v;
  return shortest(inUnit) + (spelling ?? '');
}

/** A parameter's allowed range as the engine returns it, [lower, upper, lower open (1), unit], in words (ParameterRange.text). */
function rangeText([lower, upper, open, unit]) {
  const low = literal(lower, unit), high = literal(upper, unit);
  if (lower === upper) return `exactly ${low}`;
  if (upper === Infinity) return (open ? 'greater than ' : 'at least ') + low;
  return open ? `greater than ${low} and at most ${high}` : `from ${low} to ${high}`;
}

/** A parameter value's text (`15pt`, `0.3s`, `5%`, `0.1`) as [number, unit index (-1: none)], as the trace reader reads it; null for none. */
function parameterValue(text) {
  // The longest unit spelling that ends the text (`pt/s`, not `s`).
  const unit = UNITS.reduce((best, u, k) => (text.endsWith(u) && (best < 0 || u.length > UNITS[best].length) ? k : best), -1);
  const number = unit < 0 ? text : text.slice(0, -UNITS[unit].length);
  // A plain decimal (JSON.decimal): sign, digits with at most one point, an exponent; no hexadecimal, inf or nan.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(number)) return null;
  const v = Number(number);
  return Number.isFinite(v) ? [v, unit] : null;
}

/** A table the runtime refused: corrupt, truncated, or from a newer gspec. */
export class GSpecTableError extends Error {
  constructor(message) {
    super(message);
    this.name = 'GSpecTableError';
  }
}

async function wasmModule(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  const url = source === undefined ? new URL('./gspec.wasm', import.meta.url) : new URL(String(source), import.meta.url);
  if (url.protocol === 'file:') {
    // node: fetch() does not read files.
    const { readFile } = await import('node:fs/promises');
    return WebAssembly.compile(await readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`gspec: cannot load ${url}: HTTP ${response.status}`);
  if (WebAssembly.compileStreaming && response.headers.get('content-type') === 'application/wasm') {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * Loads and instantiates the WebAssembly runtime. `options.wasm` may give the
 * module's bytes, a compiled `WebAssembly.Module`, or its URL; by default it
 * is `gspec.wasm` beside this module.
 */
export async function loadRuntime(options = {}) {
  if (options === null || typeof options !== 'object') fail('loadRuntime takes an options object');
  const module = await wasmModule(options.wasm);
  const runtime = new Runtime();
  const instance = await WebAssembly.instantiate(module, { env: runtime.imports() });
  runtime.exports = instance.exports;
  return runtime;
}

/** One instance of the WebAssembly module: its memory holds every engine made from it. */
export class Runtime {
  constructor() {
    this.exports = null;
    this.memoryView = null; // view()
    this.writers = [null, null, null];
    this.options = null;
  }

  /** @internal The functions the module imports. */
  imports() {
    return {
      gspec_write: (fd, ptr, len) => {
        const text = decoder.decode(this.bytes(ptr, len));
        const writer = this.writers[fd];
        if (writer) writer(text);
        else if (fd === 2 && typeof console !== 'undefined') console.error(text);
      },
      gspec_parse_decimal: (ptr, len) => Number(decoder.decode(this.bytes(ptr, len))),
      gspec_shortest: (x, ptr, capacity) => {
        const text = encoder.encode(x.toExponential());
        const n = Math.min(text.length, capacity);
        new Uint8Array(this.exports.memory.buffer, ptr, n).set(text.subarray(0, n));
        return n;
      },
    };
  }

  /**
   * @internal A DataView of the module's whole memory, made again only when
   * the memory grew: its old buffer is then detached, and a detached buffer's
   * length is 0, which costs less to read than `memory.buffer` on every call.
   */
  view() {
    if (this.memoryView === null || this.memoryView.buffer.byteLength === 0) this.memoryView = new DataView(this.exports.memory.buffer);
    return this.memoryView;
  }

  /** @internal A copy of module memory. */
  bytes(ptr, len) {
    return new Uint8Array(this.exports.memory.buffer, ptr, len).slice();
  }

  /** @internal gspec-run.wasm's output buffer (`gspec_run_options`), as text. */
  output() {
    const e = this.exports;
    return decoder.decode(this.bytes(e.gspec_output_ptr(), e.gspec_output_len()));
  }

  /** @internal Calls `body(ptr, len)` with `data` (bytes or text) in module memory. */
  withBytes(data, body) {
    const bytes = typeof data === 'string' ? encoder.encode(data) : data;
    const e = this.exports;
    const ptr = e.gspec_alloc(bytes.length);
    new Uint8Array(e.memory.buffer, ptr, bytes.length).set(bytes);
    try {
      return body(ptr, bytes.length);
    } finally {
      e.gspec_dealloc(ptr);
    }
  }

  /** Bytes of the module's heap: grown so far, and in use now. */
  heap() {
    return { size: this.exports.gspec_heap_size() >>> 0, inUse: this.exports.gspec_heap_in_use() >>> 0 };
  }

  /**
   * An engine for a compiled table (`.gtab` bytes). A corrupt table throws a
   * `GSpecTableError` saying what is wrong.
   */
  engine(table) {
    return new Engine(this, tableBytes(table));
  }

  /**
   * `gspec run TABLE --trace TRACE`: `table` and `trace` are bytes, `flags`
   * the command's options by name (`runOptions()`: allStates, explain, ...;
   * `true` for a flag, text for an option with a value), `input` and
   * `tracePath` the names messages use. Output goes to `out` and `err` as it
   * is decided; returns the exit status. Only on a runtime loaded from
   * gspec-run.wasm, which adds the trace runner (GestureTrace) to the
   * engine; gspec.wasm, which pages load, leaves it out.
   */
  run({ table, trace, flags = {}, input = 'table.gtab', tracePath = 'trace.jsonl', out, err }) {
    const e = this.exports;
    const options = this.runOptions();
    const lines = [];
    for (const [name, value] of Object.entries(flags)) {
      const option = options.find((o) => o.name === name);
      if (!option) fail(`unknown run option '${name}'; the options are ${options.map((o) => o.name).join(', ')}`);
      if (option.placeholder === null) {
        if (value) lines.push(name);
      } else if (value !== undefined && value !== null) {
        const text = String(value);
        if (text.includes('\n')) fail(`run option '${name}' takes one line, got ${JSON.stringify(text)}`);
        lines.push(`${name}=${text}`);
      }
    }
    this.writers = [null, out ?? null, err ?? null];
    const blocks = [tableBytes(table), trace instanceof Uint8Array ? trace : new Uint8Array(trace)]
      .concat([lines.join('\n'), input, tracePath].map((t) => encoder.encode(String(t))));
    const ptrs = blocks.map((b) => e.gspec_alloc(b.length));
    blocks.forEach((b, i) => new Uint8Array(e.memory.buffer, ptrs[i], b.length).set(b));
    try {
      return e.gspec_run(...blocks.flatMap((b, i) => [ptrs[i], b.length]));
    } finally {
      ptrs.forEach((p) => e.gspec_dealloc(p));
      this.writers = [null, null, null];
    }
  }

  /**
   * The options `run` takes, as `gspec run` has them: `{ name, flag,
   * placeholder, help }` (`placeholder` null for a flag without a value).
   * Only on a runtime loaded from gspec-run.wasm.
   */
  runOptions() {
    const e = this.exports;
    if (typeof e.gspec_run_options !== 'function') {
      fail("run needs the trace runner: loadRuntime({ wasm: new URL('gspec-run.wasm', import.meta.url) })");
    }
    this.options ??= (e.gspec_run_options(), JSON.parse(this.output()));
    return this.options;
  }

  /**
   * Runs `table`'s gestures on Pointer Events over `element`: see docs/web.md.
   * Returns `{ engine, detach() }`.
   */
  attach(element, table, options = {}) {
    return attach(this, element, table, options);
  }
}

// Samples checked for times in milliseconds (Engine.checkUnit).
const UNIT_CHECKS = 256;

// A trace's `t` has at most 18 digits of microseconds (|t| < 10^12 s), and the engine refuses what a trace cannot write.
const MAX_SECONDS = 1e12;

function checkTime(t, what) {
  if (typeof t !== 'number' || !Number.isFinite(t)) fail(`${what} must be a finite number of seconds, got ${t}`);
  if (Math.abs(t) >= MAX_SECONDS) fail(`${what} is out of range: ${t} seconds`);
}

function tableBytes(table) {
  if (table instanceof Uint8Array) return table;
  if (table instanceof ArrayBuffer) return new Uint8Array(table);
  if (ArrayBuffer.isView(table)) return new Uint8Array(table.buffer, table.byteOffset, table.byteLength);
  fail('a table is the bytes of a .gtab file (Uint8Array or ArrayBuffer)');
}

/**
 * Reads event records (`describe`'s `record`) as the objects of their
 * `gspec run` lines: `t`, `gesture`, `state`, `x`, `y`, the values its kind
 * carries (the generated `EVENTS`, unless the state is bare), then `view` with
 * declared views; numbers rounded as `gspec run` prints them (so equal to
 * JSON.parse of the line). A class, not a closure per engine: every engine's
 * reader then has one hidden class and its methods one call target, so code
 * optimized for one engine stays optimized for the next (a closure per
 * engine deoptimized `takeEvents` at each new engine).
 */
class EventReader {
  constructor(gestures, views, kinds) {
    // Offsets from the record's layout. Reads are direct DataView calls at
    // numeric offsets: this runs for every event a page gets.
    const offset = (name) => {
      if (!RECORD.slots[name]) throw new Error(`gspec: gspec.mjs reads record slot '${name}', which the record has not`);
      return RECORD.slots[name][0];
    };
    [this.T, this.X, this.Y, this.G, this.V, this.U, this.S, this.I, this.P, this.R, this.A, this.D] =
      ['time', 'x', 'y', 'gesture', 'view', 'touch', 'state', 'input', 'projected', 'rest', 'anchor', 'direction'].map((n) => offset(n));
    // v5 settles: a mark crossed has no position or values; an ended with a decision adds it.
    [this.MARKED, this.ENDED, this.DOWN] = [STATES.indexOf('marked'), STATES.indexOf('ended'), DIRECTIONS.indexOf('down')];
    // Per gesture, the function making its kind's events (the generated EVENTS).
    this.makers = kinds.map((k) => EVENTS[k]);
    this.carried = STATES.map((s) => !BARE_STATES.includes(s));
    [this.gestures, this.states, this.views] = [gestures, STATES, views];
    this.hasViews = this.views.length > 0;
  }

  /** The first touch of the event at `at` (-1: none). */
  touch(d, at) {
    return d.getInt32(at + this.U, true);
  }

  read(d, at) {
    const g = d.getInt32(at + this.G, true);
    const s = d.getUint8(at + this.S);
    if (s === this.MARKED) {
      const event = { t: d.getFloat64(at + this.T, true) / 1e6, gesture: this.gestures[g], state: this.states[s],
        mark: d.getInt32(at + this.A, true), crossed: d.getUint8(at + this.D) === this.DOWN ? 'down' : 'up' };
      if (this.hasViews) event.view = this.views[d.getInt32(at + this.V, true)];
      return event;
    }
    const t = d.getFloat64(at + this.T, true) / 1e6, gesture = this.gestures[g], state = this.states[s];
    const x = number(d.getFloat64(at + this.X, true)), y = number(d.getFloat64(at + this.Y, true));
    const event = this.carried[s] ? this.makers[g](d, at, t, gesture, state, x, y) : { t, gesture, state, x, y };
    if (s === this.ENDED) {
      const projected = d.getFloat64(at + this.P, true);
      if (projected === projected) {
        event.projected = number(projected);
        const anchor = d.getInt32(at + this.A, true);
        if (anchor !== -2147483648) event.anchor = anchor;
        event.rest = number(d.getFloat64(at + this.R, true));
      }
    }
    if (d.getUint8(at + this.I) === 1) event.input = 'action';
    if (this.hasViews) event.view = this.views[d.getInt32(at + this.V, true)];
    return event;
  }
}

/** One gesture set's engine: feed it touch samples, take its gesture events. */
export class Engine {
  constructor(runtime, bytes) {
    this.runtime = runtime;
    const e = runtime.exports;
    // The table's error, if it has one, in a buffer of ours: the module keeps no state of its own.
    const error = e.gspec_alloc(ERROR_BYTES);
    let handle;
    try {
      handle = runtime.withBytes(bytes, (p, n) => e.gspec_engine_new(p, n, error, ERROR_BYTES));
      if (handle === 0) {
        const text = new Uint8Array(e.memory.buffer, error, ERROR_BYTES);
        throw new GSpecTableError(decoder.decode(text.slice(0, text.indexOf(0))));
      }
    } finally {
      e.gspec_dealloc(error);
    }
    this.handle = handle;
    e.gspec_engine_describe(handle);
    const names = JSON.parse(this.output());
    if (names.stamp !== STAMP) throw new Error('gspec: gspec.wasm does not match gspec.mjs (another version)');
    /** Gesture names in table order. */
    this.gestures = Object.freeze(names.gestures);
    /** View names (empty when the spec declares none). */
    this.views = Object.freeze(names.views);
    /** Mode names. */
    this.modes = Object.freeze(names.modes);
    /** The CSS touch-action the set leaves to the browser. */
    this.touchAction = names.touchAction;
    this.kinds = names.kinds.map((k) => KINDS[k]);
    /** The pointer kinds each gesture takes (its `input`), in table order. */
    this.inputs = Object.freeze(names.inputs.map((bits) => Object.freeze(POINTERS.filter((_, k) => bits & (1 << k)))));
    this.phases = PHASES;
    this.edges = EDGES;
    this.pointers = POINTERS;
    this.gestureViews = names.gestureViews.map((v) => this.views[v] ?? ''); // each gesture's view name ('' without views)
    this.conditions = names.conditions; // each gesture's `enabled:` condition on modes ('' for none)
    /** The touch-action for each view's element (v4), in the order of `views`. */
    this.viewTouchActions = Object.freeze(names.viewTouchActions);
    /** Each gesture's accessibility action (v4 `action:`), or null, in table order. */
    this.actionNames = Object.freeze(names.actions.map((a) => a || null));
    this.recordBytes = RECORD.bytes;
    this.eventTouches = null; // attach sets an array: the first touch of each event taken
    this.lastMove = new Map(); // touch -> { t, slow }: for checkUnit
    this.toldAboutUnit = false;
    this.unitChecks = 0;
    this.reader = new EventReader(this.gestures, this.views, names.kinds);
  }

  live() {
    if (this.handle === 0) throw new Error('gspec: the engine was freed');
    return this.runtime.exports;
  }

  /** @internal The output of this engine's last call that produced one, as text. */
  output() {
    const e = this.runtime.exports;
    return decoder.decode(this.runtime.bytes(e.gspec_engine_output_ptr(this.handle), e.gspec_engine_output_len(this.handle)));
  }

  /** One touch sample, with the fields of a trace line (`t` in seconds). */
  feed(sample) {
    const e = this.live();
    if (sample === null || typeof sample !== 'object') fail('feed takes a sample object { t, touch, phase, x, y }');
    const { t, touch, phase, x, y, view, pointer } = sample;
    // A time that is not finite is the engine's to count (engine.anomalies), as a sample going back in time.
    if (typeof t !== 'number') fail(`'t' must be a number of seconds, got ${t}`);
    if (Number.isFinite(t)) {
      if (Math.abs(t) >= MAX_SECONDS) fail(`'t' is out of range: ${t} seconds`);
      this.checkUnit(t, touch, phase);
    }
    if (!Number.isSafeInteger(touch)) fail(`'touch' must be an integer, got ${touch}`);
    const p = this.phases.indexOf(phase);
    if (p < 0) fail(`unknown phase '${phase}'; expected ${this.phases.join(', ')}`);
    if (typeof x !== 'number' || typeof y !== 'number') fail("'x' and 'y' must be numbers");
    let v = 0;
    if (view !== undefined && view !== null && this.views.length > 0) {
      v = this.views.indexOf(view);
      if (v < 0) fail(`unknown view '${view}'`);
    }
    const k = pointer === undefined ? 0 : this.pointers.indexOf(pointer);
    if (k < 0) fail(`'pointer' must be one of ${this.pointers.map((n) => `"${n}"`).join(', ')}, got ${pointer}`);
    // Everything the engine refuses was checked above; a refusal is still the engine's message, not silence.
    if (e.gspec_engine_feed(this.handle, t, touch, p, x, y, v, k)) fail(this.output());
  }

  /**
   * @internal Times are seconds. Milliseconds (a timeStamp not divided by
   * 1000) make every duration a thousand times too short and every sample a
   * new frame: said once, in the console, when the first sample is over
   * 10^5 s, or when a touch's moves come 2 s or more apart five times in a row.
   */
  checkUnit(t, touch, phase) {
    if (this.toldAboutUnit) return;
    // A stream in milliseconds shows within its first samples; after those, feed pays nothing for this.
    if (++this.unitChecks > UNIT_CHECKS) {
      this.toldAboutUnit = true;
      this.lastMove.clear();
      return;
    }
    let suspect = this.unitChecks === 1 && t > 1e5; // the first sample
    const last = this.lastMove.get(touch);
    if (phase === 'moved' && last !== undefined) {
      const slow = t - last.t >= 2 ? last.slow + 1 : 0;
      this.lastMove.set(touch, { t, slow });
      suspect ||= slow >= 5;
    } else if (phase === 'began' || phase === 'moved') {
      this.lastMove.set(touch, { t, slow: 0 });
    } else {
      this.lastMove.delete(touch);
    }
    if (suspect && typeof console !== 'undefined') {
      this.toldAboutUnit = true;
      console.warn(`gspec: sample times look like milliseconds (t = ${t}); the engine counts seconds: divide by 1000 (a Pointer Event's timeStamp / 1000)`);
    }
  }

  /**
   * The repaired stream anomalies so far, by kind (docs/semantics.md): samples
   * going back in time or with a time that is not finite (clamped), a
   * `began` for a touch already down, events for unknown touches,
   * non-finite coordinates, touches over capacity, stale touches, touches on
   * views the table lacks.
   */
  get anomalies() {
    this.live().gspec_engine_anomalies(this.handle);
    return JSON.parse(this.output());
  }

  /**
   * The screen's size in points: edge pans (`edges: left`, ...) start within
   * `edgeWidth` of its sides. `attach` sets it to the element's box.
   */
  setScreen(width, height) {
    if (typeof width !== 'number' || typeof height !== 'number' || !(width > 0) || !(height > 0) || !Number.isFinite(width + height)) {
      fail('setScreen takes a width and a height in points, both greater than 0');
    }
    this.live().gspec_engine_set_screen(this.handle, width, height);
  }

  /** Moves the clock to `t` seconds: applies the pending frame and fires the deadlines due. */
  advance(t) {
    checkTime(t, 'advance');
    if (this.live().gspec_engine_advance(this.handle, t)) fail(this.output());
  }

  /** Applies the pending frame now (the host's frame of input is all in), with the deadlines due by its time. */
  endFrame() {
    this.live().gspec_engine_end_frame(this.handle);
  }

  /** Runs the clock on until no timer is pending. */
  finish() {
    this.live().gspec_engine_finish(this.handle);
  }

  /** The events decided so far (every state, `failed` included), cleared from the engine; none: one shared, frozen empty array. */
  takeEvents() {
    const e = this.live();
    const count = e.gspec_engine_take_events(this.handle);
    if (count === 0) return NO_EVENTS;
    const data = this.runtime.view(), base = e.gspec_engine_output_ptr(this.handle), size = this.recordBytes;
    const events = new Array(count);
    for (let i = 0; i < count; i++) events[i] = this.reader.read(data, base + i * size);
    // For attach: each event's first touch (-1: none), to find the element it began on.
    if (this.eventTouches) {
      this.eventTouches.length = count;
      for (let i = 0; i < count; i++) this.eventTouches[i] = this.reader.touch(data, base + i * size);
    }
    return events;
  }

  /** The engine's clock in seconds: the latest sample's, `advance`'s or control call's time. */
  get clock() {
    return this.live().gspec_engine_clock(this.handle);
  }

  /** The time of the next timer in seconds, or null. */
  nextDeadline() {
    const d = this.live().gspec_engine_next_deadline(this.handle);
    return d < 0 ? null : d;
  }

  /**
   * @internal Throws the refusal of a control call about gesture `g`
   * (`status`: 1 + the index of a REFUSALS key, 0 for none), worded from the
   * catalogue with the numbers the engine left in its output.
   */
  control(status, g, slots = {}) {
    if (status === 0) return;
    const key = Object.keys(REFUSALS)[status - 1];
    const data = this.runtime.view(), base = this.live().gspec_engine_output_ptr(this.handle);
    const numbers = (n) => Array.from({ length: n }, (_, k) => data.getFloat64(base + 8 * k, true));
    const name = this.gestures[g];
    const shared = this.gestures.filter((n) => n === name).length > 1 && this.views.length > 0;
    throw refusal(key, {
      gesture: key === 'disabledAction' && shared ? `${name} on ${this.gestureViews[g]}` : name,
      kind: this.kinds[g],
      condition: this.conditions[g],
      index: g,
      expected: key === 'wrongUnit' ? EXPECTED[numbers(1)[0]] : '',
      range: key === 'outOfRange' ? rangeText(numbers(4)) : '',
      ...slots,
    });
  }

  gestureIndex(name) {
    const g = this.gestures.indexOf(name);
    if (g < 0) fail(`unknown gesture '${name}'; the set has ${[...new Set(this.gestures)].join(', ')}`);
    return g;
  }

  /** Whether the gesture is enabled now (by `setEnabled`, or by the modes its `enabled:` names). */
  isEnabled(name) {
    return this.live().gspec_engine_is_enabled(this.handle, this.gestureIndex(name)) === 1;
  }

  /** Enables or disables a gesture, as a trace's {"set":NAME,"enabled":..} line. */
  setEnabled(name, on) {
    if (typeof name !== 'string' || typeof on !== 'boolean') fail('setEnabled takes a gesture name and true or false');
    const g = this.gestureIndex(name);
    this.control(this.live().gspec_engine_set_enabled(this.handle, g, on ? 1 : 0), g);
  }

  /** Changes a run-time parameter (`"slop"`, `"15pt"`), as a trace's {"set":NAME,PARAMETER:VALUE} line. */
  set(name, parameter, value) {
    if (typeof name !== 'string' || typeof parameter !== 'string' || parameter === '') {
      fail('set takes a gesture name, a parameter name and a value');
    }
    if (RESERVED.includes(parameter)) fail(`'${parameter}' is not a parameter`);
    const g = this.gestureIndex(name), p = PARAMETERS.indexOf(parameter);
    if (p < 0) throw refusal(STRUCTURAL.includes(parameter) ? 'structural' : 'unknownParameter', { parameter });
    const text = String(value), read = parameterValue(text);
    if (!read) throw refusal('noValidValue', { parameter, value: text });
    this.control(this.live().gspec_engine_set_parameter(this.handle, g, p, read[1], read[0]), g, { parameter });
  }

  /**
   * Hands an active gesture over (`A hands over to B`), as a trace's
   * {"handOver":NAME} line: NAME reports `cancelled` and the first gesture it
   * hands over to that is enabled and free reports `began` with its touches.
   * A gesture that is not active changes nothing; one with no such rule throws.
   */
  handOver(name) {
    if (typeof name !== 'string') fail('handOver takes a gesture name');
    const g = this.gestureIndex(name);
    this.control(this.live().gspec_engine_hand_over(this.handle, g), g);
  }

  /**
   * Says which edges of its content a `scroll` gesture is at now (v4), as a
   * trace's {"scroll":NAME,"at":[...]} line: `['top']` while the list's
   * `scrollTop` is 0, `[]` once it has scrolled. A pull past an edge that
   * its `at` hand-over names then goes to that gesture instead of scrolling.
   */
  setScrollEdges(name, edges) {
    if (typeof name !== 'string' || !Array.isArray(edges) || edges.some((e) => typeof e !== 'string')) {
      fail('setScrollEdges takes a gesture name and a list of edges (top, bottom, left, right)');
    }
    let bits = 0;
    for (const edge of edges) {
      const d = edge ? this.edges.indexOf(edge) : -1;
      if (d < 0) fail(`'${edge}' is no edge; a scroll is at ${this.edges.filter(Boolean).join(', ')}, or none`);
      bits |= 1 << d;
    }
    const g = this.gestureIndex(name);
    this.control(this.live().gspec_engine_set_scroll_edges(this.handle, g, bits), g);
  }

  /**
   * Says that the platform began scrolling with a `scroll` gesture's touches
   * (v4), as a trace's {"scroll":NAME,"began":true} line: a scroll still in
   * its attempt claims them now (its `began` is among the next events;
   * none when another gesture had taken the touches). `attach` calls it on
   * a browser `pointercancel` in the scroll's view.
   */
  scrollBegan(name) {
    if (typeof name !== 'string') fail('scrollBegan takes a gesture name');
    const g = this.gestureIndex(name);
    this.control(this.live().gspec_engine_scroll_began(this.handle, g), g);
  }

  /**
   * Says whether a `scroll` gesture's platform momentum runs (v5), as a
   * trace's {"scroll":NAME,"momentum":true|false} line (or ends a settle's
   * momentum early): meanwhile a touch on its view stops it and is no tap
   * or long press of the set. `attach` calls it for its native scrolls.
   */
  setMomentum(name, running) {
    if (typeof name !== 'string' || typeof running !== 'boolean') fail('setMomentum takes a gesture name and a boolean');
    const g = this.gestureIndex(name);
    this.control(this.live().gspec_engine_set_momentum(this.handle, g, running ? 1 : 0), g);
  }

  /**
   * Performs a gesture's accessibility action (v4 `action:`), as a trace's
   * {"action":NAME,"x":..,"y":..} line: the gesture reports `recognized`
   * once at (x, y), its view's centre, with neutral values and
   * `input: 'action'`. `view` picks the instance of a gesture on several
   * views. Throws when the gesture has no action or is disabled.
   */
  performAction(name, { x = 0, y = 0, view } = {}) {
    if (typeof name !== 'string' || !Number.isFinite(x) || !Number.isFinite(y)) fail('performAction takes a gesture name and { x, y, view }');
    let g = this.gestureIndex(name);
    if (view !== undefined) {
      g = this.gestures.findIndex((n, k) => n === name && this.gestureViews[k] === view);
      if (g < 0) fail(`'${name}' is not on view '${view}'`);
    }
    this.act(g, x, y);
  }

  /** @internal Performs the action of gesture index `g` (this instance) at (x, y). */
  act(g, x, y) {
    this.control(this.live().gspec_engine_action(this.handle, NaN, g, x, y), g);
  }

  /**
   * The accessibility actions offered on a view (v4; without views, the
   * set's): [{ gesture, action, shortcut }], `shortcut` the key `attach`
   * binds (an `aria-keyshortcuts` value) or null, in declaration order.
   */
  actions(view) {
    const on = view ?? (this.views.length ? this.views[0] : '');
    return this.actionNames.flatMap((action, g) => (action && this.gestureViews[g] === on && this.isEnabled(this.gestures[g])
      ? [{ gesture: this.gestures[g], action, shortcut: keyShortcut(action)?.text ?? null }] : []));
  }

  /** Turns a mode on or off, as a trace's {"mode":NAME,"on":..} line. */
  setMode(name, on) {
    if (typeof name !== 'string' || typeof on !== 'boolean') fail('setMode takes a mode name and true or false');
    const m = this.modes.indexOf(name);
    if (m < 0) fail(`unknown mode '${name}'${this.modes.length ? `; the set has ${this.modes.join(', ')}` : '; the spec declares no modes'}`);
    this.live().gspec_engine_set_mode(this.handle, m, on ? 1 : 0);
  }

  /** Releases the engine; using it afterwards throws. */
  free() {
    if (this.handle === 0) return;
    this.runtime.exports.gspec_engine_free(this.handle);
    this.handle = 0;
  }
}
