import { registerUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName } from '../support/http-client';
import { selectedModes, startPlatform, type Platform } from '../support/platform';

const PERIOD_MS = 4000;

const base = {
  type: 'lost',
  title: 'Müvəqqəti elan',
  description: 'Bu elan qısa müddətdən sonra arxivlənməlidir',
  category: 'keys',
  location: 'Nərimanov',
};

const renewable = {
  type: 'lost',
  description: 'Bu elan qısa müddətdən sonra arxivlənir və yenilənir',
  category: 'keys',
  location: 'Nərimanov',
  rewardAmount: 15,
};

// A platform of its own, with a 4-second archiving period instead of 30 days, checked every second.
describe.each(selectedModes())('archiving after the configured period, and renewing (%s)', (mode) => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform(mode, {
      env: { ANNOUNCEMENT_ARCHIVE_AFTER_MS: String(PERIOD_MS), ARCHIVE_CHECK_EVERY_MS: '1000' },
    });
  }, 180_000);
  afterAll(async () => {
    await platform?.stop();
  });

  const restart = (env?: Record<string, string>) =>
    mode === 'distributed'
      ? platform.restart('announcements', { env })
      : platform.restart(undefined, { env });

  /** The public list's ids: those found by `search`, else the newest 500. */
  const publicIds = async (search?: string) => {
    const query = search ? `search=${encodeURIComponent(search)}` : 'limit=500';
    const res = await new HttpClient(platform.url).get(`/api/announcements?${query}`);
    expect(res.status).toBe(200);
    return res.body.map((a: { id: string }) => a.id) as string[];
  };

  it('archives an announcement once the period is over: gone from the public list, archived in `my`', async () => {
    const user = await registerUser(platform.url, 'arxiv');
    const created = await user.client.post('/api/announcements', base);
    expect(created.status).toBe(201);
    expect(await publicIds()).toContain(created.body.id);

    await eventually(
      async () => {
        const mine = await user.client.get('/api/announcements/my');
        expect(mine.body.find((a: { id: string }) => a.id === created.body.id)).toMatchObject({
          status: 'archived',
          isActive: false,
        });
      },
      { timeoutMs: PERIOD_MS + 6000, intervalMs: 250 },
    );
    expect(await publicIds()).not.toContain(created.body.id);
    const details = await user.client.get(`/api/announcements/${created.body.id}`);
    expect(details.body.status).toBe('archived');
  });

  it('still archives when the service restarts before the period is over', async () => {
    const user = await registerUser(platform.url, 'restart');
    const created = await user.client.post('/api/announcements', base);
    expect(created.status).toBe(201);
    const createdAt = Date.now();
    await restart();
    const client = user.client; // the session survives the restart
    await eventually(
      async () => {
        const mine = await client.get('/api/announcements/my');
        expect(mine.status).toBe(200);
        expect(mine.body.find((a: { id: string }) => a.id === created.body.id)?.status).toBe('archived');
      },
      { timeoutMs: Math.max(0, createdAt + PERIOD_MS - Date.now()) + 8000, intervalMs: 250 },
    );
    expect(await publicIds()).not.toContain(created.body.id);
  });

  const statusInMine = async (client: HttpClient, id: string) => {
    const mine = await client.get('/api/announcements/my');
    return mine.body.find((a: { id: string }) => a.id === id)?.status as string | undefined;
  };
  const archivedSoon = (client: HttpClient, id: string) =>
    eventually(async () => expect(await statusInMine(client, id)).toBe('archived'), {
      timeoutMs: PERIOD_MS + 8000,
      intervalMs: 250,
    });

  it('archived → renewed (open and listed again) → archived a whole period after the renewal → renewed again', async () => {
    const [author, other] = await Promise.all([
      registerUser(platform.url, 'yenile'),
      registerUser(platform.url, 'yad'),
    ]);
    const marker = uniqueName('yen');
    const created = await author.client.post('/api/announcements', {
      ...renewable,
      title: `Açarlar ${marker}`,
    });
    expect(created.status).toBe(201);
    const id: string = created.body.id;

    const tooEarly = await author.client.post(`/api/announcements/${id}/renew`);
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.message).toBe('Yalnız arxivlənmiş elanı yeniləmək olar');

    await archivedSoon(author.client, id);
    expect(await publicIds(marker)).toEqual([]);
    const edit = await author.client.put(`/api/announcements/${id}`, {
      ...renewable,
      title: `Yeni ${marker}`,
    });
    expect(edit.status).toBe(409);
    expect((await other.client.post(`/api/announcements/${id}/renew`)).status).toBe(403);
    expect((await new HttpClient(platform.url).post(`/api/announcements/${id}/renew`)).status).toBe(401);

    const renewed = await author.client.post(`/api/announcements/${id}/renew`);
    const renewedAt = Date.now();
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ id, status: 'open', isActive: true, outcome: null });
    expect(await publicIds(marker)).toEqual([id]);
    // Open again: it can be edited, and the edit is listed.
    const edited = await author.client.put(`/api/announcements/${id}`, {
      ...renewable,
      title: `Yenilənmiş açarlar ${marker}`,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe(`Yenilənmiş açarlar ${marker}`);

    // Its new period counts from the renewal: archived again, not before a whole period.
    await archivedSoon(author.client, id);
    expect(Date.now() - renewedAt).toBeGreaterThanOrEqual(PERIOD_MS - 1000);
    expect(await publicIds(marker)).toEqual([]);

    const again = await author.client.post(`/api/announcements/${id}/renew`);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('open');
    expect(await publicIds(marker)).toEqual([id]);
  });

  // Last: the restart keeps its configuration for the platform's later runs.
  it('archives announcements that fell due while the service was down (the run at start)', async () => {
    const user = await registerUser(platform.url, 'sweep');
    const created = await user.client.post('/api/announcements', base);
    expect(created.status).toBe(201);
    // Restarted with a period shorter than the restart takes, so the announcement falls due while
    // the service is down, and with an hourly check, so only the run at start can archive it.
    await restart({ ANNOUNCEMENT_ARCHIVE_AFTER_MS: '1', ARCHIVE_CHECK_EVERY_MS: String(3_600_000) });
    const client = user.client; // the session survives the restart
    await eventually(
      async () => {
        const mine = await client.get('/api/announcements/my');
        expect(mine.body.find((a: { id: string }) => a.id === created.body.id)?.status).toBe('archived');
      },
      { timeoutMs: 5000, intervalMs: 250 },
    );
  });
});
