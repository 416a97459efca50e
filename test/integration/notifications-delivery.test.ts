import IORedis from 'ioredis';
import { registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import type { HttpClient } from '../support/http-client';
import { INFRA } from '../support/infra';
import { selectedModes, startPlatform, type Platform } from '../support/platform';
import { startPrivateMailSink, type PrivateMailSink } from '../support/private-mail-sink';

/**
 * Delivery under failure, in both modes, against an SMTP sink of this suite's own (Mailpit, the
 * same settings as the shared one) so it can be stopped without disturbing other suites: the
 * embedded platform sends over SMTP too here (MAIL=smtp). The sink keeps one message per
 * Message-ID, as receivers such as Gmail do, and counts the duplicates it dropped.
 */
jest.setTimeout(600_000);

const ARCHIVE_AFTER_MS = 15_000;
/** Mirrors SEND_CONCURRENCY: at most this many e-mails are in flight when a process dies. */
const IN_FLIGHT = 4;

interface Row {
  id: string;
  userId: string | null;
  type: string;
  channel: string;
  status: string;
  retryCount: number;
  recipient: string | null;
  error: string | null;
  data: Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}

describe.each(selectedModes())('notification delivery under failures (%s)', (mode) => {
  let sink: PrivateMailSink;
  let platform: Platform;
  let admin: HttpClient;

  beforeAll(async () => {
    sink = await startPrivateMailSink(`delivery-${mode}`, { ignoreDuplicateIds: true });
    platform = await startPlatform(mode, {
      env: {
        ...sink.env,
        ANNOUNCEMENT_ARCHIVE_AFTER_MS: String(ARCHIVE_AFTER_MS),
        ARCHIVE_CHECK_EVERY_MS: '1000',
      },
    });
    admin = await signInSuperAdmin(platform.url);
  }, 240_000);
  afterAll(async () => {
    await platform?.stop();
    await sink?.destroy();
  });

  /** Every row the super admin sees (newest first), walking the pages. */
  async function allRows(query: string): Promise<Row[]> {
    const rows: Row[] = [];
    let before: string | null = null;
    do {
      const res: { status: number; body: { items: Row[]; nextBefore: string | null } } = await admin.get(
        `/api/notifications/admin?range=all&limit=100&${query}${before ? `&before=${before}` : ''}`,
      );
      expect(res.status).toBe(200);
      rows.push(...res.body.items);
      before = res.body.nextBefore;
    } while (before);
    return rows;
  }
  /** The sink's messages to `address`, by Message-ID (one each: it drops duplicates). */
  /** The welcome e-mail's subject: each registration also sends a verification e-mail (issue 15), not counted here. */
  const WELCOME = 'Tapıntıya xoş gəlmisiniz!';
  async function sinkMessagesTo(address: string, subject?: string) {
    const all = await sink.inbox.messages(2000);
    return all.filter(
      (m) =>
        m.to.some((a) => a.address.toLowerCase() === address.toLowerCase()) &&
        (subject === undefined || m.subject === subject),
    );
  }
  const emailRowsOf = async (userId: string, type: string) =>
    (await allRows('channel=email')).filter((r) => r.userId === userId && r.type === type);

  test('a poison address (550) ends failed after one attempt, in the failed set, without delaying the others', async () => {
    const poison = await registerUser(platform.url, 'refused');
    expect(poison.email.startsWith('refused')).toBe(true);
    const startedAt = Date.now();
    const others = await inParallel([1, 2, 3, 4, 5], 5, () => registerUser(platform.url, 'deliv'));
    // The others arrive promptly: well before the first retry delay (10 s) could have passed.
    await eventually(
      async () => {
        for (const user of others) expect(await sinkMessagesTo(user.email, WELCOME)).toHaveLength(1);
      },
      { timeoutMs: 9000, intervalMs: 200 },
    );
    expect(Date.now() - startedAt).toBeLessThan(10_000);

    const [row] = await eventually(
      async () => {
        const rows = await emailRowsOf(poison.id, 'welcome');
        expect(rows).toHaveLength(1);
        expect(rows[0]!.status).toBe('failed');
        return rows;
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    );
    expect(row!.retryCount).toBe(1);
    expect(row!.error).toContain('550');
    expect(await sinkMessagesTo(poison.email)).toHaveLength(0);
    if (mode === 'distributed') {
      // BullMQ's failed set holds its job (id = the row id).
      const redis = new IORedis(INFRA.redisUrl);
      try {
        const key = `${platform.env.NAMESPACE}-bull:notifications-send-notification:failed`;
        expect(await redis.zscore(key, `id-${encodeURIComponent(row!.id)}`)).not.toBeNull();
      } finally {
        redis.disconnect();
      }
    }
    // Its in-app welcome is there all the same.
    const inbox = await poison.client.get('/api/notifications');
    expect(inbox.body.items.map((n: Row) => n.type)).toEqual(['welcome']);

    // The super admin re-queues it: one more attempt, refused again.
    const retried = await admin.post(`/api/notifications/${row!.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('pending');
    await eventually(
      async () => {
        const [again] = await emailRowsOf(poison.id, 'welcome');
        expect(again).toMatchObject({ status: 'failed', retryCount: 2 });
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    );
    const stats = await admin.get('/api/notifications/stats?range=1d&channel=email');
    expect(stats.body.failed).toBeGreaterThanOrEqual(1);
  });

  test('the SMTP sink stopped for 30 s while 100 notifications fall due: afterwards all 100 are sent, none twice', async () => {
    await sink.stop();
    const stoppedAt = Date.now();
    const users = await inParallel(
      Array.from({ length: 100 }, (_, i) => i),
      4,
      () => registerUser(platform.url, 'outage'),
    );
    // Every welcome is written and its first attempt has failed while the sink is down.
    await eventually(
      async () => {
        const rows = (await allRows('channel=email')).filter(
          (r) => r.type === 'welcome' && users.some((u) => u.id === r.userId),
        );
        expect(rows).toHaveLength(100);
        expect(rows.filter((r) => r.status === 'sent')).toHaveLength(0);
        expect(rows.filter((r) => r.retryCount >= 1)).toHaveLength(100);
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    await sleep(Math.max(0, 30_000 - (Date.now() - stoppedAt)));
    await sink.start();

    await eventually(
      async () => {
        const rows = (await allRows('channel=email')).filter(
          (r) => r.type === 'welcome' && users.some((u) => u.id === r.userId),
        );
        expect(rows.filter((r) => r.status === 'sent')).toHaveLength(100);
      },
      { timeoutMs: 180_000, intervalMs: 1000 },
    );
    const counts = await inParallel(
      users,
      8,
      async (u: TestUser) => (await sinkMessagesTo(u.email, WELCOME)).length,
    );
    expect(counts).toEqual(Array(100).fill(1));
    // Not one of them was even transmitted twice (the sink, restarted above, counts the duplicates it dropped).
    expect((await sink.stats()).ignored).toBe(0);
  });

  test('the notifications process killed (SIGKILL) in the middle of a batch of 200 and restarted: each sent exactly once', async () => {
    const user = await registerUser(platform.url, 'killed');
    // Only the archiving e-mails are counted here: the reminders (due at once, the period being
    // shorter than 3 days) stay in the app.
    const prefs = await user.client.put('/api/notifications/preferences', {
      email: { 'announcement-archive-reminder': false },
    });
    expect(prefs.status).toBe(200);
    // The sink is down while the 200 are archived, so their e-mails wait for a retry together.
    await sink.stop();
    const created = await inParallel(
      Array.from({ length: 200 }, (_, i) => i),
      8,
      async (i) => {
        const res = await user.client.post('/api/announcements', {
          type: 'lost',
          title: `Elan nömrə ${i + 1}`,
          description: 'Bu elan arxivləşdiriləcək və sahibinə e-poçt gedəcək',
          category: 'keys',
          location: 'Bakı, Yasamal',
        });
        expect(res.status).toBe(201);
        return res.body.id as string;
      },
    );
    const subject = 'Elanınız arxivləşdirildi';
    await eventually(
      async () => {
        const rows = await emailRowsOf(user.id, 'announcement-archived');
        expect(rows).toHaveLength(200);
        expect(rows.filter((r) => r.retryCount >= 1)).toHaveLength(200);
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    );
    await sink.start();
    // Kill it while the batch is going out: some sent, most not.
    const sentAtKill = await eventually(
      async () => {
        const n = (await sinkMessagesTo(user.email, subject)).length;
        expect(n).toBeGreaterThanOrEqual(20);
        return n;
      },
      { timeoutMs: 60_000, intervalMs: 25 },
    );
    await platform.restart(mode === 'distributed' ? 'notifications' : undefined, { kill: true });
    expect(sentAtKill).toBeLessThan(200);

    await eventually(
      async () => {
        const rows = await emailRowsOf(user.id, 'announcement-archived');
        expect(rows.filter((r) => r.status === 'sent')).toHaveLength(200);
      },
      { timeoutMs: 180_000, intervalMs: 1000 },
    );
    const messages = await sinkMessagesTo(user.email, subject);
    expect(messages).toHaveLength(200);
    const rows = await emailRowsOf(user.id, 'announcement-archived');
    // One message per notification: its Message-ID is the row's.
    expect(messages.map((m) => m.messageId.split('.')[0]).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(new Set(rows.map((r) => r.data.announcementId))).toEqual(new Set(created));
    // On the wire, at most the e-mails in flight at the kill went out a second time (same
    // Message-ID, dropped by the receiver): delivery is at least once, seen once.
    const resent = (await sink.stats()).ignored;
    console.log(`[${mode}] killed after ${sentAtKill}/200 sent; retransmitted after restart: ${resent}`);
    expect(resent).toBeLessThanOrEqual(IN_FLIGHT);
    // The in-app rows are there once each as well.
    const inApp = (await allRows('channel=in_app')).filter(
      (r) => r.userId === user.id && r.type === 'announcement-archived',
    );
    expect(inApp).toHaveLength(200);
  });
});
