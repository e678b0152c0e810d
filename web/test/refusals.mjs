// Control calls through the page's API, for WebRuntimeTests.refusalsReadAsNatively:
// node refusals.mjs TABLE CALLS.json prints, per call, "ok" or the error's
// message, one line each. gspec.wasm returns refusals as codes and gspec.mjs
// words them; the test holds every line to the native library's message.
import { readFileSync } from 'node:fs';
import { loadRuntime } from '../dist/gspec.mjs';

const [tablePath, callsPath] = process.argv.slice(2);
const runtime = await loadRuntime();
const engine = runtime.engine(readFileSync(tablePath));
for (const [method, ...args] of JSON.parse(readFileSync(callsPath, 'utf8'))) {
  try {
    engine[method](...args);
    console.log('ok');
  } catch (e) {
    console.log(e.message);
  }
}
engine.free();
