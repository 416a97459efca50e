// npm run bench: measures event-store appends/s to distinct streams, then seeds 100 000
// announcements into a fresh distributed platform and measures GET /api/announcements (list and
// search) through the gateway with k6, next to a bare express + pg server running the same query.
// `npm run bench -- appends` runs the first part only. See bench/README.md.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);
