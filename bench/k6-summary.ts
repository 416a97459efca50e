import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../test/support/platform';

/** k6 as `infra/local/install.sh k6` installs it. */
export const K6 = path.join(process.env.TAPINTI_CACHE ?? path.join(ROOT, '.cache'), 'bin', 'k6');

export type K6Metrics = Record<string, { values: Record<string, number> }>;

/** A run's metrics, and its checks that failed at least once (by name: which step of a visit). */
export interface K6Summary {
  metrics: K6Metrics;
  failedChecks: Array<{ name: string; fails: number }>;
}

interface K6Group {
  checks?: Array<{ name: string; fails: number }>;
  groups?: K6Group[];
}

const failedChecksOf = (group: K6Group): K6Summary['failedChecks'] => [
  ...(group.checks ?? []).filter((c) => c.fails > 0).map(({ name, fails }) => ({ name, fails })),
  ...(group.groups ?? []).flatMap(failedChecksOf),
];

/**
 * Runs a k6 script of bench/k6 (its scenarios name their functions: the wrapper re-exports them all
 * and adds the summary's file) with `env`, and returns the summary's metrics and failed checks. k6
 * exits 99 when one of the script's thresholds is missed: still measured.
 */
export async function runK6Summary(scriptName: string, env: Record<string, string>): Promise<K6Summary> {
  const stamp = `${process.pid}-${Date.now()}`;
  const summaryFile = path.join(os.tmpdir(), `k6-summary-${stamp}.json`);
  const wrapper = path.join(os.tmpdir(), `k6-wrapper-${stamp}.js`);
  fs.writeFileSync(
    wrapper,
    `export * from ${JSON.stringify(path.join(ROOT, 'bench', 'k6', scriptName))};\n` +
      `export function handleSummary(data) { return { ${JSON.stringify(summaryFile)}: JSON.stringify(data) }; }\n`,
  );
  const result = await new Promise<{ status: number | null; output: string }>((resolve) => {
    const child = spawn(K6, ['run', '--quiet', '--no-usage-report', wrapper], {
      env: { ...process.env, ...env, K6_NO_USAGE_REPORT: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (status) => resolve({ status, output }));
  });
  fs.rmSync(wrapper, { force: true });
  if (![0, 99].includes(result.status ?? -1) || !fs.existsSync(summaryFile))
    throw new Error(`k6 failed (${result.status}): ${result.output.slice(-2000)}`);
  const data = JSON.parse(fs.readFileSync(summaryFile, 'utf8'));
  fs.rmSync(summaryFile, { force: true });
  return { metrics: data.metrics, failedChecks: failedChecksOf(data.root_group ?? {}) };
}
