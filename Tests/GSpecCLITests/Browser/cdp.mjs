// A small DevTools-protocol client for headless Chromium: node's built-in
// WebSocket, no packages. open(url) gives { send, evaluate, screenshot, close }.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function open(url, { width = 1200, height = 900 } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'gspec-chromium-'));
  const chrome = spawn(process.env.CHROMIUM || 'chromium', [
    '--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--remote-debugging-port=0',
    `--user-data-dir=${profile}`, `--window-size=${width},${height}`, 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  const endpoint = await new Promise((ok, fail) => {
    let text = '';
    chrome.stderr.on('data', (d) => { text += d; const m = text.match(/DevTools listening on (ws:\/\/\S+)/); if (m) ok(m[1]); });
    chrome.on('exit', () => fail(new Error('chromium exited: ' + text)));
  });
  const ws = new WebSocket(endpoint);
  await new Promise((ok) => ws.addEventListener('open', ok));
  let next = 1;
  const waiting = new Map(), listeners = [];
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(e.data);
    if (m.id && waiting.has(m.id)) { waiting.get(m.id)(m); waiting.delete(m.id); } else for (const l of listeners) l(m);
  });
  const raw = (method, params = {}, sessionId) => {
    const id = next++;
    ws.send(JSON.stringify({ id, method, params, sessionId }));
    return new Promise((ok, fail) => waiting.set(id, (m) => (m.error ? fail(new Error(method + ': ' + JSON.stringify(m.error))) : ok(m.result))));
  };
  const { targetId } = await raw('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await raw('Target.attachToTarget', { targetId, flatten: true });
  const send = (method, params) => raw(method, params, sessionId);
  await send('Page.enable');
  const loaded = new Promise((ok) => listeners.push((m) => m.method === 'Page.loadEventFired' && ok()));
  await send('Page.navigate', { url });
  await loaded;
  return {
    send,
    async evaluate(expression) {
      const r = await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
      if (r.exceptionDetails) throw new Error(JSON.stringify(r.exceptionDetails));
      return r.result.value;
    },
    async screenshot() { return Buffer.from((await send('Page.captureScreenshot', { format: 'png' })).data, 'base64'); },
    close() { chrome.kill('SIGKILL'); try { rmSync(profile, { recursive: true, force: true }); } catch {} },
  };
}

export const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/**
 * Touches through the browser's input pipeline (Input.dispatchTouchEvent) on
 * an opened page: `touch(type, [[x, y, id], ...])` and a few whole gestures.
 */
export function touchInput(browser) {
  const touch = (type, points) => browser.send('Input.dispatchTouchEvent', {
    type, touchPoints: points.map(([x, y, id]) => ({ x, y, id, radiusX: 1, radiusY: 1, force: 1 })),
  });
  const tap = async (x, y, hold = 40) => {
    await touch('touchStart', [[x, y, 1]]);
    await sleep(hold);
    await touch('touchEnd', []);
  };
  return {
    touch,
    tap,
    /** Two taps 80 ms apart, the second a point off the first (as a finger lands). */
    async doubleTap(x, y) {
      await tap(x, y);
      await sleep(80);
      await tap(x + 1, y + 1);
    },
    /** One finger from (x, y) by (dx, dy) in `steps` moves a frame apart. */
    async drag(x, y, dx, dy, steps = 10) {
      await touch('touchStart', [[x, y, 1]]);
      for (let k = 1; k <= steps; k++) {
        await touch('touchMove', [[x + (dx * k) / steps, y + (dy * k) / steps, 1]]);
        await sleep(16);
      }
      await touch('touchEnd', []);
      await sleep(300);
    },
    /** Two fingers about (cx, cy), `r` apart from the centre, each move `grow` further and `turn` radians around. */
    async pinch(cx, cy, r, grow, turn, steps = 12) {
      await touch('touchStart', [[cx - r, cy, 1], [cx + r, cy, 2]]);
      for (let k = 1; k <= steps; k++) {
        const d = r + k * grow, a = k * turn;
        await touch('touchMove', [[cx - d * Math.cos(a), cy - d * Math.sin(a), 1], [cx + d * Math.cos(a), cy + d * Math.sin(a), 2]]);
        await sleep(16);
      }
      await touch('touchEnd', []);
    },
  };
}

/**
 * One key pressed and released through the browser's input pipeline
 * (Input.dispatchKeyEvent), as a keyboard sends it to the focused element:
 * `key` a KeyboardEvent.key value ('Escape', 'r', 'ArrowRight'),
 * `modifiers` CDP's bits (1 Alt, 2 Control, 4 Meta, 8 Shift).
 */
export async function pressKey(browser, key, { code, modifiers = 0 } = {}) {
  const text = key.length === 1 ? key : undefined;
  const keyCode = { Tab: 9, Escape: 27, ' ': 32, End: 35, Home: 36, ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39, ArrowDown: 40, Delete: 46 }[key]
    ?? key.toUpperCase().charCodeAt(0);
  const common = { key, code: code ?? (key.length === 1 ? (key === ' ' ? 'Space' : `Key${key.toUpperCase()}`) : key), modifiers,
    windowsVirtualKeyCode: keyCode };
  await browser.send('Input.dispatchKeyEvent', { type: text ? 'keyDown' : 'rawKeyDown', text, ...common });
  await browser.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common });
}
