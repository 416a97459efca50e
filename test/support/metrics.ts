import { eventually } from './eventually';
import type { Platform, Service } from './platform';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

export const matchingSamples = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );

/** The summed value of the matching series; undefined when there is none. */
export function metricValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = matchingSamples(samples, name, labels);
  return found.length ? found.reduce((sum, s) => sum + s.value, 0) : undefined;
}

/** Every `/metrics` of the platform: the one process (embedded), or the gateway and each service. */
export const metricsTargets = (platform: Pick<Platform, 'url' | 'services'>) => [
  platform.url,
  ...Object.values(platform.services ?? {}),
];

/** All samples of the platform's processes (a shared platform has no token: asked from this host). */
export async function scrapeMetrics(
  platform: Pick<Platform, 'url' | 'services'>,
  headers: Record<string, string> = {},
): Promise<Sample[]> {
  const all: Sample[] = [];
  for (const target of metricsTargets(platform)) {
    const res = await fetch(`${target}/metrics`, { headers, signal: AbortSignal.timeout(10_000) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    all.push(...parseMetrics(await res.text()));
  }
  return all;
}

/**
 * Waits until `consumer` has applied every event committed before the call: first every relay
 * has reported nothing left to publish, then — read after that — each of the consumer's groups
 * nothing left to apply (a group counts once it was seen at 0, other tests keep them busy).
 * A negative check awaits it before asserting an absence: whatever those events would have done
 * is done by then.
 */
export async function caughtUp(
  platform: Pick<Platform, 'mode' | 'url' | 'services'>,
  consumer: Service,
  { timeoutMs = 30_000 }: { timeoutMs?: number } = {},
): Promise<void> {
  // Distributed: the relays and consumers report on their own processes, not the gateway.
  if (platform.mode === 'distributed' && !platform.services)
    throw new Error("caughtUp needs the distributed platform's service URLs (`services`)");
  const zero = async (name: string, label: string, labels: Record<string, string>, seen: Set<string>) => {
    const samples = matchingSamples(await scrapeMetrics(platform), name, labels);
    for (const sample of samples) if (sample.value === 0) seen.add(sample.labels[label]!);
    const all = samples.map((s) => s.labels[label]!);
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((key) => !seen.has(key))).toEqual([]);
  };
  const options = { timeoutMs, intervalMs: 200 };
  const relays = new Set<string>();
  await eventually(() => zero('tapinti_relay_lag_events', 'service', {}, relays), options);
  const groups = new Set<string>();
  await eventually(
    () => zero('tapinti_consumer_lag_events', 'group', { service: consumer }, groups),
    options,
  );
}
