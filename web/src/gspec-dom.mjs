// gspec's web runtime, its DOM part: samples from a page's input, paced as a
// browser delivers them (`pace`, `pointerInput`), and `attach`, which runs a
// table on an element's Pointer Events, keys, wheel and native scrolling.
// gspec.mjs, the engine, imports it and exports its functions: a page
// imports gspec.mjs only. Importing it touches no browser global; only
// `attach` and `pointerInput` do, when called.

/** @internal A caller's mistake, as a TypeError (gspec.mjs throws them too). */
export function fail(message) {
  throw new TypeError(`gspec: ${message}`);
}

// The keys an action's name may name (v4): `aria-keyshortcuts` spellings, that
// is UI Events key values with `Space` and `Plus`, after any modifiers joined
// by '+' (`Delete`, `Control+Z`, `Shift+ArrowLeft`); or one letter or digit.
// BEGIN generated from the runtime's lists (JavaScriptRuntimeEmitter.domConstants): do not edit by hand
const NAMED_KEYS = Object.freeze(['Enter', 'Escape', 'Delete', 'Backspace', 'Space', 'Plus', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown', 'Insert', 'F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10', 'F11', 'F12']);
const MODIFIERS = Object.freeze(['Alt', 'Control', 'Meta', 'Shift']);
// END generated (JavaScriptRuntimeEmitter.domConstants)

/** The key an action names, or null: { key (as KeyboardEvent.key), modifiers (in MODIFIERS' order), text }. */
export function keyShortcut(action) {
  const parts = action.split('+');
  const key = parts.pop();
  if (parts.some((m) => !MODIFIERS.includes(m)) || new Set(parts).size !== parts.length) return null;
  if (!NAMED_KEYS.includes(key) && !/^[A-Za-z0-9]$/.test(key)) return null;
  return { key: key === 'Space' ? ' ' : key === 'Plus' ? '+' : key.toLowerCase(), modifiers: MODIFIERS.map((m) => parts.includes(m)), text: action };
}

// ---- pace: samples as a browser delivers them ----------------------------

/**
 * Feeds an engine samples as a page receives them, and runs its clock: what
 * `attach` does with Pointer Events, for a page that reads its input itself
 * (a canvas, a recorder). `feed(sample)` rounds `t` to the engine's whole
 * microseconds and never lets it go back (behind the last sample or the
 * engine's clock); samples of equal `t` form one
 * frame, applied once the input task that brought them ends; `schedule()`
 * (after the samples of an input event) keeps one timer at the next
 * deadline. `onEvents(events)` gets the events each step decided, in order;
 * `onSample(sample)` each sample as fed (a trace line, for recording), before
 * the events it causes. `now()` is the page's clock in seconds
 * (`performance.now()`, the time base of events' `timeStamp`, by default).
 */
export function pace(engine, { onEvents, onSample, window: win = globalThis, now = () => win.performance.now() / 1000 } = {}) {
  if (typeof onEvents !== 'function') fail('pace needs { onEvents(events) }');
  let lastT = 0;
  let pending = false;
  let closedAt = -Infinity; // the time of a frame the timer or flush() applied: a later sample of that time starts the next
  let timer = null;
  const paced = { now, stopped: false };
  // The frame of equal times is complete (the input task that brought it has ended): applied, and closed.
  const closeFrame = () => {
    pending = false;
    engine.endFrame();
    closedAt = lastT;
  };
  const dispatch = () => {
    const events = engine.takeEvents();
    if (events.length > 0) onEvents(events);
  };
  const tick = () => {
    timer = null;
    if (paced.stopped) return;
    if (pending) {
      closeFrame();
    } else {
      engine.advance(Math.max(now(), lastT));
    }
    dispatch();
    paced.schedule();
  };
  paced.schedule = () => {
    if (timer !== null) win.clearTimeout(timer);
    timer = null;
    if (paced.stopped) return;
    if (pending) {
      timer = win.setTimeout(tick, 0);
      return;
    }
    const d = engine.nextDeadline();
    if (d !== null) timer = win.setTimeout(tick, Math.max(0, (d - now()) * 1000));
  };
  paced.feed = (sample) => {
    // A time that is not finite goes to the engine as it is (which counts it), without moving this clock.
    if (typeof sample?.t === 'number' && !Number.isFinite(sample.t)) {
      engine.feed(sample);
      pending = true;
      dispatch();
      return;
    }
    // Whole microseconds, as the engine counts: a recorded sample's `t` then reads back exactly.
    sample.t = Math.round(sample.t * 1e6) / 1e6;
    // Never behind the last sample, nor behind the engine's clock (a deadline
    // the timer fired, a control call): the engine would take such a sample
    // at its clock, and the recorded trace then replays alike.
    const floor = Math.max(lastT, engine.clock);
    if (sample.t < floor) sample.t = floor;
    // A frame already applied is closed (a browser under load stamps several input events alike): the sample opens the next.
    if (sample.t <= closedAt) sample.t = Math.round(closedAt * 1e6 + 1) / 1e6;
    if (pending && sample.t > lastT) pending = false; // the engine applies the earlier frame itself
    lastT = sample.t;
    if (onSample) onSample({ ...sample });
    engine.feed(sample);
    pending = true;
    dispatch();
  };
  /** Applies the pending frame now (the input task's samples are all in) and hands on its events. */
  paced.flush = () => {
    if (pending) closeFrame();
    dispatch();
  };
  /** Stops the timer; the engine stays the caller's. */
  paced.stop = () => {
    paced.stopped = true;
    if (timer !== null) win.clearTimeout(timer);
    timer = null;
  };
  return paced;
}

// ---- attach: Pointer Events to the engine --------------------------------

/**
 * Pointer Events on `element` as touch samples (the fields of a trace line):
 * each pointer a touch id (1, 2, ...) from its press (a mouse's primary
 * button) until it lifts, is cancelled or loses capture; every coalesced
 * move; times from the events' `timeStamp`. `attach` and the playground
 * both take their input from here. `options`:
 *
 * - `onSamples(samples)`: the samples of one Pointer Event, in order.
 * - `point(e)`: `{ x, y }` in points (by default, relative to the element's box).
 * - `time(e)`: seconds (by default `e.timeStamp / 1000`).
 * - `pointer(e)`: the sample's pointer kind (by default the event's: touch, pen or mouse).
 * - `began(e, sample)`, `moved(e, sample)`, `ended(e, sample)`: the samples
 *   to send for a press, move or release (by default `[sample]`): a view to add, another finger.
 *
 * Returns `{ nextId(), remove() }`: a fresh touch id (for synthetic fingers), and removing the listeners.
 */
export function pointerInput(element, options) {
  const { onSamples } = options;
  const point = options.point ?? ((e) => {
    const r = element.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  });
  const time = options.time ?? ((e) => e.timeStamp / 1000);
  const pointer = options.pointer ?? ((e) => (e.pointerType === 'pen' ? 'pen' : e.pointerType === 'mouse' ? 'mouse' : 'touch'));
  const [began, moved, ended] = ['began', 'moved', 'ended'].map((k) => options[k] ?? ((_, sample) => [sample]));
  const tracked = new Map(); // pointerId -> touch id
  let next = 1;
  const sample = (e, touch, phase, at = e) => ({ t: time(at), touch, phase, ...point(at), pointer: pointer(e) });
  const down = (e) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    if (tracked.has(e.pointerId)) return;
    const id = next++;
    tracked.set(e.pointerId, id);
    try {
      element.setPointerCapture(e.pointerId);
    } catch {
      // A synthetic or already released pointer cannot be captured; it is tracked anyway.
    }
    onSamples(began(e, sample(e, id, 'began')));
  };
  const move = (e) => {
    const id = tracked.get(e.pointerId);
    if (id === undefined) return;
    // Coalesced events: every sample the browser merged into this one, so a fast finger is not under-sampled.
    const merged = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : [];
    onSamples((merged.length > 0 ? merged : [e]).flatMap((c) => moved(e, sample(e, id, 'moved', c))));
  };
  const up = (phase) => (e) => {
    const id = tracked.get(e.pointerId);
    if (id === undefined) return;
    tracked.delete(e.pointerId);
    onSamples(ended(e, sample(e, id, phase)));
  };
  const listeners = [['pointerdown', down], ['pointermove', move], ['pointerup', up('ended')],
    ['pointercancel', up('cancelled')], ['lostpointercapture', up('cancelled')]];
  for (const [type, fn] of listeners) element.addEventListener(type, fn);
  return {
    nextId: () => next++,
    remove: () => { for (const [type, fn] of listeners) element.removeEventListener(type, fn); },
  };
}

const WHEEL_PINCH_END_MS = 150;
const MAX_TARGETS = 64; // touches whose element attach remembers: more than are ever down, and a double tap's first
const SYNTHETIC_SPAN = 100; // points between the two fingers of a trackpad pinch at its start

// Elements with a set attached: a second `attach` would run two engines on one element.
const attached = new WeakSet();

/** @internal `Runtime.attach`: see there and docs/web.md. */
export function attach(runtime, element, table, { onEvent, onSample, views, items } = {}) {
  if (!element || typeof element.addEventListener !== 'function') fail('attach takes a DOM element');
  if (typeof onEvent !== 'function') fail('attach needs { onEvent(event) }');
  if (attached.has(element)) {
    throw new Error('gspec: this element already has a gesture set attached; call detach() on that attachment first, or attach each set to its own element');
  }
  const engine = runtime.engine(table);
  let viewElements, itemLists;
  try {
    viewElements = viewElementsOf(engine, element, views);
    itemLists = itemListsOf(engine, element, viewElements, items);
  } catch (error) {
    engine.free();
    throw error;
  }
  const win = element.ownerDocument.defaultView;
  // The app's own touch-action wins; otherwise the set's.
  if (!element.style.touchAction && win.getComputedStyle(element).touchAction === 'auto') {
    element.style.touchAction = engine.touchAction;
  }
  const observer = screenFollows(engine, element, win);
  // Each event's `target`: the element its gesture's first touch began on (a row of a list, without views).
  const targets = new Map(); // touch id -> element, the latest MAX_TARGETS touches
  engine.eventTouches = [];
  const onEvents = (events) => {
    const touches = engine.eventTouches.slice(0, events.length); // onEvent may take events itself
    events.forEach((event, k) => {
      // Not enumerable: the event's keys stay those of its `gspec run` line.
      const target = event.input === 'action' ? keys.target : targets.get(touches[k]);
      Object.defineProperty(event, 'target', { value: target ?? element, enumerable: false });
      onEvent(event);
    });
  };
  const paced = pace(engine, { window: win, onSample, onEvents: (events) => { scrolling?.events(events); onEvents(events); } });
  const { feed, schedule } = paced;
  const viewOf = (target) => {
    if (engine.views.length === 0) return undefined;
    let best;
    for (const [name, el] of viewElements) {
      if (el.contains(target) && (!best || best[1].contains(el))) best = [name, el];
    }
    return best ? best[0] : engine.views[0];
  };
  const point = (e) => {
    const r = element.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const scrolling = engine.kinds.includes('scroll') ? nativeScrolling(engine, element, viewElements, targets, paced, point, onSample) : null;
  const keys = keyboardActions(engine, element, viewElements, paced, onSample, itemLists);
  // A desktop developer's first click on a set without `input: mouse` would otherwise do nothing, silently.
  const takesMouse = engine.inputs.some((kinds) => kinds.includes('mouse'));
  let toldAboutMouse = false;
  const input = pointerInput(element, {
    point,
    began: (e, sample) => {
      targets.set(sample.touch, e.target);
      if (targets.size > MAX_TARGETS) targets.delete(targets.keys().next().value);
      if (e.pointerType === 'mouse' && !takesMouse && !toldAboutMouse && typeof console !== 'undefined') {
        toldAboutMouse = true;
        console.warn("gspec: a mouse press, but no gesture of this set takes the mouse: the default input is 'touch | pen'. "
          + "Write 'input: mouse' (or 'input: any') on the gestures a mouse should drive (docs/web.md, \"The mouse\").");
      }
      const view = viewOf(e.target);
      if (view !== undefined) sample.view = view;
      scrolling?.down(e, sample);
      return [sample];
    },
    ended: (e, sample) => (e.type === 'pointercancel' && scrolling?.cancelled(e, sample) ? [] : [sample]),
    onSamples: (samples) => {
      for (const sample of samples) feed(sample);
      schedule();
    },
  });
  // A trackpad pinch's two touches begin on the element under the pointer, as a finger's would.
  const pinch = trackpadPinch(element, win, paced, point, input.nextId, (e, ids) => {
    for (const id of ids) targets.set(id, e.target);
    while (targets.size > MAX_TARGETS) targets.delete(targets.keys().next().value);
    return viewOf(e.target);
  });

  attached.add(element);
  return {
    engine,
    detach() {
      if (paced.stopped) return;
      attached.delete(element);
      paced.stop();
      input.remove();
      scrolling?.remove();
      keys.remove();
      pinch.remove();
      observer?.disconnect();
      engine.free();
    },
  };
}

/** The `views` option of `attach` checked: [name, element] pairs, each a view of the set inside `element`. */
function viewElementsOf(engine, element, views) {
  const viewElements = [];
  if (views === undefined) return viewElements;
  if (views === null || typeof views !== 'object') fail('views maps view names to elements');
  for (const [name, el] of Object.entries(views)) {
    if (!engine.views.includes(name)) fail(`unknown view '${name}'; the set has ${engine.views.join(', ') || 'no views'}`);
    if (!el || typeof el.contains !== 'function') fail(`view '${name}' is not an element`);
    if (el !== element && !element.contains(el)) fail(`view '${name}' is not inside the attached element`);
    viewElements.push([name, el]);
  }
  return viewElements;
}

/** The element is the screen: its sides are the edges edge pans start from, as it resizes. Returns the observer to disconnect. */
function screenFollows(engine, element, win) {
  const resize = () => {
    const r = element.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) engine.setScreen(r.width, r.height);
  };
  resize();
  const observer = typeof win.ResizeObserver === 'function' ? new win.ResizeObserver(resize) : null;
  observer?.observe(element);
  return observer;
}

/**
 * A trackpad pinch: Chromium and Firefox send ctrl+wheel, Safari gesture
 * events. Either becomes two touches about the pointer, `SYNTHETIC_SPAN`
 * apart, fed through `paced`, on the view under the pointer (`began(e, ids)`
 * records the touches' target and returns that view); a wheel pinch ends
 * `WHEEL_PINCH_END_MS` after its last wheel event (the browser sends no end).
 */
function trackpadPinch(element, win, paced, point, nextId, began) {
  const { feed, schedule, now } = paced;
  let pinch = null; // { ids, cx, cy, scale, angle, endTimer }
  const pinchSamples = (phase, t, view) => {
    const half = (SYNTHETIC_SPAN * pinch.scale) / 2;
    const dx = Math.cos(pinch.angle) * half;
    const dy = Math.sin(pinch.angle) * half;
    const on = view === undefined ? {} : { view };
    feed({ t, touch: pinch.ids[0], phase, x: pinch.cx - dx, y: pinch.cy - dy, pointer: 'touch', ...on });
    feed({ t, touch: pinch.ids[1], phase, x: pinch.cx + dx, y: pinch.cy + dy, pointer: 'touch', ...on });
  };
  const pinchStart = (e) => {
    const p = point(e);
    pinch = { ids: [nextId(), nextId()], cx: p.x, cy: p.y, scale: 1, angle: 0, endTimer: null };
    pinchSamples('began', e.timeStamp / 1000, began(e, pinch.ids));
  };
  const pinchEnd = (t) => {
    if (!pinch) return;
    if (pinch.endTimer !== null) win.clearTimeout(pinch.endTimer);
    pinchSamples('ended', t);
    pinch = null;
    schedule();
  };
  const wheel = (e) => {
    if (!e.ctrlKey) return;
    e.preventDefault(); // the page would zoom
    if (!pinch) pinchStart(e);
    else if (pinch.endTimer !== null) win.clearTimeout(pinch.endTimer);
    // deltaY > 0 zooms out; 100 units of delta halve or double about e-fold.
    pinch.scale *= Math.exp(-e.deltaY / 100);
    pinchSamples('moved', e.timeStamp / 1000);
    pinch.endTimer = win.setTimeout(() => pinchEnd(now()), WHEEL_PINCH_END_MS);
    schedule();
  };
  const gestureChange = (e) => {
    e.preventDefault();
    if (!pinch) pinchStart(e);
    pinch.scale = e.scale;
    pinch.angle = (e.rotation * Math.PI) / 180;
    pinchSamples('moved', e.timeStamp / 1000);
    schedule();
  };
  const listeners = [
    ['wheel', wheel, { passive: false }],
    ['gesturestart', (e) => { e.preventDefault(); if (!pinch) pinchStart(e); }],
    ['gesturechange', gestureChange],
    ['gestureend', (e) => { e.preventDefault(); pinchEnd(e.timeStamp / 1000); }],
  ];
  for (const [type, fn, opts] of listeners) element.addEventListener(type, fn, opts);
  return {
    remove() {
      for (const [type, fn, opts] of listeners) element.removeEventListener(type, fn, opts);
      if (pinch && pinch.endTimer !== null) win.clearTimeout(pinch.endTimer);
    },
  };
}

/**
 * Actions as keyboard shortcuts (v4): each view element whose gestures have
 * an action naming a key gets a keydown listener that performs it while
 * focus is on the element or inside it, the shortcuts in
 * `aria-keyshortcuts`, and a `tabindex` if it was not focusable. The key
 * acts on an item (issue 60): the focused element inside the view element
 * (a row with its own tabindex), or the element the view's
 * `aria-activedescendant` names while the view has focus, or else the view
 * element; the action happens at the item's centre and `target` is the item
 * for the events it reports. A key typed in a text field is the field's, and
 * Enter or Space on a button or link is the button's (`controlsOwn`).
 * `items` ({ view: selector }) makes a view's items one tab stop with the
 * arrow keys built in (`itemsOf`). A performed action is recorded as its
 * trace line.
 */
function keyboardActions(engine, element, viewElements, paced, onSample, itemLists) {
  const bound = new Map(); // element -> [[gesture index, shortcut]]
  engine.actionNames.forEach((action, g) => {
    const shortcut = action && keyShortcut(action);
    const el = viewElement(engine, element, viewElements, engine.gestureViews[g]);
    if (shortcut && el) bound.set(el, [...(bound.get(el) ?? []), [g, shortcut]]);
  });
  const keys = { target: null };
  const undo = [];
  const roving = itemsOf(engine, itemLists, bound, undo);
  for (const [el, list] of bound) {
    const [tabindex, shortcuts] = [el.getAttribute('tabindex'), el.getAttribute('aria-keyshortcuts')];
    if (el.tabIndex < 0 && !roving.has(el)) el.setAttribute('tabindex', '0');
    const own = shortcuts ? shortcuts.split(' ') : [];
    el.setAttribute('aria-keyshortcuts', [...own, ...list.map(([, s]) => s.text).filter((t) => !own.includes(t))].join(' '));
    const keydown = (e) => {
      if (e.defaultPrevented || e.repeat || controlsOwn(e.target, e.key)) return;
      const item = itemFor(el, e.target);
      if (!item) return;
      const pressed = [e.altKey, e.ctrlKey, e.metaKey, e.shiftKey];
      for (const [g, s] of list) {
        // Plus is typed with Shift on most layouts: its Shift is the key's own, not a modifier.
        if (e.key.toLowerCase() !== s.key || pressed.some((on, k) => on !== s.modifiers[k] && !(k === 3 && s.key === '+'))) continue;
        const [r, base] = [item.getBoundingClientRect(), element.getBoundingClientRect()];
        const [x, y] = [r.left + r.width / 2 - base.left, r.top + r.height / 2 - base.top];
        paced.flush(); // what the touches decided comes first
        try {
          engine.act(g, x, y);
        } catch {
          continue; // disabled: the key does what it did
        }
        e.preventDefault();
        const view = engine.gestureViews[g];
        onSample?.({ t: engine.clock, action: engine.gestures[g], x, y, ...(view ? { view } : {}) });
        const before = roving.get(el)?.list() ?? [];
        keys.target = item;
        paced.flush();
        keys.target = null;
        // The app removed the item (a Delete): the item in its place takes the focus, as a list's own would.
        if (item !== el && !item.isConnected) roving.get(el)?.focusNear(before.indexOf(item));
        return;
      }
    };
    el.addEventListener('keydown', keydown);
    undo.push(() => {
      el.removeEventListener('keydown', keydown);
      for (const [name, value] of [['tabindex', tabindex], ['aria-keyshortcuts', shortcuts]]) {
        if (value === null) el.removeAttribute(name); else el.setAttribute(name, value);
      }
    });
  }
  keys.remove = () => undo.splice(0).reverse().forEach((f) => f());
  return keys;
}

/**
 * Whether key `key` pressed on `target` is the control's own, never a
 * shortcut's: any key typed in a text field, Enter or Space on a button,
 * link or summary (which they activate).
 */
function controlsOwn(target, key) {
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return (key === 'Enter' || key === ' ') && (['BUTTON', 'SUMMARY'].includes(target.tagName) || (target.tagName === 'A' && target.hasAttribute('href')));
}

/**
 * The item a key pressed on `target` is for, inside view element `el`: the
 * focused element itself, or the element the view's `aria-activedescendant`
 * names while the view has focus, or the view; null when focus is outside it.
 */
function itemFor(el, target) {
  if (target !== el) return el.contains(target) ? target : null;
  const active = el.getAttribute('aria-activedescendant');
  const item = active ? el.ownerDocument.getElementById(active) : null;
  return item && el.contains(item) ? item : el;
}

/** The element of view `view` (undefined when `views` maps none; the attached element for the root, or a set without views). */
function viewElement(engine, element, viewElements, view) {
  return !view || view === engine.views[0] ? element : viewElements.find(([name]) => name === view)?.[1];
}

/** The `items` option of `attach` checked: [view name, its element, selector] for each. */
function itemListsOf(engine, element, viewElements, items) {
  if (items === undefined) return [];
  if (items === null || typeof items !== 'object') fail('items maps view names to CSS selectors');
  return Object.entries(items).map(([view, selector]) => {
    if (!engine.views.includes(view)) fail(`items: unknown view '${view}'; the set has ${engine.views.join(', ') || 'no views'}`);
    const el = viewElement(engine, element, viewElements, view);
    if (!el) fail(`items: view '${view}' has no element in 'views'`);
    if (typeof selector !== 'string') fail(`items: view '${view}' needs a CSS selector`);
    el.querySelector(selector); // a malformed selector throws here, before attach changes anything
    return [view, el, selector];
  });
}

/**
 * `attach`'s `items` ({ view: selector }): the elements matching the
 * selector inside a view's element are its items, one tab stop (a roving
 * tabindex: the item last focused has `tabindex="0"`, the others "-1"), and
 * the arrow keys move the focus among them along the axis the set scrolls
 * the view on (its touch-action: ArrowUp and ArrowDown for `pan-y` alone,
 * ArrowLeft and ArrowRight for `pan-x` alone, both pairs otherwise), Home
 * and End to the first and last. A key the view's gestures bind as an action is the
 * action's. Returns view element -> { list(), focusNear(index) }.
 */
function itemsOf(engine, itemLists, bound, undo) {
  const roving = new Map();
  for (const [view, el, selector] of itemLists) {
    const list = () => [...el.querySelectorAll(selector)];
    const touched = new Map(); // item -> the tabindex it had
    const current = (item) => {
      for (const other of list()) {
        if (!touched.has(other)) touched.set(other, other.getAttribute('tabindex'));
        other.setAttribute('tabindex', other === item ? '0' : '-1');
      }
    };
    const focus = (item) => {
      if (!item) return;
      current(item);
      item.focus();
    };
    const focusNear = (k) => {
      const all = list();
      focus(all[Math.min(Math.max(k, 0), all.length - 1)]);
    };
    // The way the set scrolls this view is the way its items go.
    const pans = engine.viewTouchActions[engine.views.indexOf(view)]?.split(' ') ?? [];
    const [vertical, horizontal] = [pans.includes('pan-y') || pans.includes('manipulation'), pans.includes('pan-x') || pans.includes('manipulation')];
    const [back, forth] = vertical && !horizontal ? [['ArrowUp'], ['ArrowDown']]
      : horizontal && !vertical ? [['ArrowLeft'], ['ArrowRight']] : [['ArrowUp', 'ArrowLeft'], ['ArrowDown', 'ArrowRight']];
    // The keys the view's actions take without a modifier stay theirs.
    const actionKeys = new Set((bound.get(el) ?? []).filter(([, s]) => !s.modifiers.some((on) => on)).map(([, s]) => s.key));
    const keydown = (e) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || controlsOwn(e.target, e.key)) return;
      if (actionKeys.has(e.key.toLowerCase())) return; // the action's, which runs on this element too
      const all = list();
      const at = all.findIndex((item) => item === e.target || item.contains(e.target));
      const to = back.includes(e.key) ? at - 1 : forth.includes(e.key) ? (at < 0 ? 0 : at + 1)
        : e.key === 'Home' ? 0 : e.key === 'End' ? all.length - 1 : null;
      if (to === null || to < 0 || to >= all.length) return;
      e.preventDefault(); // the view would scroll by the arrow: the focused item scrolls into view instead
      focus(all[to]);
    };
    const focusin = (e) => {
      const item = list().find((i) => i === e.target || i.contains(e.target));
      if (item) current(item);
    };
    current(list().find((i) => i.getAttribute('tabindex') === '0') ?? list()[0]);
    el.addEventListener('keydown', keydown);
    el.addEventListener('focusin', focusin);
    roving.set(el, { list, focusNear });
    undo.push(() => {
      el.removeEventListener('keydown', keydown);
      el.removeEventListener('focusin', focusin);
      for (const [item, value] of touched) {
        if (value === null) item.removeAttribute('tabindex'); else item.setAttribute('tabindex', value);
      }
    });
  }
  return roving;
}

/**
 * The browser's own scrolling as the set's `scroll` gestures (v4): each view
 * element gets its view's touch-action (the scrolls' axes left to the
 * browser); each touch starts with the scrolls' edges read from their
 * elements; a touchmove the browser could still scroll with is prevented
 * unless a scroll of the set has claimed the touch (the engine, run to that
 * move first, decides: two fingers, a swipe or a pull at an edge keep the
 * touch); a `pointercancel` (the browser scrolling) is the scroll claiming
 * it, whose touch is then followed by its Touch Events to the lift.
 */
function nativeScrolling(engine, element, viewElements, targets, paced, point, onSample) {
  const win = element.ownerDocument.defaultView;
  const elementOf = (g) => viewElements.find(([name]) => name === engine.gestureViews[g])?.[1] ?? element;
  // [name, element, edges as last said]
  const scrolls = engine.kinds.flatMap((kind, g) => (kind === 'scroll' ? [[engine.gestures[g], elementOf(g), '']] : []));
  for (const [name, el] of viewElements) {
    if (el !== element && !el.style.touchAction && win.getComputedStyle(el).touchAction === 'auto') {
      el.style.touchAction = engine.viewTouchActions[engine.views.indexOf(name)];
    }
  }
  const active = new Set(); // scrolls between their began and their end
  const ids = new Map(); // Touch.identifier -> touch id
  const downs = []; // [touch id, clientX, clientY]: pointerdowns their touchstart has not matched yet
  const followed = new Set(); // touch ids the browser scrolls: fed from their Touch Events
  const follow = (phase) => (e) => {
    for (const t of e.changedTouches) {
      const id = ids.get(t.identifier);
      if (phase !== 'moved') ids.delete(t.identifier);
      if (!followed.has(id)) continue;
      if (phase !== 'moved') followed.delete(id);
      paced.feed({ t: e.timeStamp / 1000, touch: id, phase, ...point(t), pointer: 'touch' });
    }
    paced.schedule();
  };
  const moved = follow('moved');
  const listeners = [
    ['touchstart', (e) => {
      for (const t of e.changedTouches) {
        const k = downs.findIndex(([, x, y]) => x === t.clientX && y === t.clientY);
        if (k >= 0) ids.set(t.identifier, downs.splice(k, 1)[0][0]);
      }
      downs.length = 0;
    }],
    ['touchmove', (e) => {
      if (!e.cancelable) return moved(e);
      paced.flush(); // the pointermoves of this move decide first
      if (active.size === 0) e.preventDefault();
    }],
    ['touchend', follow('ended')],
    ['touchcancel', follow('cancelled')],
  ];
  for (const [type, fn] of listeners) element.addEventListener(type, fn, { passive: false });
  // Momentum (v5): the browser scrolling an element after the touches lifted
  // (a fling) until its `scrollend`. Meanwhile a touch coming down on it
  // stops it, as the browser does, and is no tap or long press of the set.
  const momentum = new Set();
  const said = (name, running) => {
    engine.setMomentum(name, running);
    onSample?.({ t: engine.clock, scroll: name, momentum: running });
  };
  const watched = scrolls.map(([name, el]) => {
    const scrolled = () => {
      if (momentum.has(name) || active.has(name) || followed.size > 0) return;
      paced.flush(); // the lift comes first
      if (active.has(name)) return;
      momentum.add(name);
      said(name, true);
    };
    const ended = () => { if (momentum.delete(name)) said(name, false); };
    el.addEventListener('scroll', scrolled, { passive: true });
    el.addEventListener('scrollend', ended);
    return () => { el.removeEventListener('scroll', scrolled); el.removeEventListener('scrollend', ended); };
  });
  return {
    down(e, sample) {
      downs.push([sample.touch, e.clientX, e.clientY]);
      // The touch stops the momentum under it (the engine knows it stopped): a later scrollend says nothing.
      for (const [name, el] of scrolls) if (el.contains(targets.get(sample.touch) ?? element)) momentum.delete(name);
      for (const scroll of scrolls) {
        const { scrollTop: y, scrollLeft: x, scrollHeight, scrollWidth, clientHeight, clientWidth } = scroll[1];
        const at = ['top', 'bottom', 'left', 'right'].filter((_, k) => [y <= 0, y + clientHeight >= scrollHeight - 1, x <= 0, x + clientWidth >= scrollWidth - 1][k]);
        if (String(at) === scroll[2]) continue;
        scroll[2] = String(at);
        engine.setScrollEdges(scroll[0], at);
        onSample?.({ t: engine.clock, scroll: scroll[0], at });
      }
    },
    // The browser took a touch to scroll: a scroll on an element under it claims it, or the cancel goes through.
    cancelled(e, sample) {
      const name = e.pointerType === 'touch' && scrolls.find(([, el]) => el.contains(targets.get(sample.touch) ?? element))?.[0];
      if (!name) return false;
      engine.scrollBegan(name);
      onSample?.({ t: engine.clock, scroll: name, began: true });
      paced.flush();
      if (!active.has(name)) return false;
      followed.add(sample.touch);
      return true;
    },
    events(events) {
      for (const { gesture, state } of events) {
        if (!scrolls.some(([name]) => name === gesture)) continue;
        if (state === 'began') active.add(gesture);
        else if (state !== 'changed') active.delete(gesture);
      }
    },
    remove() {
      for (const [type, fn] of listeners) element.removeEventListener(type, fn);
      watched.forEach((unwatch) => unwatch());
    },
  };
}
