import { registerUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient } from '../support/http-client';
import { selectedModes, startPlatform, type Platform } from '../support/platform';

const PERIOD_MS = 4000;

const base = {
  type: 'lost',
  title: 'Müvəqqəti elan',
  description: 'Bu elan qısa müddətdən sonra arxivlənməlidir',
  category: 'keys',
  location: 'Nərimanov',
};

// A platform of its own, with a 4-second archiving period instead of 30 days, checked every second.
describe.each(selectedModes())('archiving after the configured period (%s)', (mode) => {
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

  const publicIds = async () => {
    const res = await new HttpClient(platform.url).get('/api/announcements?limit=500');
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
