// Runs many `gspec run` jobs on the WebAssembly engine in one process, for
// the differential test (Tests/GSpecCLITests/WebRuntimeTests.swift): each
// line of the batch file is {"table":PATH,"trace":TEXT,"flags":{...}}; each
// output line is "INDEX STATUS HASH", HASH two FNV-1a hashes of the job's
// stdout, a NUL, and its stderr (UTF-8), as the Swift side computes them.
// With --print INDEX it prints that job's output instead.
import { readFileSync } from 'node:fs';
import { loadRuntime } from '../dist/gspec.mjs';

const [batchPath, ...rest] = process.argv.slice(2);
const only = rest[0] === '--print' ? Number(rest[1]) : -1;
let runtime = await loadRuntime();
const tables = new Map();
const encoder = new TextEncoder();

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
    runtime = await loadRuntime();
  }
  if (only >= 0) {
    process.stdout.write(`status ${status}\n--- stdout\n${stdout}--- stderr\n${stderr}`);
    break;
  }
  const bytes = encoder.encode(stdout + '\0' + stderr);
  out += `${i} ${status} ${fnv(bytes, 0x811c9dc5, 0x01000193).toString(16).padStart(8, '0')}${fnv(bytes, 0x050c5d1f, 0x01000193).toString(16).padStart(8, '0')}\n`;
  if (out.length > 1 << 16) { process.stdout.write(out); out = ''; }
}
process.stdout.write(out);
