// The `fuzz` stage of `npm test`: runs test/fuzz/run-fuzz.ts (TypeScript, through tsx) and passes
// its exit code on; it writes test-results/fuzz.json itself. TEST_MODES picks the modes (both by
// default).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const result = spawnSync(process.execPath, ['--import', 'tsx', 'test/fuzz/run-fuzz.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);
