// What every bench needs before it measures: the infrastructure (and k6) unless BENCH_SKIP_INFRA is
// set, and the built server code `npm start` and `npm run stack` run (rebuilt when a source changed).
import { spawnSync } from 'node:child_process';
import { ROOT } from '../test/support/platform';

/** Installs what is missing (k6 when asked) and starts the servers, unless BENCH_SKIP_INFRA is set. */
export function prepareInfrastructure({ k6, servers = true }: { k6: boolean; servers?: boolean }): void {
  if (process.env.BENCH_SKIP_INFRA) return;
  const steps = [
    ...(k6 ? [['infra/local/install.sh', 'k6']] : []),
    ...(servers ? [['infra/local/infra-up.sh']] : []),
  ];
  for (const args of steps) {
    const step = spawnSync('bash', args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (step.status !== 0) throw new Error(`${args.join(' ')} failed`);
  }
}

/** The built JavaScript, as production runs it. */
export function buildServer(): void {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the server build failed');
}
