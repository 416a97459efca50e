// npm test: the one command. Installs and starts the real infrastructure (Postgres, Redis, Kafka,
// S3, SMTP) as local processes, builds the web app, then runs every jest project in order and
// prints one closing line with the totals. A Docker engine is not needed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });

const only = (process.env.TEST_STAGES ?? '').split(',').filter(Boolean);
const env = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
};

function run(title, command, args) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  return result.status === 0;
}

const stages = [
  { name: 'unit', projects: ['unit', 'web'] },
  { name: 'contract', projects: ['contract'], ignore: ['kafka-outage'] },
  { name: 'integration', projects: ['integration'], ignore: ['kafka-outage'] },
  // Schemathesis against an embedded platform, from GET /api/openapi.json (test/schemathesis/run.mjs):
  // one passed per run (user, super admin) without failures, one failed per run with any.
  { name: 'schemathesis', script: 'test/schemathesis/run.mjs' },
  { name: 'fuzz', script: 'test/fuzz/run.mjs' }, // malformed requests to every operation, both modes (test/fuzz)
  // Stops the shared Kafka broker for 20 s, so it runs alone, after the other integration suites.
  { name: 'kafka-outage', projects: ['contract', 'integration'], paths: ['kafka-outage'] },
  { name: 'e2e', projects: ['e2e'] },
];

/** A stage that is a script writing `test-results/<name>.json`: `{ runs: [{ name, failures, exitCode }] }`. */
function runScriptStage(stage) {
  const summary = path.join(resultsDir, `${stage.name}.json`);
  fs.rmSync(summary, { force: true });
  const passed = run(`tests: ${stage.name}`, process.execPath, [stage.script]);
  const runs = fs.existsSync(summary) ? (JSON.parse(fs.readFileSync(summary, 'utf8')).runs ?? []) : [];
  const good = runs.filter((r) => r.exitCode === 0 && r.failures === 0).length;
  totals.passed += good;
  totals.failed += runs.length - good;
  if (!passed && good === runs.length) totals.failed += 1;
  return passed && good === runs.length;
}

let ok = true;
if (!process.env.TEST_SKIP_INFRA) {
  ok = run('infrastructure: install what is missing', 'bash', ['infra/local/install.sh']) && ok;
  ok = ok && run('infrastructure: start', 'bash', ['infra/local/infra-up.sh']);
  if (!ok) process.exit(1);
}
if (!run('build the web app', 'npm', ['run', 'build', '-w', 'web'])) process.exit(1);

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const stage of stages) {
  if (only.length && !only.includes(stage.name)) continue;
  if (stage.script) {
    ok = runScriptStage(stage) && ok;
    continue;
  }
  const output = path.join(resultsDir, `jest-${stage.name}.json`);
  fs.rmSync(output, { force: true });
  const args = ['jest', '--ci', '--forceExit', '--passWithNoTests', '--json', `--outputFile=${output}`];
  for (const p of stage.projects) args.push('--selectProjects', p);
  for (const i of stage.ignore ?? []) args.push('--testPathIgnorePatterns', i);
  if (stage.name !== 'unit') args.push('--runInBand');
  args.push(...(stage.paths ?? []));
  const passed = run(`tests: ${stage.name}`, 'npx', args);
  if (fs.existsSync(output)) {
    const report = JSON.parse(fs.readFileSync(output, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.numTotalTests === 0 && report.numRuntimeErrorTestSuites === 0) {
      console.log(`(no tests in stage ${stage.name})`);
    }
    if (report.numRuntimeErrorTestSuites > 0) totals.failed += report.numRuntimeErrorTestSuites;
  } else if (!passed) {
    totals.failed += 1;
  }
  ok = passed && ok;
}

console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(ok && totals.failed === 0 ? 0 : 1);
