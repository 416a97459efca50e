// npm run bench: measures event-store appends/s to distinct streams, then seeds 100 000
// announcements into a fresh distributed platform and measures GET /api/announcements (list and
// search) through the gateway with k6, next to a bare express + pg server running the same query.
// `npm run bench -- appends` runs the first part only, `-- rss` the idle memory of the stack (tsx
// and built), `-- list` the announcements list. See bench/README.md.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `npm run bench -- consumer`: the consumer benchmark (bench/consumer.ts) only;
// `npm run bench -- login-storm`: the login storm against an embedded platform (bench/login-storm.ts) only.
const only = process.argv[2];
const loginStorm = () =>
  spawnSync(process.execPath, ['--import', 'tsx', 'bench/login-storm.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
if (only === 'login-storm') process.exit(loginStorm().status ?? 1);
// `npm run bench -- writes`: the write path on the distributed platform (bench/write-path.ts) only.
const writePath = () =>
  spawnSync(process.execPath, ['--import', 'tsx', 'bench/write-path.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
if (only === 'writes') process.exit(writePath().status ?? 1);
// `npm run bench -- day`: a day in Baku, mixed traffic on both platforms (bench/day-in-baku.ts) only.
if (only === 'day')
  process.exit(
    spawnSync(process.execPath, ['--import', 'tsx', 'bench/day-in-baku.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    }).status ?? 1,
  );
// `npm run bench -- lighthouse`: Lighthouse on the web app's pages (bench/lighthouse.ts) only.
const lighthouse = () =>
  spawnSync(process.execPath, ['--import', 'tsx', 'bench/lighthouse.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
if (only === 'lighthouse') process.exit(lighthouse().status ?? 1);
const result =
  only === 'consumer'
    ? { status: 0 }
    : spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...process.argv.slice(2)], {
        cwd: root,
        stdio: 'inherit',
        env: process.env,
      });
// Then the consumer benchmark: one line, consumer events/s (not after `-- appends`).
const consumer =
  result.status === 0 && !['appends', 'rss', 'list'].includes(only)
    ? spawnSync(process.execPath, ['--import', 'tsx', 'bench/consumer.ts'], {
        cwd: root,
        stdio: 'inherit',
        env: process.env,
      })
    : result;
// Last, the login storm (not after `-- appends` or `-- consumer`).
const storm = consumer.status === 0 && !only ? loginStorm() : consumer;
// Then the write path and Lighthouse (only in the full run).
const writes = storm.status === 0 && !only ? writePath() : storm;
const pages = writes.status === 0 && !only ? lighthouse() : writes;
process.exit(pages.status ?? 1);
