import { registerUser, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName } from '../support/http-client';
import { selectedModes, startPlatform, type Platform } from '../support/platform';

const PERIOD_MS = 4000;

const base = {
  type: 'lost',
  description: 'Bu elan qısa müddətdən sonra arxivlənir və yenilənir',
  category: 'keys',
  location: 'Nərimanov',
  rewardAmount: 15,
};

// A platform of its own, with a 4-second archiving period instead of 30 days, checked every second.
describe.each(selectedModes())('renewing an archived announcement (%s)', (mode) => {
  let platform: Platform;
  let author: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    platform = await startPlatform(mode, {
      env: { ANNOUNCEMENT_ARCHIVE_AFTER_MS: String(PERIOD_MS), ARCHIVE_CHECK_EVERY_MS: '1000' },
    });
    [author, other] = await Promise.all([
      registerUser(platform.url, 'yenile'),
      registerUser(platform.url, 'yad'),
    ]);
  }, 180_000);
  afterAll(async () => {
    await platform?.stop();
  });

  const publicIds = async (marker: string) => {
    const res = await new HttpClient(platform.url).get(`/api/announcements?search=${marker}`);
    expect(res.status).toBe(200);
    return res.body.map((a: { id: string }) => a.id) as string[];
  };
  const statusInMine = async (id: string) => {
    const mine = await author.client.get('/api/announcements/my');
    return mine.body.find((a: { id: string }) => a.id === id)?.status as string | undefined;
  };
  const archivedSoon = (id: string) =>
    eventually(async () => expect(await statusInMine(id)).toBe('archived'), {
      timeoutMs: PERIOD_MS + 8000,
      intervalMs: 250,
    });

  it('archived → renewed (open and listed again) → archived a whole period after the renewal → renewed again', async () => {
    const marker = uniqueName('yen');
    const created = await author.client.post('/api/announcements', { ...base, title: `Açarlar ${marker}` });
    expect(created.status).toBe(201);
    const id: string = created.body.id;

    const tooEarly = await author.client.post(`/api/announcements/${id}/renew`);
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.message).toBe('Yalnız arxivlənmiş elanı yeniləmək olar');

    await archivedSoon(id);
    expect(await publicIds(marker)).toEqual([]);
    const edit = await author.client.put(`/api/announcements/${id}`, { ...base, title: `Yeni ${marker}` });
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
      ...base,
      title: `Yenilənmiş açarlar ${marker}`,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe(`Yenilənmiş açarlar ${marker}`);

    // Its new period counts from the renewal: archived again, not before a whole period.
    await archivedSoon(id);
    expect(Date.now() - renewedAt).toBeGreaterThanOrEqual(PERIOD_MS - 1000);
    expect(await publicIds(marker)).toEqual([]);

    const again = await author.client.post(`/api/announcements/${id}/renew`);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('open');
    expect(await publicIds(marker)).toEqual([id]);
  });
});
