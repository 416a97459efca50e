import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments, stringify } from 'yaml';
import { registerUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient } from '../support/http-client';
import { FOUND, postAnnouncement } from '../support/requests';

/**
 * The Kubernetes manifests run by `podman kube play`: infra/kubernetes/kube-play (the base plus the
 * stateful servers as single pods, on the locally built images) rendered by kustomize, adapted where
 * podman 4.3 differs from a cluster, played on a network of the run's own, every replica ready, a
 * smoke through the gateway, then `podman kube down` leaving nothing. `npm run test:containers`
 * (scripts/test-containers.mjs) sets podman up and builds the images and kustomize first.
 *
 * What podman does not do, and what stands in for it here:
 * - Service: not a kind podman knows. Each pod a Service selects joins the network with the Service's
 *   name as a DNS alias (aardvark-dns answers with every selected replica's address).
 * - Secret: not a kind podman 4.3 takes in the YAML; a container's `secretRef` names a podman secret
 *   (a JSON map of base64 values), made from the rendered Secret under the run's name.
 * - Job: not a kind podman 4.3 knows; its pod template is played as a Pod and awaited to exit 0.
 * - Namespace, Ingress, HorizontalPodAutoscaler, PodDisruptionBudget: no podman counterpart, left out.
 *   The gateway is reached at its pods' addresses on the network (the host routes to it).
 * - containerPort: podman 4.3 publishes each on the host (two replicas collide); left out of what is
 *   played, the probes' named ports made numbers.
 * - emptyDir: podman 4.3 makes it a volume named as the pod spec names it (`tmp`), shared by every pod
 *   that names one so and created by whichever play comes first: two plays at once race for the name
 *   ("volume already exists"). Each workload's emptyDir volumes are named with the run and the
 *   workload here.
 * - readinessProbe: podman ignores it; the suite polls each replica's probe itself, as a kubelet would,
 *   and starts the platform only once the servers answer (a cluster would restart pods until then).
 */
const ROOT = path.resolve(__dirname, '../..');
const CACHE = process.env.TAPINTI_CACHE ?? path.join(ROOT, '.cache');
const KUSTOMIZE = process.env.KUSTOMIZE_BIN ?? path.join(CACHE, 'bin', 'kustomize');
/** Every pod, container, network and secret of the run is named with it: the machine is shared. */
const RUN = process.env.KUBE_PLAY_NAME ?? `tapinti-kube-${process.pid}`;
/** Each wait (the servers, the bucket Job, the platform): 1.5–2.5 min at load 20–30 on 2 cores, 6.5 at 60. */
const READY_MS = 900_000;

type Doc = { kind: string; metadata: { name: string; labels?: Record<string, string> }; spec?: any } & Record<
  string,
  any
>;
interface PodSpecLike {
  containers: Array<{
    name: string;
    ports?: Array<{ name?: string; containerPort: number }>;
    readinessProbe?: { httpGet?: { path: string; port: string | number } };
    livenessProbe?: { httpGet?: { path: string; port: string | number } };
    envFrom?: Array<{ secretRef?: { name: string } }>;
    env?: Array<{ valueFrom?: { secretKeyRef?: { name: string } } }>;
    volumeMounts?: Array<{ name: string }>;
  }>;
  volumes?: Array<{ name: string; emptyDir?: unknown }>;
}
interface PlayedPod {
  name: string;
  ip: string;
  spec: PodSpecLike;
}

const run = promisify(execFile);
const podman = async (...args: string[]) =>
  (await run('podman', args, { cwd: ROOT, maxBuffer: 1 << 24 })).stdout.trim();

/** A template's pod spec and labels, whichever workload kind holds it. */
function podTemplate(doc: Doc): { labels: Record<string, string>; spec: PodSpecLike } {
  if (doc.kind === 'Pod') return { labels: doc.metadata.labels ?? {}, spec: doc.spec };
  return { labels: doc.spec.template.metadata?.labels ?? {}, spec: doc.spec.template.spec };
}

function selects(service: Doc, labels: Record<string, string>): boolean {
  const selector: Record<string, string> = service.spec.selector ?? {};
  return Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);
}

async function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** A replica is ready as a kubelet would say: its readinessProbe answers 2xx, else its ports accept. */
async function expectReady(pod: PlayedPod): Promise<void> {
  for (const container of pod.spec.containers) {
    const probe = container.readinessProbe?.httpGet;
    if (probe) {
      const port =
        typeof probe.port === 'number'
          ? probe.port
          : container.ports?.find((p) => p.name === probe.port)?.containerPort;
      const res = await fetch(`http://${pod.ip}:${port}${probe.path}`, {
        signal: AbortSignal.timeout(5000),
      }).catch((e: Error) => ({ ok: false, status: e.message }));
      if (!res.ok) throw new Error(`${pod.name}: ${probe.path} ${res.status}`);
    } else {
      for (const { containerPort } of container.ports ?? [])
        if (!(await accepts(pod.ip, containerPort)))
          throw new Error(`${pod.name}: port ${containerPort} closed`);
    }
  }
}

describe('the Kubernetes manifests on podman kube play', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${RUN}-`));
  const played: string[] = []; // the YAML files played, for `podman kube down`
  const pods = new Map<string, PlayedPod[]>(); // by workload name as the manifests spell it
  const gateways = () => (pods.get('gateway') ?? []).map((p) => `http://${p.ip}:8080`);
  let docs: Doc[];
  let configMaps: Doc[];
  let services: Doc[];
  let secretsMade: string[] = [];

  /** Plays one workload (its pods join the network under the names of the Services that select them). */
  async function play(doc: Doc): Promise<PlayedPod[]> {
    const workload = structuredClone(doc);
    const { labels, spec } = podTemplate(workload);
    const emptyDirs = new Map(
      (spec.volumes ?? [])
        .filter((v) => v.emptyDir)
        .map((v) => [v.name, `${RUN}-${doc.metadata.name}-${v.name}`] as const),
    );
    for (const volume of spec.volumes ?? []) volume.name = emptyDirs.get(volume.name) ?? volume.name;
    for (const container of spec.containers) {
      for (const mount of container.volumeMounts ?? []) mount.name = emptyDirs.get(mount.name) ?? mount.name;
      // podman 4.3 publishes every containerPort on the host (a hostPort of the same number): two
      // replicas would collide, and so would the machine's own servers. A pod's ports are only names
      // in Kubernetes; the probes get their numbers.
      for (const probe of [container.readinessProbe, container.livenessProbe]) {
        const port = probe?.httpGet?.port;
        if (probe?.httpGet && typeof port === 'string')
          probe.httpGet.port = container.ports?.find((p) => p.name === port)?.containerPort ?? port;
      }
      delete container.ports;
      for (const from of container.envFrom ?? [])
        if (from.secretRef) from.secretRef.name = `${RUN}-${from.secretRef.name}`;
      for (const variable of container.env ?? [])
        if (variable.valueFrom?.secretKeyRef)
          variable.valueFrom.secretKeyRef.name = `${RUN}-${variable.valueFrom.secretKeyRef.name}`;
    }
    workload.metadata = { name: `${RUN}-${doc.metadata.name}`, labels: workload.metadata.labels };
    const aliases = services.filter((s) => selects(s, labels)).map((s) => s.metadata.name);
    const file = path.join(dir, `${doc.metadata.name}.yaml`);
    fs.writeFileSync(file, [...configMaps, workload].map((d) => stringify(d)).join('---\n'));
    played.push(file);
    // `--network NAME:alias=A,alias=B`: podman's syntax for a network's aliases.
    const network = aliases.length ? `${RUN}:${aliases.map((a) => `alias=${a}`).join(',')}` : RUN;
    const out = await podman('kube', 'play', '--network', network, file);
    const ids = out.split('\n').flatMap((line, i, lines) => (lines[i - 1] === 'Pod:' ? [line.trim()] : []));
    const result = await Promise.all(
      ids.map(async (id) => {
        const name = await podman('pod', 'inspect', id, '--format', '{{.Name}}');
        const infra = await podman('pod', 'inspect', id, '--format', '{{.InfraContainerID}}');
        const ip = await podman(
          'inspect',
          infra,
          '--format',
          `{{(index .NetworkSettings.Networks "${RUN}").IPAddress}}`,
        );
        return { name, ip, spec: podTemplate(doc).spec }; // with its ports, for the probes
      }),
    );
    pods.set(doc.metadata.name, result);
    return result;
  }

  /**
   * Plays the workloads at once, and waits for every play to end before failing on one: a play still
   * under way when `afterAll` takes the run down would leave its pods behind.
   */
  async function playAll(workloads: Doc[]): Promise<PlayedPod[][]> {
    const results = await Promise.allSettled(workloads.map(play));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    return results.map((r) => (r as PromiseFulfilledResult<PlayedPod[]>).value);
  }

  async function allReady(group: PlayedPod[]) {
    await eventually(async () => Promise.all(group.map(expectReady)), {
      timeoutMs: READY_MS,
      intervalMs: 3000,
    });
  }

  beforeAll(async () => {
    const rendered = (
      await run(KUSTOMIZE, ['build', path.join(ROOT, 'infra/kubernetes/kube-play')], { maxBuffer: 1 << 24 })
    ).stdout;
    docs = parseAllDocuments(rendered).map((d) => d.toJS() as Doc);
    configMaps = docs.filter((d) => d.kind === 'ConfigMap');
    services = docs.filter((d) => d.kind === 'Service');

    await podman('network', 'create', RUN);
    for (const secret of docs.filter((d) => d.kind === 'Secret')) {
      const values = {
        ...secret.data,
        ...Object.fromEntries(
          Object.entries((secret.stringData ?? {}) as Record<string, string>).map(([k, v]) => [
            k,
            Buffer.from(v).toString('base64'),
          ]),
        ),
      };
      const file = path.join(dir, `${secret.metadata.name}.secret.json`);
      fs.writeFileSync(file, JSON.stringify(values), { mode: 0o600 });
      await podman('secret', 'create', `${RUN}-${secret.metadata.name}`, file);
      secretsMade.push(`${RUN}-${secret.metadata.name}`);
    }

    // The servers first (a cluster's operators would have them running), then the bucket's Job, then
    // the platform's Deployments.
    const servers = await playAll(docs.filter((d) => d.kind === 'Pod'));
    await allReady(servers.flat());
    for (const job of docs.filter((d) => d.kind === 'Job')) {
      const [pod] = await play({ ...job, kind: 'Pod', spec: job.spec.template.spec });
      if (!pod) throw new Error(`${job.metadata.name}: no pod`);
      await eventually(
        async () => {
          const state = await podman(
            'ps',
            '-a',
            '--filter',
            `pod=${pod.name}`,
            '--filter',
            'exited=0',
            '--format',
            '{{.Names}}',
          );
          expect(state.split('\n').filter((n) => !n.endsWith('-infra') && n !== '')).not.toEqual([]);
        },
        { timeoutMs: READY_MS, intervalMs: 2000 },
      );
    }
    const deployments = await playAll(docs.filter((d) => d.kind === 'Deployment'));
    await allReady(deployments.flat());
  }, 2 * READY_MS);

  afterAll(async () => {
    await takeDown();
  }, 300_000);

  async function takeDown() {
    // All at once: each waits for its containers to stop (Kafka's takes a while).
    await Promise.all(played.splice(0).map((file) => podman('kube', 'down', file).catch(() => undefined)));
    for (const secret of secretsMade) await podman('secret', 'rm', secret).catch(() => undefined);
    secretsMade = [];
    await podman('network', 'rm', RUN).catch(() => undefined);
  }

  it('runs every Deployment with its replicas, each ready, the gateway ready on each', async () => {
    const deployments = docs.filter((d) => d.kind === 'Deployment');
    expect(
      Object.fromEntries(deployments.map((d) => [d.metadata.name, pods.get(d.metadata.name)?.length])),
    ).toEqual(Object.fromEntries(deployments.map((d) => [d.metadata.name, d.spec.replicas])));
    // The pod spec as a cluster would apply it: runAsUser/runAsGroup, a read-only root file system, the
    // memory limit.
    const [auth] = pods.get('auth') ?? [];
    expect(
      await podman(
        'inspect',
        `${auth?.name}-auth`,
        '--format',
        '{{.Config.User}} {{.HostConfig.ReadonlyRootfs}} {{.HostConfig.Memory}}',
      ),
    ).toBe(`1000:1000 true ${384 * 1024 * 1024}`);
    expect(gateways()).toHaveLength(2);
    for (const gateway of gateways()) expect((await fetch(`${gateway}/readyz`)).status).toBe(200);
  });

  it('registers, posts a found item and reads it back through the gateway', async () => {
    const [first = '', second = first] = gateways();
    const finder = await registerUser(first, 'kube');
    const item = await postAnnouncement(finder.client, FOUND);
    expect((await finder.client.get(`/api/announcements/${item.id}`)).status).toBe(200);
    // The same session through the other gateway replica: the replicas share their state.
    const reader = new HttpClient(second);
    for (const [name, value] of finder.client.cookies) reader.cookies.set(name, value);
    await eventually(async () => {
      const res = await reader.get(`/api/announcements/${item.id}`);
      expect(res.status).toBe(200);
      expect(res.body.title).toBe(item.title);
    });
  });

  it('leaves nothing after podman kube down', async () => {
    // The emptyDir volumes podman made for the pods: removed with them.
    const containers = (await podman('ps', '-a', '-q', '--filter', `name=^${RUN}-`))
      .split('\n')
      .filter(Boolean);
    const volumes = (
      await podman(
        'inspect',
        ...containers,
        '--format',
        '{{range .Mounts}}{{if eq .Type "volume"}}{{.Name}} {{end}}{{end}}',
      )
    )
      .split(/\s+/)
      .filter(Boolean);
    expect(volumes.length).toBeGreaterThan(0);
    await takeDown();
    const ours = async (...list: string[]) =>
      (await podman(...list)).split('\n').filter((name) => name === RUN || name.startsWith(`${RUN}-`));
    expect(await ours('pod', 'ps', '--format', '{{.Name}}')).toEqual([]);
    expect(await ours('ps', '-a', '--format', '{{.Names}}')).toEqual([]);
    expect(await ours('network', 'ls', '--format', '{{.Name}}')).toEqual([]);
    expect(await ours('secret', 'ls', '--format', '{{.Name}}')).toEqual([]);
    const left = await Promise.all(
      volumes.map((v) =>
        run('podman', ['volume', 'exists', v]).then(
          () => v,
          () => null,
        ),
      ),
    );
    expect(left.filter(Boolean)).toEqual([]);
  });
});
