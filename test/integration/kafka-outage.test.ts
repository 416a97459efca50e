import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { allAuditRows, registerUser, signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import { ROOT, startPlatform, type Platform } from '../support/platform';

const kafka = (action: 'start' | 'stop') => {
  const result = spawnSync('bash', [path.join(ROOT, 'infra/local/kafka.sh'), action], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`kafka.sh ${action} failed: ${result.stderr}${result.stdout}`);
};

describe('Kafka outage (distributed mode, real broker)', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startPlatform('distributed');
  });
  afterAll(async () => {
    kafka('start');
    await platform?.stop();
  });

  it('200 events appended while Kafka is down for 20 s all arrive after it returns, each with exactly one effect', async () => {
    const admin = await signInSuperAdmin(platform.url);
    kafka('stop');
    const stoppedAt = Date.now();
    const ids: string[] = [];
    const queue = Array.from({ length: 200 }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (queue.shift() !== undefined) ids.push((await registerUser(platform.url, 'outage')).id);
      }),
    );
    expect(ids).toHaveLength(200);
    const remaining = 20_000 - (Date.now() - stoppedAt);
    if (remaining > 0) await new Promise((r) => setTimeout(r, remaining));
    kafka('start');

    const wanted = new Set(ids);
    await eventually(
      async () => {
        const rows = (await allAuditRows(admin)).filter(
          (r) => r.action === 'auth.user.registered' && wanted.has(r.entityId!),
        );
        const perUser = new Map<string, number>();
        for (const r of rows) perUser.set(r.entityId!, (perUser.get(r.entityId!) ?? 0) + 1);
        expect(perUser.size).toBe(200);
        expect([...perUser.values()].every((n) => n === 1)).toBe(true);
      },
      { timeoutMs: 120_000, intervalMs: 1000 },
    );
  });
});
