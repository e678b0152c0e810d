// The touch-action an engine derives from its set, in node: each argument
// pair is a table and the touch-action expected for it. Exits 1 on the first
// mismatch. Usage: node touch-action.mjs A.gtab EXPECTED [B.gtab EXPECTED ...]
import { readFileSync } from 'node:fs';
import { loadRuntime } from '../dist/gspec.mjs';

const runtime = await loadRuntime();
const args = process.argv.slice(2);
for (let i = 0; i + 1 < args.length; i += 2) {
  const engine = runtime.engine(readFileSync(args[i]));
  const derived = engine.touchAction;
  engine.free();
  if (derived !== args[i + 1]) {
    console.log(`FAIL ${args[i]}: touch-action '${derived}', expected '${args[i + 1]}'`);
    process.exit(1);
  }
  console.log(`ok ${args[i]}: ${derived}`);
}
