// npm test: the one command. Installs and starts the real infrastructure (Postgres, Redis, Kafka,
// S3, SMTP) as local processes, builds the web app and the server bundles, then runs every jest
// project and script stage and prints one closing line with the totals. A Docker engine is not needed.
//
// The stages run in two lanes at once (a machine has at least 2 cores, and the integration suites
// spend much of their time waiting on timers, brokers and mail): kafka-outage and integration beside
// unit, contract, fuzz, Schemathesis and e2e, the lanes about as long; web goes to the first lane
// done. `kafka-outage` stops the shared broker for a while, so it opens its lane and contract (then
// fuzz) waits for it: unit, the only stage before them, uses no broker. Each stage's output goes to
// test-results/logs/<stage>.log and is printed whole when the stage ends, so the lanes never
// interleave their lines.
//
// TEST_STAGES=unit,e2e  runs only those stages (in their lanes).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
const logsDir = path.join(resultsDir, 'logs');
fs.mkdirSync(logsDir, { recursive: true });

const only = (process.env.TEST_STAGES ?? '').split(',').filter(Boolean);
const env = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
  // Platforms started by the tests run the bundles built below (test/support/platform.ts).
  TEST_PLATFORM_RUNTIME: process.env.TEST_PLATFORM_RUNTIME ?? 'dist',
};

const lanes = [
  [
    // Stops the shared Kafka broker for 20 s: first, before any other stage of this lane uses it.
    // Its suites start platforms of their own: no shared ones (test/support/global-setup.ts).
    {
      name: 'kafka-outage',
      projects: ['contract', 'integration'],
      paths: ['kafka-outage'],
      env: { TEST_SHARED_PLATFORMS: 'none' },
    },
    { name: 'integration', projects: ['integration'], ignore: ['kafka-outage'] },
  ],
  [
    { name: 'unit', projects: ['unit'] },
    // The ports against the shared broker too: once kafka-outage has given it back.
    { name: 'contract', projects: ['contract'], ignore: ['kafka-outage'], after: 'kafka-outage' },
    { name: 'fuzz', script: 'test/fuzz/run.mjs' }, // malformed requests to every operation, both modes (test/fuzz)
    // Schemathesis against an embedded platform, from GET /api/openapi.json (test/schemathesis/run.mjs):
    // one passed per run (test/schemathesis/run.mjs `runsFor`) without failures, one failed per run with any.
    { name: 'schemathesis', script: 'test/schemathesis/run.mjs' },
    { name: 'e2e', projects: ['e2e'] },
  ],
];
/**
 * Stages either lane may run: taken by whichever lane is done first (the lanes' lengths vary from run
 * to run with the machine's load; a fixed place left one lane idle for minutes at the end).
 */
const shared = [
  { name: 'web', projects: ['web'] }, // React components in jsdom
];
const allStages = [...lanes.flat(), ...shared];

/**
 * CPU seconds of this process's children that have ended, with everything they waited for (Linux
 * /proc/self/stat: cutime + cstime; null elsewhere). Read as a stage's command ends, the step since
 * the last reading is that stage's CPU: its jest or script, the platforms, browsers and Schemathesis
 * it started and waited for (not the infrastructure, nor a process left running). Where a lane's time
 * goes when the CPU is the limit.
 */
let childCpuSeen = null;
function childCpuSeconds() {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100; // fields 16 and 17, in clock ticks (USER_HZ)
  } catch {
    return null;
  }
}

/** Runs a stage's command with its output in its log, printed whole when it ends. */
function runLogged(stage, command, args) {
  const logFile = path.join(logsDir, `${stage.name}.log`);
  const out = fs.openSync(logFile, 'w');
  const startedAt = Date.now();
  console.log(`▶ ${stage.name} started (output: test-results/logs/${stage.name}.log)`);
  stage.running = true;
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', out, out],
      env: { ...env, ...stage.env },
    });
    child.on('exit', (code) => {
      stage.running = false;
      fs.closeSync(out);
      const seconds = Math.round((Date.now() - startedAt) / 1000);
      stage.seconds = seconds;
      const childCpu = childCpuSeconds();
      if (childCpu !== null && childCpuSeen !== null) stage.cpuSeconds = Math.round(childCpu - childCpuSeen);
      childCpuSeen = childCpu;
      const cpuNote = stage.cpuSeconds === undefined ? '' : `, CPU ${stage.cpuSeconds} s`;
      console.log(`\n━━━━ tests: ${stage.name} (${seconds} s${cpuNote}, exit ${code}) ━━━━`);
      process.stdout.write(fs.readFileSync(logFile));
      resolve(code === 0);
    });
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };

/** A stage that is a script writing `test-results/<name>.json`: `{ runs: [{ name, failures, exitCode }] }`. */
async function runScriptStage(stage) {
  const summary = path.join(resultsDir, `${stage.name}.json`);
  fs.rmSync(summary, { force: true });
  const passed = await runLogged(stage, process.execPath, [stage.script]);
  const runs = fs.existsSync(summary) ? (JSON.parse(fs.readFileSync(summary, 'utf8')).runs ?? []) : [];
  const good = runs.filter((r) => r.exitCode === 0 && r.failures === 0).length;
  totals.passed += good;
  totals.failed += runs.length - good;
  if (!passed && good === runs.length) totals.failed += 1;
  return passed && good === runs.length;
}

async function runJestStage(stage) {
  const output = path.join(resultsDir, `jest-${stage.name}.json`);
  fs.rmSync(output, { force: true });
  const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
  const args = [jest, '--ci', '--forceExit', '--passWithNoTests', '--json', `--outputFile=${output}`];
  for (const p of stage.projects) args.push('--selectProjects', p);
  for (const i of stage.ignore ?? []) args.push('--testPathIgnorePatterns', i);
  // One worker per stage: the other lane takes the second core.
  args.push('--runInBand');
  args.push(...(stage.paths ?? []));
  const passed = await runLogged(stage, process.execPath, args);
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
  return passed;
}

const runStage = (stage) => (stage.script ? runScriptStage(stage) : runJestStage(stage));
const selected = (stage) => !only.length || only.includes(stage.name);

/** Each started stage's end, for a stage of the other lane that must wait for it (`after`). */
const ended = new Map();

async function runLane(stages) {
  let ok = true;
  for (const stage of stages.filter(selected)) {
    if (stage.after) await ended.get(stage.after);
    const run = runStage(stage);
    ended.set(stage.name, run);
    ok = (await run) && ok;
  }
  for (let stage = shared.shift(); stage; stage = shared.shift()) {
    if (selected(stage)) ok = (await runStage(stage)) && ok;
  }
  return ok;
}

/** The machine's busy and total CPU time so far (Linux /proc/stat; null elsewhere). */
function cpuTimes() {
  try {
    const fields = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const idle = fields[3] + (fields[4] ?? 0); // idle + iowait
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0); // without guest time (counted in user)
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

const percent = (from, to) => Math.round((100 * (to.busy - from.busy)) / Math.max(to.total - from.total, 1));

/**
 * How busy the CPU was while the stages ran, and every 10 s with the stages running then, to the
 * log: whether a lane waits on timers (room for more at once) or on the CPU (less work is the way).
 */
function watchCpu(logFile) {
  const first = cpuTimes();
  if (!first) return { stop: () => null };
  fs.writeFileSync(logFile, '');
  let last = first;
  const timer = setInterval(() => {
    const now = cpuTimes();
    const running = allStages.filter((s) => s.running).map((s) => s.name);
    const seconds = Math.round((Date.now() - startedAt) / 1000);
    const line = `${seconds} s  busy ${percent(last, now)} %  load ${os.loadavg()[0].toFixed(1)}  ${running.join(' ')}`;
    fs.appendFileSync(logFile, `${line}\n`); // as it goes: a stopped run keeps what it measured
    last = now;
  }, 10_000);
  return {
    stop() {
      clearInterval(timer);
      return percent(first, cpuTimes());
    },
  };
}

/** A preparation step in the background, its output printed whole when it ends. */
function prepare(title, command, args) {
  return new Promise((resolve) => {
    const chunks = [];
    const begun = Date.now();
    const child = spawn(command, args, { cwd: root, env });
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('exit', (code) => {
      console.log(`\n▶ ${title} (${Math.round((Date.now() - begun) / 1000)} s, exit ${code})`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(code === 0);
    });
  });
}

// The infrastructure starts while the web app and the server bundles build: they do not need it.
const preparation = [
  process.env.TEST_SKIP_INFRA
    ? Promise.resolve(true)
    : prepare('infrastructure: install what is missing', 'bash', ['infra/local/install.sh']).then(
        (installed) => installed && prepare('infrastructure: start', 'bash', ['infra/local/infra-up.sh']),
      ),
  prepare('build the web app', 'npm', ['run', 'build', '-w', 'web']),
  env.TEST_PLATFORM_RUNTIME === 'dist'
    ? prepare('build the server', process.execPath, ['scripts/build-server.mjs'])
    : Promise.resolve(true),
];
if (!(await Promise.all(preparation)).every(Boolean)) process.exit(1);

const startedAt = Date.now();
childCpuSeen = childCpuSeconds(); // the preparation's children are not a stage's
const cpu = watchCpu(path.join(logsDir, 'cpu.log'));
const laneResults = await Promise.all(lanes.map(runLane));
const ok = laneResults.every(Boolean);
const cpuBusy = cpu.stop();

const timed = allStages.filter((s) => s.seconds !== undefined);
const cpuOf = (s) => (s.cpuSeconds === undefined ? '' : ` (CPU ${s.cpuSeconds} s)`);
console.log(`\nstage times: ${timed.map((s) => `${s.name} ${s.seconds} s${cpuOf(s)}`).join(', ')}`);
console.log(`tests took ${Math.round((Date.now() - startedAt) / 60000)} min`);
if (cpuBusy !== null)
  console.log(
    `CPU busy during the stages: ${cpuBusy} % of ${os.cpus().length} cores (every 10 s: test-results/logs/cpu.log)`,
  );
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(ok && totals.failed === 0 ? 0 : 1);
