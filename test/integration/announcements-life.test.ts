import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createFilesystemObjectStorage } from '@tapinti/ports/filesystem-object-storage';
import type { ObjectStorage } from '@tapinti/ports/object-storage';
import { createS3ObjectStorage } from '@tapinti/ports/s3-object-storage';
import { registerUser, signInSuperAdmin, type AuditRow, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName } from '../support/http-client';
import { approvedOrganization, organizationAdmin } from '../support/organizations';
import { sharedPlatforms, type SharedPlatform } from '../support/platform';

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const lost = {
  type: 'lost',
  title: 'Qara pulqabı itirilib',
  description: 'Metroda qara dəri pulqabı itirmişəm, içində sənədlər var',
  category: 'bags',
  location: 'Gənclik metrosu',
  rewardAmount: 30,
};

/** The platform's object storage as the announcements service has it (files on disk, or S3). */
function storageOf(platform: SharedPlatform): ObjectStorage {
  const env = platform.env;
  return env.STORAGE === 's3'
    ? createS3ObjectStorage({
        endpoint: env.S3_ENDPOINT!,
        accessKey: env.S3_ACCESS_KEY!,
        secretKey: env.S3_SECRET_KEY!,
        bucket: env.S3_BUCKET!,
        region: env.S3_REGION ?? 'us-east-1',
      })
    : createFilesystemObjectStorage({
        dir: path.join(env.DATA_DIR!, 'objects'),
        signingSecret: env.JWT_SECRET!,
        uploadPathPrefix: '/api/objects/uploads/',
      });
}

describe.each(sharedPlatforms())('an announcement after posting: edit, close, delete ($mode)', (platform) => {
  const { url } = platform;
  const anonymous = new HttpClient(url);
  const startedAt = new Date(Date.now() - 1000).toISOString();
  let author: TestUser;
  let other: TestUser;
  let superAdmin: HttpClient;

  beforeAll(async () => {
    [author, other, superAdmin] = await Promise.all([
      registerUser(url, 'heyat'),
      registerUser(url, 'yad'),
      signInSuperAdmin(url),
    ]);
  });

  const post = async (user: HttpClient, body: Record<string, unknown>) => {
    const res = await user.post('/api/announcements', body);
    expect(res.status).toBe(201);
    return res.body as { id: string; title: string } & Record<string, unknown>;
  };
  const publicList = async (query: string) => {
    const res = await anonymous.get(`/api/announcements?${query}`);
    expect(res.status).toBe(200);
    return res.body as Array<Record<string, unknown> & { id: string }>;
  };
  /** What the rewards page shows: the public list's announcements with a reward. */
  const rewardIds = async (marker: string) =>
    (await publicList(`search=${marker}`)).filter((a) => (a.rewardAmount as number) > 0).map((a) => a.id);
  const mine = async (user: TestUser) => {
    const res = await user.client.get('/api/announcements/my');
    expect(res.status).toBe(200);
    return res.body as Array<Record<string, unknown> & { id: string }>;
  };
  /** Audit rows of this suite's time about one announcement. */
  const auditRowsOf = async (announcementId: string): Promise<AuditRow[]> => {
    const rows: AuditRow[] = [];
    for (let offset = 0; ; offset += 100) {
      const res = await superAdmin.get(
        `/api/audit-logs?fromDate=${encodeURIComponent(startedAt)}&limit=100&offset=${offset}`,
      );
      expect(res.status).toBe(200);
      rows.push(...(res.body.items as AuditRow[]));
      if (res.body.items.length < 100) break;
    }
    return rows.filter((r) => r.entityId === announcementId);
  };

  it('the author edits: the public list and the details show the edit; the §5 rules hold with their messages', async () => {
    const marker = uniqueName('red');
    const posted = await post(author.client, { ...lost, title: `Pulqabı ${marker}` });

    const edited = await author.client.put(`/api/announcements/${posted.id}`, {
      ...lost,
      title: `Qəhvəyi pulqabı ${marker}`,
      location: '28 May metrosu',
      rewardAmount: 60,
      rewardDescription: 'Tapana 60 AZN',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: posted.id,
      title: `Qəhvəyi pulqabı ${marker}`,
      location: '28 May metrosu',
      rewardAmount: 60,
      rewardDescription: 'Tapana 60 AZN',
      status: 'open',
      isActive: true,
      outcome: null,
      userId: author.id,
    });
    const listed = await publicList(`search=${marker}`);
    expect(listed).toEqual([
      expect.objectContaining({ id: posted.id, title: `Qəhvəyi pulqabı ${marker}`, rewardAmount: 60 }),
    ]);
    // The search text follows the edit: the new place finds it, the old one no longer does.
    expect((await publicList(`search=${marker}%2028%20may`)).map((a) => a.id)).toEqual([posted.id]);
    expect(await publicList(`search=${marker}%20gənclik`)).toEqual([]);

    const broken = async (changes: Record<string, unknown>) =>
      author.client.put(`/api/announcements/${posted.id}`, { ...lost, ...changes });
    expect((await broken({ title: 'Açar' })).body).toEqual({
      message: 'Başlıq ən azı 5 simvol olmalıdır',
      field: 'title',
    });
    expect((await broken({ description: 'Çox qısa təsvir' })).status).toBe(400);
    expect((await broken({ description: 'Çox qısa təsvir' })).body.message).toBe(
      'Təsvir ən azı 20 simvol olmalıdır',
    );
    expect((await broken({ rewardAmount: -5 })).body.message).toBe('Mükafat məbləği müsbət olmalıdır');
    const typeChange = await broken({ type: 'found', rewardAmount: 0 });
    expect(typeChange.status).toBe(400);
    expect(typeChange.body).toEqual({ message: 'Elanın növünü dəyişmək olmaz', field: 'type' });
    // Nothing of the refused edits was kept.
    expect((await author.client.get(`/api/announcements/${posted.id}`)).body.title).toBe(
      `Qəhvəyi pulqabı ${marker}`,
    );
  });

  it('anonymous callers get 401, other users 403, unknown ids 404', async () => {
    const posted = await post(author.client, { ...lost, title: `Toxunulmaz ${uniqueName('x')}` });
    const body = { ...lost, title: 'Başqasının redaktəsi' };
    const paths = [
      ['put', `/api/announcements/${posted.id}`, body],
      ['post', `/api/announcements/${posted.id}/close`, { outcome: 'returned' }],
      ['post', `/api/announcements/${posted.id}/renew`, undefined],
      ['delete', `/api/announcements/${posted.id}`, undefined],
    ] as const;
    const call = (client: HttpClient, method: string, p: string, b: unknown) =>
      client.request(method.toUpperCase(), p, b);
    for (const [method, p, b] of paths) {
      expect((await call(anonymous, method, p, b)).status).toBe(401);
      const refused = await call(other.client, method, p, b);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Bu elanı yalnız müəllifi və ya təşkilatın adminləri dəyişə bilər');
      expect((await call(other.client, method, p.replace(posted.id, randomUUID()), b)).status).toBe(404);
    }
    const details = await author.client.get(`/api/announcements/${posted.id}`);
    expect(details.body).toMatchObject({ title: posted.title, status: 'open', isActive: true });
  });

  it("an organisation's admin edits its announcement; the public list follows", async () => {
    const applicant = await registerUser(url, 'muraciet');
    const { organization } = await approvedOrganization(superAdmin, applicant.client, 'heyat');
    const admin = await organizationAdmin(platform, superAdmin, organization.id, 'teskilat');
    const marker = uniqueName('org');
    const posted = await post(superAdmin, {
      ...lost,
      type: 'found',
      rewardAmount: 0,
      title: `Tapılmış çanta ${marker}`,
      organizationId: organization.id,
    });
    expect(posted.organizationId).toBe(organization.id);
    const edited = await admin.client.put(`/api/announcements/${posted.id}`, {
      ...lost,
      type: 'found',
      rewardAmount: 0,
      title: `Tapılmış qara çanta ${marker}`,
      roomNumber: 'B-12',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ organizationId: organization.id, roomNumber: 'B-12' });
    expect((await publicList(`search=${marker}`)).map((a) => a.title)).toEqual([
      `Tapılmış qara çanta ${marker}`,
    ]);
  });

  it('close: out of the public list and the rewards page, in `my` as resolved with its outcome; once', async () => {
    const marker = uniqueName('bagla');
    const returned = await post(author.client, { ...lost, title: `Qaytarılan ${marker}` });
    const dropped = await post(author.client, { ...lost, title: `Lazım deyil ${marker}` });
    expect((await rewardIds(marker)).sort()).toEqual([returned.id, dropped.id].sort());

    const badOutcome = await author.client.post(`/api/announcements/${returned.id}/close`, { outcome: 'x' });
    expect(badOutcome.status).toBe(400);
    expect(badOutcome.body.message).toBe('Bağlanma səbəbini seçin');

    const closed = await author.client.post(`/api/announcements/${returned.id}/close`, {
      outcome: 'returned',
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'resolved', isActive: false, outcome: 'returned' });
    const closedToo = await author.client.post(`/api/announcements/${dropped.id}/close`, {
      outcome: 'no_longer_needed',
    });
    expect(closedToo.body).toMatchObject({ status: 'resolved', outcome: 'no_longer_needed' });

    expect(await publicList(`search=${marker}`)).toEqual([]);
    expect(await rewardIds(marker)).toEqual([]);
    const own = await mine(author);
    expect(own.find((a) => a.id === returned.id)).toMatchObject({ status: 'resolved', outcome: 'returned' });
    expect(own.find((a) => a.id === dropped.id)).toMatchObject({
      status: 'resolved',
      outcome: 'no_longer_needed',
    });

    const again = await author.client.post(`/api/announcements/${returned.id}/close`, {
      outcome: 'returned',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Elan artıq bağlanıb');
    const edit = await author.client.put(`/api/announcements/${returned.id}`, lost);
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Arxivlənmiş və ya bağlanmış elanı redaktə etmək olmaz');
    const renew = await author.client.post(`/api/announcements/${returned.id}/renew`);
    expect(renew.status).toBe(409);
    expect(renew.body.message).toBe('Yalnız arxivlənmiş elanı yeniləmək olar');
  });

  it("a returned item's shared link: its public fields for every role, never a contact; other closed ones 404", async () => {
    const [applicant, otherApplicant] = await Promise.all([
      registerUser(url, 'qaytar'),
      registerUser(url, 'qaytarb'),
    ]);
    const [{ organization }, { organization: otherOrganization }] = await Promise.all([
      approvedOrganization(superAdmin, applicant.client, 'qaytar'),
      approvedOrganization(superAdmin, otherApplicant.client, 'qaytarb'),
    ]);
    const [admin, otherAdmin] = await Promise.all([
      organizationAdmin(platform, superAdmin, organization.id, 'qaytara'),
      organizationAdmin(platform, superAdmin, otherOrganization.id, 'qaytarb'),
    ]);
    const marker = uniqueName('sahib');
    const contactInfo = '+994 50 123 45 67';
    const found = { ...lost, type: 'found', rewardAmount: 0, contactInfo, organizationId: organization.id };
    const [returned, dropped, removed] = await Promise.all([
      post(superAdmin, { ...found, title: `Qaytarılmış çanta ${marker}` }),
      post(superAdmin, { ...found, title: `Lazımsız çanta ${marker}` }),
      post(superAdmin, { ...found, title: `Silinmiş çanta ${marker}` }),
    ]);
    for (const [a, outcome] of [
      [returned, 'returned'],
      [dropped, 'no_longer_needed'],
      [removed, 'returned'],
    ] as const)
      expect((await admin.client.post(`/api/announcements/${a.id}/close`, { outcome })).status).toBe(200);
    expect((await admin.client.delete(`/api/announcements/${removed.id}`)).status).toBe(204);

    const everyRole: Array<[string, HttpClient]> = [
      ['anonymous', anonymous],
      ['user', other.client],
      ['admin of its organisation', admin.client],
      ['admin of another organisation', otherAdmin.client],
      ['super admin', superAdmin],
    ];
    for (const [role, client] of everyRole) {
      const res = await client.get(`/api/announcements/public/${returned.id}`);
      expect({ role, status: res.status }).toEqual({ role, status: 200 });
      expect(res.body).toMatchObject({ id: returned.id, title: returned.title, status: 'resolved' });
      for (const secret of ['contactInfo', 'userId', 'securityQuestions'])
        expect(res.body).not.toHaveProperty(secret);
      expect(res.text).not.toContain(contactInfo);
      for (const hidden of [dropped.id, removed.id])
        expect({ role, status: (await client.get(`/api/announcements/public/${hidden}`)).status }).toEqual({
          role,
          status: 404,
        });
    }
    expect(await publicList(`search=${marker}`)).toEqual([]);
  });

  it('delete: gone from every list and details, its photo gone from storage, the audit trail kept', async () => {
    const marker = uniqueName('sil');
    const uploaded = await author.client.post('/api/objects/upload?contentType=image%2Fpng');
    const put = await fetch(new URL(uploaded.body.uploadURL, url), {
      method: 'PUT',
      body: PNG,
      headers: { 'content-type': 'image/png' },
    });
    await put.arrayBuffer();
    expect(put.status).toBe(200);
    const normalized = await author.client.post('/api/objects/normalize-path', {
      uploadURL: uploaded.body.uploadURL,
    });
    const imageUrl: string = normalized.body.normalizedPath;
    const objectId = imageUrl.split('/').pop()!;
    const posted = await post(author.client, { ...lost, title: `Silinən ${marker}`, imageUrl });
    const edited = await author.client.put(`/api/announcements/${posted.id}`, {
      ...lost,
      title: `Silinəcək ${marker}`,
      imageUrl,
    });
    expect(edited.status).toBe(200);
    expect((await fetch(new URL(imageUrl, url))).status).toBe(200);
    const storage = storageOf(platform);
    expect(await storage.stat(`photos/${objectId}`)).not.toBeNull();
    expect(await storage.stat(`thumbnails/${objectId}`)).not.toBeNull();
    expect(await storage.stat(`medium/${objectId}`)).not.toBeNull();

    const removed = await author.client.delete(`/api/announcements/${posted.id}`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');

    expect(await publicList(`search=${marker}`)).toEqual([]);
    expect((await mine(author)).map((a) => a.id)).not.toContain(posted.id);
    expect((await author.client.get(`/api/announcements/${posted.id}`)).status).toBe(404);
    expect((await superAdmin.get(`/api/announcements/${posted.id}`)).status).toBe(404);
    expect((await author.client.delete(`/api/announcements/${posted.id}`)).status).toBe(404);
    expect((await author.client.put(`/api/announcements/${posted.id}`, lost)).status).toBe(404);
    expect((await fetch(new URL(imageUrl, url))).status).toBe(404);
    expect((await fetch(new URL(`${imageUrl}/thumbnail`, url))).status).toBe(404);
    expect((await fetch(new URL(`${imageUrl}/medium`, url))).status).toBe(404);
    await eventually(
      async () => {
        expect(await storage.stat(`photos/${objectId}`)).toBeNull();
        expect(await storage.stat(`thumbnails/${objectId}`)).toBeNull();
        expect(await storage.stat(`medium/${objectId}`)).toBeNull();
      },
      { timeoutMs: 20_000 },
    );

    // The audit trail keeps the whole life: created, edited, deleted, with the author as actor.
    await eventually(
      async () => {
        const rows = await auditRowsOf(posted.id);
        const actions = rows.map((r) => r.action);
        expect(actions).toEqual(
          expect.arrayContaining([
            'announcements.announcement.created',
            'announcements.announcement.edited',
            'announcements.announcement.deleted',
          ]),
        );
        const deleted = rows.find((r) => r.action === 'announcements.announcement.deleted')!;
        expect(deleted).toMatchObject({ entityType: 'announcement', entityId: posted.id, userId: author.id });
        const editRow = rows.find((r) => r.action === 'announcements.announcement.edited')!;
        expect(editRow.afterState).toMatchObject({ title: `Silinəcək ${marker}` });
      },
      { timeoutMs: 30_000 },
    );
  });

  it('close appears in the audit log with its outcome', async () => {
    const posted = await post(author.client, { ...lost, title: `Audit ${uniqueName('a')}` });
    await author.client.post(`/api/announcements/${posted.id}/close`, { outcome: 'no_longer_needed' });
    await eventually(
      async () => {
        const row = (await auditRowsOf(posted.id)).find(
          (r) => r.action === 'announcements.announcement.closed',
        );
        expect(row).toMatchObject({ entityType: 'announcement', userId: author.id });
        expect(row!.afterState).toMatchObject({ outcome: 'no_longer_needed' });
      },
      { timeoutMs: 30_000 },
    );
  });
});
