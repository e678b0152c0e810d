#!/usr/bin/env node
// `gspec run` on the WebAssembly engine: node gspec-run.mjs TABLE.gtab --trace
// T.jsonl [--all-states] [--explain] [--deliveries] [--screen WxH]
// [--stale-touch-timeout SECONDS]. Prints what `gspec run` prints, byte for
// byte, with the same exit status: the trace is read, run and printed by the
// same Swift code (GestureTrace), compiled to WebAssembly.
import { readFileSync, statSync } from 'node:fs';
import { loadRuntime } from './gspec.mjs';

const USAGE = 'Usage: node gspec-run.mjs <file.gtab> --trace <trace.jsonl> [--all-states] [--deliveries] [--explain] '
  + '[--screen <WxH>] [--stale-touch-timeout <seconds>]\n';
const FLAGS = { '--all-states': 'allStates', '--explain': 'explain', '--deliveries': 'deliveries' };
const OPTIONS = { '--trace': 'trace.jsonl', '--screen': 'WxH', '--stale-touch-timeout': 'seconds' };
const MAX_TRACE_BYTES = 2 ** 30;

function usageError(message) {
  process.stderr.write(`error: ${message}\n${USAGE}`);
  process.exitCode = 2;
  return null;
}

function parse(args) {
  const flags = {};
  const values = {};
  const inputs = [];
  let onlyPositionals = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (onlyPositionals || !arg.startsWith('-') || arg === '-') {
      inputs.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPositionals = true;
      continue;
    }
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(`Runs a compiled gesture table on a recorded touch trace, on the WebAssembly engine.\n\n${USAGE}`);
      return null;
    }
    const eq = arg.indexOf('=');
    const key = eq >= 0 ? arg.slice(0, eq) : arg;
    const inline = eq >= 0 ? arg.slice(eq + 1) : undefined;
    if (key in FLAGS) {
      flags[FLAGS[key]] = true;
    } else if (key in OPTIONS) {
      const value = inline ?? args[++i];
      if (value === undefined) return usageError(`missing value for '${key} <${OPTIONS[key]}>'`);
      values[key] = value;
    } else if (key === '--html' || key === '--reference') {
      return usageError(`'${key}' needs gspec itself: gspec-run.mjs runs tables on the WebAssembly engine only`);
    } else {
      return usageError(`unknown option '${key}'`);
    }
  }
  if (values['--trace'] === undefined) return usageError("missing '--trace <trace.jsonl>'");
  if (inputs.length !== 1) return usageError('expected one gesture set and --trace <trace.jsonl>');
  flags.screen = values['--screen'];
  flags.staleTouchTimeout = values['--stale-touch-timeout'];
  return { input: inputs[0], tracePath: values['--trace'], flags };
}

function read(path) {
  try {
    return readFileSync(path);
  } catch {
    process.stderr.write(`error: no such file or directory: '${path}'\n`);
    process.exitCode = 1;
    return null;
  }
}

async function main() {
  const parsed = parse(process.argv.slice(2));
  if (!parsed) return;
  const { input, tracePath, flags } = parsed;
  try {
    const size = statSync(tracePath).size;
    if (size > MAX_TRACE_BYTES) {
      process.stderr.write(`error: '${tracePath}' is ${size} bytes, over the 1 GiB limit for traces\n`);
      process.exitCode = 1;
      return;
    }
  } catch {
    // A missing trace is reported when it is read.
  }
  const trace = read(tracePath);
  if (!trace) return;
  const table = read(input);
  if (!table) return;
  if (input.endsWith('.gesture') && table.subarray(0, 4).toString('latin1') !== 'GTAB') {
    process.stderr.write(`error: '${input}' is a spec: gspec-run.mjs runs compiled tables; write one with 'gspec build ${input}'\n`);
    process.exitCode = 1;
    return;
  }
  const runtime = await loadRuntime({ wasm: new URL('./gspec-run.wasm', import.meta.url) });
  let out = '';
  const flush = () => {
    if (out) process.stdout.write(out);
    out = '';
  };
  process.exitCode = runtime.run({
    table, trace, flags, input, tracePath,
    out: (text) => {
      out += text;
      if (out.length > 1 << 16) flush();
    },
    err: (text) => {
      flush();
      process.stderr.write(text);
    },
  });
  flush();
}

await main();
