#!/usr/bin/env node
// `gspec run` on the WebAssembly engine: node gspec-run.mjs TABLE.gtab --trace
// T.jsonl [options]. Prints what `gspec run` prints, byte for byte, with the
// same exit status: the trace is read, run and printed by the same Swift code
// (GestureTrace), compiled to WebAssembly. The options are the module's
// (`runtime.runOptions()`, from the one list `gspec run` uses).
import { readFileSync, statSync } from 'node:fs';
import { loadRuntime } from './gspec.mjs';

const MAX_TRACE_BYTES = 2 ** 30;

function usage(options) {
  const items = options.map((o) => `[${o.flag}${o.placeholder === null ? '' : ` <${o.placeholder}>`}]`);
  return `Usage: node gspec-run.mjs <file.gtab> --trace <trace.jsonl> ${items.join(' ')}\n`;
}

function help(options) {
  const lines = options.map((o) => `  ${(o.flag + (o.placeholder === null ? '' : ` <${o.placeholder}>`)).padEnd(34)}${o.help}`);
  return `Runs a compiled gesture table on a recorded touch trace, on the WebAssembly engine.\n\n${usage(options)}\nOPTIONS:\n${lines.join('\n')}\n`;
}

function usageError(message, options) {
  process.stderr.write(`error: ${message}\n${usage(options)}`);
  process.exitCode = 2;
  return null;
}

function parse(args, options) {
  const flags = {};
  const inputs = [];
  let tracePath;
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
      process.stdout.write(help(options));
      return null;
    }
    const eq = arg.indexOf('=');
    const key = eq >= 0 ? arg.slice(0, eq) : arg;
    const inline = eq >= 0 ? arg.slice(eq + 1) : undefined;
    const option = options.find((o) => o.flag === key);
    if (key === '--trace' || (option && option.placeholder !== null)) {
      const value = inline ?? args[++i];
      if (value === undefined) return usageError(`missing value for '${key} <${option ? option.placeholder : 'trace.jsonl'}>'`, options);
      if (option) flags[option.name] = value;
      else tracePath = value;
    } else if (option) {
      flags[option.name] = true;
    } else if (key === '--html' || key === '--reference') {
      return usageError(`'${key}' needs gspec itself: gspec-run.mjs runs tables on the WebAssembly engine only`, options);
    } else {
      return usageError(`unknown option '${key}'`, options);
    }
  }
  if (tracePath === undefined) return usageError("missing '--trace <trace.jsonl>'", options);
  if (inputs.length !== 1) return usageError('expected one gesture set and --trace <trace.jsonl>', options);
  return { input: inputs[0], tracePath, flags };
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
  const runtime = await loadRuntime({ wasm: new URL('./gspec-run.wasm', import.meta.url) });
  const parsed = parse(process.argv.slice(2), runtime.runOptions());
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
