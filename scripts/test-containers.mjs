// npm run test:containers: docker-compose.yml on podman, through testcontainers, and the Kubernetes
// manifests through `podman kube play` (test/containers).
// Sets podman up (infra/images/podman-setup.sh), builds the compose CLI, kubeconform and kustomize once
// (install-tools.sh), validates the Kubernetes manifests (infra/kubernetes/validate.sh), builds or
// reuses the images (build.sh), serves podman's Docker API on a socket of
// its own, runs the health checks podman cannot schedule here (podman-healthchecks.sh), runs the suites,
// then checks that nothing of the compose project or the kube play run is left: no container, pod,
// volume, network or secret.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cache = process.env.TAPINTI_CACHE ?? path.join(root, '.cache');
const project = `tapinti-containers-${process.pid}`;
// The name of every pod, container, network and secret test/containers/kube-play.test.ts makes.
const kubePlay = `tapinti-kube-${process.pid}`;
const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

run('bash', ['infra/images/podman-setup.sh']);
run('bash', ['infra/images/install-tools.sh']);
run('bash', ['infra/kubernetes/validate.sh']);
run('bash', ['infra/images/build.sh']);
console.log(`images ready at ${seconds()} s`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapinti-podman-'));
const socket = path.join(dir, 'podman.sock');
const service = spawn('podman', ['system', 'service', '--time=0', `unix://${socket}`], { stdio: 'inherit' });
const healthchecks = spawn('bash', ['infra/images/podman-healthchecks.sh', project], {
  cwd: root,
  stdio: 'inherit',
});
for (let i = 0; i < 100 && !fs.existsSync(socket); i++) await new Promise((r) => setTimeout(r, 100));

let status = 1;
try {
  const env = {
    ...process.env,
    DOCKER_HOST: `unix://${socket}`,
    // Ryuk (the reaper container) is an image from a registry: the suite takes the project down itself.
    TESTCONTAINERS_RYUK_DISABLED: 'true',
    COMPOSE_BIN: path.join(cache, 'bin', 'docker-compose'),
    COMPOSE_PROJECT_NAME: project,
    KUBE_PLAY_NAME: kubePlay,
  };
  const jest = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/jest/bin/jest.js'), '--selectProjects', 'containers', '--runInBand'],
    { cwd: root, stdio: 'inherit', env },
  );
  status = jest.status ?? 1;
} finally {
  healthchecks.kill();
  const left = ['container', 'volume', 'network'].flatMap((kind) => {
    const out = spawnSync(
      'podman',
      [kind, 'ls', '-a', '-q', '--filter', `label=com.docker.compose.project=${project}`].filter(
        (arg) => !(kind !== 'container' && arg === '-a'),
      ),
      { encoding: 'utf8' },
    ).stdout.trim();
    return out ? [`${kind}: ${out.split('\n').join(' ')}`] : [];
  });
  const kubePlayKinds = {
    pod: ['pod', 'ps', '--format', '{{.Name}}'],
    container: ['ps', '-a', '--format', '{{.Names}}'],
    network: ['network', 'ls', '--format', '{{.Name}}'],
    secret: ['secret', 'ls', '--format', '{{.Name}}'],
    volume: ['volume', 'ls', '--format', '{{.Name}}'],
  };
  for (const [kind, args] of Object.entries(kubePlayKinds)) {
    const names = spawnSync('podman', args, { encoding: 'utf8' })
      .stdout.split('\n')
      .filter((name) => name === kubePlay || name.startsWith(`${kubePlay}-`));
    if (names.length) left.push(`${kind}: ${names.join(' ')}`);
  }
  service.kill();
  fs.rmSync(dir, { recursive: true, force: true });
  if (left.length) {
    console.error(`left behind by ${project} / ${kubePlay}: ${left.join('; ')}`);
    status = 1;
  }
  console.log(`test:containers: exit ${status} after ${seconds()} s`);
}
process.exit(status);
