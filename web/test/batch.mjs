// Runs many `gspec run` jobs on the WebAssembly engine in one process, for
// the differential test (Tests/GSpecCLITests/WebRuntimeTests.swift): each
// line of the batch file is {"table":PATH,"trace":TEXT,"flags":{...}}; each
// output line is "INDEX STATUS HASH", HASH two FNV-1a hashes of the job's
// stdout, a NUL, and its stderr (UTF-8), as the Swift side computes them.
// With --print INDEX it prints that job's output instead.
//
// A job with --all-states whose trace has only touch lines is also run through
// the page's API (gspec.wasm, engine.feed and takeEvents): its event objects
// must be the objects of the lines `gspec run --all-states` prints for it;
// STATUS is "api-differs" if not. stderr ends with "api-checked N", the jobs so checked.
import { readFileSync } from 'node:fs';
import { loadRuntime } from '../dist/gspec.mjs';

const [batchPath, ...rest] = process.argv.slice(2);
const only = rest[0] === '--print' ? Number(rest[1]) : -1;
const runner = { wasm: new URL('../dist/gspec-run.wasm', import.meta.url) };
let runtime = await loadRuntime(runner);
const page = await loadRuntime();
const tables = new Map();
const encoder = new TextEncoder();
let apiChecked = 0;

/** The event objects of the page's engine on `trace`, or null when the job is not for it. */
function pageEvents(table, trace) {
  const samples = [];
  for (const line of trace.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    let o;
    try {
      o = JSON.parse(line);
    } catch {
      return null;
    }
    if (o === null || typeof o !== 'object' || !('touch' in o)) return null;
    samples.push(o);
  }
  const engine = page.engine(table);
  const events = [];
  try {
    for (const s of samples) {
      engine.feed(s);
      events.push(...engine.takeEvents());
    }
    engine.finish();
    events.push(...engine.takeEvents());
  } catch {
    return null; // a sample the API refuses (the runner reports its line)
  } finally {
    engine.free();
  }
  return events.map((e) => JSON.stringify(e));
}

/** The lines of `gspec run --all-states` (no explanations or deliveries) on the job, as the objects' JSON. */
function printedEvents(job) {
  let stdout = '';
  runtime.run({ table: tables.get(job.table), trace: encoder.encode(job.trace), flags: { allStates: true }, out: (t) => { stdout += t; } });
  return stdout.split('\n').filter((l) => l).map((l) => JSON.stringify(JSON.parse(l)));
}

function fnv(bytes, basis, prime) {
  let h = basis;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], prime) >>> 0;
  return h >>> 0;
}

const lines = readFileSync(batchPath, 'utf8').split('\n');
let out = '';
for (let i = 0; i < lines.length; i++) {
  if (!lines[i] || (only >= 0 && i !== only)) continue;
  const job = JSON.parse(lines[i]);
  if (!tables.has(job.table)) tables.set(job.table, readFileSync(job.table));
  let stdout = '';
  let stderr = '';
  let status;
  try {
    status = runtime.run({
      table: tables.get(job.table), trace: encoder.encode(job.trace), flags: job.flags ?? {},
      input: job.input ?? job.table, tracePath: job.tracePath ?? 'trace.jsonl',
      out: (t) => { stdout += t; }, err: (t) => { stderr += t; },
    });
  } catch (error) {
    // A trap: reported as a difference, and the next job gets a fresh instance.
    status = 'trap';
    stderr += `${error.stack}\n`;
    runtime = await loadRuntime(runner);
  }
  const api = status === 0 && job.flags?.allStates ? pageEvents(tables.get(job.table), job.trace) : null;
  if (api !== null) {
    apiChecked++;
    if (api.join('\n') !== printedEvents(job).join('\n')) status = 'api-differs';
  }
  if (only >= 0) {
    process.stdout.write(`status ${status}\n--- stdout\n${stdout}--- stderr\n${stderr}`);
    if (api !== null) process.stdout.write(`--- the page's engine API\n${api.join('\n')}\n`);
    break;
  }
  const bytes = encoder.encode(stdout + '\0' + stderr);
  out += `${i} ${status} ${fnv(bytes, 0x811c9dc5, 0x01000193).toString(16).padStart(8, '0')}${fnv(bytes, 0x050c5d1f, 0x01000193).toString(16).padStart(8, '0')}\n`;
  if (out.length > 1 << 16) { process.stdout.write(out); out = ''; }
}
process.stdout.write(out);
process.stderr.write(`api-checked ${apiChecked}\n`);
