import { randomUUID } from 'node:crypto';
import { formatDateTime } from '@tapinti/contracts/baku-calendar';
import {
  INVENTORY_MESSAGES,
  type InventoryItemDetails,
  itemStaffPagePath,
  MAX_LABEL_ITEMS,
} from '@tapinti/contracts/inventory-api';
import { ORGANIZATION_MESSAGES } from '@tapinti/contracts/organizations-api';
import { registerUser, signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import { mailboxOf } from '../support/mailbox';
import { HttpClient } from '../support/http-client';
import { approvedOrganization, organizationAdmin, organizationMember } from '../support/organizations';
import { phoneJpeg, uploadPhoto } from '../support/photo-fixtures';
import { inventoryPlanIs } from '../support/plans';
import { fileRequest } from '../support/requests';
import { sharedPlatforms, type SharedPlatform } from '../support/platform';

/**
 * The venue's register (issue 25, inventory service): an admin sets the reference prefix and the
 * storage places, staff invited by the admin log found items (numbered `PBV-000001` on, also
 * when they log at once) and move them, and the item shows its whole custody. Then every
 * endpoint for every kind of caller, with another organisation's admin and staff asking for the
 * first one's item by id and by reference number. Labels are PDFs, read back as text.
 */
/** A PDF answer as the browser gets it: status, headers and the bytes (the client reads text). */
async function fetchPdf(baseUrl: string, client: HttpClient, path: string) {
  const res = await fetch(new URL(path, baseUrl), {
    headers: client.cookies.size ? { cookie: client.cookieHeader } : {},
  });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Each page's text with the whitespace taken out (a long URL wraps over two lines). */
async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const { extractText } = await import('unpdf');
  const { text } = await extractText(bytes, { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ''));
}

const squeeze = (text: string) => text.replace(/\s+/g, '');
const pro = { subscriptionData: { plan: 'pro' } };

describe.each(sharedPlatforms())('the venue register ($mode)', (platform: SharedPlatform) => {
  const { url } = platform;
  const anonymous = new HttpClient(url);
  let superAdmin: HttpClient;
  let user: HttpClient;
  let userEmail: string;
  let admin: { client: HttpClient; user: { id: string } };
  let staff: { client: HttpClient; user: { id: string } };
  let otherAdmin: { client: HttpClient; user: { id: string } };
  let otherStaff: { client: HttpClient; user: { id: string } };
  let organizationId: string;
  let otherOrganizationId: string;
  let organizationName: string;
  let base: string;

  beforeAll(async () => {
    superAdmin = await signInSuperAdmin(url);
    const applicant = await registerUser(url, 'anbar');
    const [own, other] = [
      // Pro: several storage places and labels (issue 25 point 8; the limits: plans.test.ts).
      await approvedOrganization(superAdmin, applicant.client, 'anbar', pro),
      await approvedOrganization(superAdmin, applicant.client, 'anbaryad', pro),
    ];
    organizationId = own.organization.id;
    organizationName = own.organization.name;
    otherOrganizationId = other.organization.id;
    base = `/api/organizations/${organizationId}/inventory`;
    [admin, otherAdmin] = await Promise.all([
      organizationAdmin(platform, superAdmin, organizationId, 'anbarrehber'),
      organizationAdmin(platform, superAdmin, otherOrganizationId, 'anbaryadrehber'),
    ]);
    // Staff are invited by their organisation's admin (the invitation flow with a role).
    [staff, otherStaff, { client: user, email: userEmail }] = await Promise.all([
      organizationMember(platform, admin.client, organizationId, 'org_staff', 'anbarisci'),
      organizationMember(platform, otherAdmin.client, otherOrganizationId, 'org_staff', 'anbaryadisci'),
      registerUser(url, 'anbaruser'),
    ]);
    await Promise.all([
      inventoryPlanIs(admin.client, organizationId, 'pro'),
      inventoryPlanIs(otherAdmin.client, otherOrganizationId, 'pro'),
    ]);
  });

  let shelf: { id: string; name: string; kind: string };
  let safe: { id: string; name: string; kind: string };
  let first: InventoryItemDetails;

  const intake = (storagePlaceId: string, overrides: Record<string, unknown> = {}) => ({
    category: 'bags',
    title: 'Qara çanta',
    foundArea: 'Lobbi',
    storagePlaceId,
    ...overrides,
  });

  it('the admin sets the prefix and the storage places; until the prefix is set, intake is refused', async () => {
    const created = await admin.client.post(`${base}/storage-places`, { name: 'Rəf 1', kind: 'shelf' });
    expect(created.status).toBe(201);
    shelf = created.body;
    expect(shelf).toMatchObject({ name: 'Rəf 1', kind: 'shelf', organizationId });
    const second = await admin.client.post(`${base}/storage-places`, { name: 'Seyf', kind: 'safe' });
    expect(second.status).toBe(201);
    // The same name however it is cased (Azerbaijani folding): refused.
    const again = await admin.client.post(`${base}/storage-places`, { name: 'RƏF 1', kind: 'box' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(INVENTORY_MESSAGES.storagePlaceExists);
    const badKind = await admin.client.post(`${base}/storage-places`, { name: 'Qutu', kind: 'drawer' });
    expect(badKind.status).toBe(400);
    expect(badKind.body.message).toBe(INVENTORY_MESSAGES.storagePlaceKind);
    const renamed = await admin.client.put(`${base}/storage-places/${second.body.id}`, { name: 'Seyf A' });
    expect(renamed.status).toBe(200);
    safe = renamed.body;
    expect(safe).toMatchObject({ id: second.body.id, name: 'Seyf A', kind: 'safe' });

    const places = await staff.client.get(`${base}/storage-places`);
    expect(places.status).toBe(200);
    expect(places.body.map((p: { name: string }) => p.name)).toEqual(['Rəf 1', 'Seyf A']);

    expect((await staff.client.get(`${base}/settings`)).body).toEqual({ organizationId, prefix: null });
    const early = await staff.client.post(`${base}/items`, intake(shelf.id));
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(INVENTORY_MESSAGES.prefixNotSet);

    for (const prefix of ['pbv', 'P', 'PBVXYZ', 'PB1', 'ƏBC']) {
      const refused = await admin.client.put(`${base}/prefix`, { prefix });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(INVENTORY_MESSAGES.prefix);
    }
    const set = await admin.client.put(`${base}/prefix`, { prefix: 'PBV' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ organizationId, prefix: 'PBV' });
  });

  it('staff log an item with a photo: PBV-000001, listed without details, its custody begins', async () => {
    const photo = await uploadPhoto(staff.client, await phoneJpeg(400, 300));
    const before = Date.now();
    const res = await staff.client.post(
      `${base}/items`,
      intake(shelf.id, {
        category: 'documents',
        title: 'Pasport',
        foundArea: 'Otaq 214',
        foundBy: 'Xadimə Leyla',
        photoUrls: [photo],
      }),
    );
    expect(res.status).toBe(201);
    first = res.body;
    expect(first).toMatchObject({
      organizationId,
      referenceNumber: 'PBV-000001',
      state: 'stored',
      category: 'documents',
      title: 'Pasport',
      foundArea: 'Otaq 214',
      foundBy: 'Xadimə Leyla',
      valuable: false,
      listedWithoutDetails: true,
      photoUrls: [photo],
      storagePlace: { id: shelf.id, name: 'Rəf 1', kind: 'shelf' },
      loggedBy: staff.user.id,
    });
    // When found defaults to now.
    expect(Date.parse(first.foundAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(first.custody).toEqual([
      {
        kind: 'logged',
        by: staff.user.id,
        at: first.loggedAt,
        from: null,
        to: { id: shelf.id, name: 'Rəf 1', kind: 'shelf' },
      },
    ]);

    const future = await staff.client.post(
      `${base}/items`,
      intake(shelf.id, { foundAt: new Date(Date.now() + 3600_000).toISOString() }),
    );
    expect(future.status).toBe(400);
    expect(future.body.message).toBe(INVENTORY_MESSAGES.foundAtInFuture);
    const unknownPlace = await staff.client.post(`${base}/items`, intake(randomUUID()));
    expect(unknownPlace.status).toBe(400);
    expect(unknownPlace.body).toEqual({
      message: INVENTORY_MESSAGES.storagePlaceNotFound,
      field: 'storagePlaceId',
    });
    const tooManyPhotos = await staff.client.post(
      `${base}/items`,
      intake(shelf.id, { photoUrls: Array.from({ length: 6 }, () => `/objects/${randomUUID()}`) }),
    );
    expect(tooManyPhotos.status).toBe(400);
  });

  it('intakes at the same time get distinct, consecutive numbers', async () => {
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        (i % 2 ? admin : staff).client.post(
          `${base}/items`,
          intake(shelf.id, { title: `Çanta ${i}`, valuable: i === 3 }),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    const references = answers.map((a) => a.body.referenceNumber as string).sort();
    expect(references).toEqual(['PBV-000002', 'PBV-000003', 'PBV-000004', 'PBV-000005']);
    // Bags are listed with details unless marked valuable.
    expect(answers.map((a) => a.body.listedWithoutDetails)).toEqual([false, false, false, true]);
  });

  it('moving records who, from where, to where and when; the item shows its whole custody in order', async () => {
    const toSafe = await staff.client.post(`${base}/items/${first.id}/moves`, { storagePlaceId: safe.id });
    expect(toSafe.status).toBe(200);
    expect(toSafe.body.storagePlace).toEqual({ id: safe.id, name: 'Seyf A', kind: 'safe' });
    const same = await staff.client.post(`${base}/items/${first.id}/moves`, { storagePlaceId: safe.id });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(INVENTORY_MESSAGES.alreadyThere);
    const back = await admin.client.post(`${base}/items/${first.id}/moves`, { storagePlaceId: shelf.id });
    expect(back.status).toBe(200);

    const item = await staff.client.get(`${base}/items/${first.id}`);
    expect(item.status).toBe(200);
    const shelfRef = { id: shelf.id, name: 'Rəf 1', kind: 'shelf' };
    const safeRef = { id: safe.id, name: 'Seyf A', kind: 'safe' };
    expect(item.body.storagePlace).toEqual(shelfRef);
    expect(item.body.custody.map((c: Record<string, unknown>) => ({ ...c, at: undefined }))).toEqual([
      { kind: 'logged', by: staff.user.id, at: undefined, from: null, to: shelfRef },
      { kind: 'moved', by: staff.user.id, at: undefined, from: shelfRef, to: safeRef },
      { kind: 'moved', by: admin.user.id, at: undefined, from: safeRef, to: shelfRef },
    ]);
    const times = item.body.custody.map((c: { at: string }) => Date.parse(c.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('lists the organisation’s items newest first, paged, filtered by reference number and storage place', async () => {
    const all = await staff.client.get(`${base}/items`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 5, page: 1, pageSize: 20 });
    expect(all.body.items.map((i: { referenceNumber: string }) => i.referenceNumber)).toEqual([
      'PBV-000005',
      'PBV-000004',
      'PBV-000003',
      'PBV-000002',
      'PBV-000001',
    ]);
    const second = await staff.client.get(`${base}/items?page=2&pageSize=2`);
    expect(second.body.items.map((i: { referenceNumber: string }) => i.referenceNumber)).toEqual([
      'PBV-000003',
      'PBV-000002',
    ]);
    const byReference = await staff.client.get(`${base}/items?reference=pbv-000001`);
    expect(byReference.body.items.map((i: { id: string }) => i.id)).toEqual([first.id]);
    // The desk's search: every word in the title or the area, Azerbaijani case folding (İ/i, I/ı = i).
    const search = async (query: string) =>
      (await staff.client.get(`${base}/items?${query}`)).body.items.map((i: { title: string }) => i.title);
    expect(await search('q=PASPORT')).toEqual(['Pasport']);
    expect(await search(`q=${encodeURIComponent('otaq 214')}`)).toEqual(['Pasport']);
    expect(await search(`q=${encodeURIComponent('ÇANTA 3')}`)).toEqual(['Çanta 3']);
    expect(await search('q=lobbi&category=documents')).toEqual([]);
    expect(await search('category=documents')).toEqual(['Pasport']);
    expect(await search('q=50%25')).toEqual([]);
    const badCategory = await staff.client.get(`${base}/items?category=cars`);
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.message).toBe(INVENTORY_MESSAGES.categoryFilter);
    const inSafe = await staff.client.get(`${base}/items?storagePlaceId=${safe.id}&state=stored`);
    expect(inSafe.body).toMatchObject({ total: 0, items: [] });
    const badPage = await staff.client.get(`${base}/items?pageSize=500`);
    expect(badPage.status).toBe(400);
    expect(badPage.body.message).toBe(INVENTORY_MESSAGES.pageSize);
  });

  it('prints an item’s label (62 mm roll or A4) and several items’ labels on A4 sheets', async () => {
    const path = `${base}/items/${first.id}/label`;
    const roll = await fetchPdf(url, staff.client, path);
    expect(roll.status).toBe(200);
    expect(roll.headers.get('content-type')).toBe('application/pdf');
    // Inline: the browser shows it in its own viewer, printing does not leave the page.
    expect(roll.headers.get('content-disposition')).toBe('inline; filename="PBV-000001.pdf"');
    const [page, ...more] = await pdfPages(roll.bytes);
    expect(more).toEqual([]);
    expect(page).toContain('PBV-000001');
    // The QR code's payload, printed under it: the item's staff page in the web app.
    const payload = new RegExp(`https?://[^/]+${itemStaffPagePath(first.id)}`).exec(page!)?.[0];
    expect(payload).toBeDefined();
    expect(page).toContain(squeeze(`Tapılma tarixi ${formatDateTime(new Date(first.foundAt))}`));
    // Azerbaijani letters survive (the label's font has ə).
    expect(page).toContain(squeeze('Saxlama yeri Rəf 1'));

    const sheet = await fetchPdf(url, admin.client, `${path}?size=a4`);
    expect(sheet.status).toBe(200);
    const [a4] = await pdfPages(sheet.bytes);
    expect(a4).toContain('PBV-000001');
    expect(a4).toContain(payload);

    // Several items: all five on one A4 sheet (24 a sheet; more sheets: the layout's unit test), in
    // the order asked, a repeated id once.
    const listed = await staff.client.get(`${base}/items`);
    const ids: string[] = listed.body.items.map((i: { id: string }) => i.id);
    const several = await fetchPdf(url, staff.client, `${base}/labels?items=${[...ids, ids[0]].join(',')}`);
    expect(several.status).toBe(200);
    expect(several.headers.get('content-disposition')).toBe('inline; filename="etiketler-5.pdf"');
    const severalPages = await pdfPages(several.bytes);
    expect(severalPages).toHaveLength(1);
    const [both] = severalPages;
    const references = ['PBV-000005', 'PBV-000004', 'PBV-000003', 'PBV-000002', 'PBV-000001'];
    expect(both!.match(/PBV-\d{6}/g)).toEqual(references);
    for (const id of ids) expect(both).toContain(itemStaffPagePath(id));
    // On the roll, one label a page.
    const rolls = await fetchPdf(url, admin.client, `${base}/labels?items=${ids.join(',')}&size=62mm`);
    expect(rolls.status).toBe(200);
    expect((await pdfPages(rolls.bytes)).map((p) => p.match(/PBV-\d{6}/g))).toEqual(
      references.map((r) => [r]),
    );

    // Bad input: a clear Azerbaijani 400, never a 5xx.
    const refusals: Array<[string, string]> = [
      [`${path}?size=a5`, INVENTORY_MESSAGES.labelSize],
      [`${base}/labels?items=${ids[0]}&size=100mm`, INVENTORY_MESSAGES.labelSize],
      [`${base}/labels`, INVENTORY_MESSAGES.labelItems],
      [`${base}/labels?items=`, INVENTORY_MESSAGES.labelItems],
      [`${base}/labels?items=${ids[0]},abc`, INVENTORY_MESSAGES.labelItems],
      [`${base}/labels?items=${ids[0]},,${ids[1]}`, INVENTORY_MESSAGES.labelItems],
      [`${base}/labels?items=${ids[0]}&items=${ids[1]}`, INVENTORY_MESSAGES.labelItems],
      [`${path}?size=a4&size=62mm`, INVENTORY_MESSAGES.labelSize],
      [
        `${base}/labels?items=${Array.from({ length: MAX_LABEL_ITEMS + 1 }, () => randomUUID()).join(',')}`,
        INVENTORY_MESSAGES.labelTooMany,
      ],
      [`${base}/labels?items=${ids[0]},${randomUUID()}`, INVENTORY_MESSAGES.labelItemNotFound],
    ];
    for (const [refused, message] of refusals) {
      const res = await staff.client.get(refused);
      expect({ refused, status: res.status, message: res.body.message }).toEqual({
        refused,
        status: 400,
        message,
      });
    }
    // A malformed or unknown item id in the path is not found, as reading the item is.
    for (const itemId of ['abc', randomUUID()]) {
      const res = await staff.client.get(`${base}/items/${itemId}/label`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(INVENTORY_MESSAGES.itemNotFound);
    }
  });

  it('retention per category, the “to dispose of” queue, and a disposal the audit log shows', async () => {
    const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    // The admin reads and sets the retention; bad input is a clear 400.
    const defaults = await admin.client.get(`${base}/retention`);
    expect(defaults.status).toBe(200);
    expect(defaults.body).toEqual({
      organizationId,
      days: { phones: 30, bags: 30, keys: 30, documents: 10, other: 30 },
    });
    const badRetention: Array<[unknown, string]> = [
      [{ category: 'documents', days: 0 }, INVENTORY_MESSAGES.retentionDays],
      [{ category: 'documents', days: 366 }, INVENTORY_MESSAGES.retentionDays],
      [{ category: 'documents', days: 1.5 }, INVENTORY_MESSAGES.retentionDays],
      [{ category: 'documents', days: '10' }, INVENTORY_MESSAGES.retentionDays],
      [{ category: 'documents' }, INVENTORY_MESSAGES.retentionDays],
      [{ category: 'cars', days: 10 }, INVENTORY_MESSAGES.retentionCategory],
    ];
    for (const [body, message] of badRetention) {
      const res = await admin.client.put(`${base}/retention`, body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    const set = await admin.client.put(`${base}/retention`, { category: 'documents', days: 1 });
    expect(set.status).toBe(200);
    expect(set.body.days).toEqual({ phones: 30, bags: 30, keys: 30, documents: 1, other: 30 });

    // Retention counts from when the item was found: a passport found 3 days ago with 1 day is
    // 2 days overdue at once; a bag found 28 days ago is due in 2 days, one found 20 days ago not yet.
    const logged = async (overrides: Record<string, unknown>) => {
      const res = await staff.client.post(`${base}/items`, intake(shelf.id, overrides));
      expect(res.status).toBe(201);
      return res.body as InventoryItemDetails;
    };
    const passport = await logged({ category: 'documents', title: 'Pasport', foundAt: days(3) });
    const dueBag = await logged({ title: 'Göy çanta', foundAt: days(28) });
    await logged({ title: 'Boz çanta', foundAt: days(20) });
    expect(Date.parse(passport.disposeAfter)).toBe(Date.parse(passport.foundAt) + 86_400_000);
    expect(Date.parse(dueBag.disposeAfter)).toBe(Date.parse(dueBag.foundAt) + 30 * 86_400_000);

    const queue = await staff.client.get(`${base}/disposal-queue`);
    expect(queue.status).toBe(200);
    // The first passport was logged with 10 days: a later change of retention does not move it.
    expect(queue.body).toEqual({
      total: 2,
      items: [
        {
          id: passport.id,
          referenceNumber: passport.referenceNumber,
          category: 'documents',
          title: 'Pasport',
          foundAt: passport.foundAt,
          storagePlace: { id: shelf.id, name: 'Rəf 1', kind: 'shelf' },
          disposeAfter: passport.disposeAfter,
          daysLeft: -2,
        },
        expect.objectContaining({ id: dueBag.id, referenceNumber: dueBag.referenceNumber, daysLeft: 2 }),
      ],
    });

    // Disposal: bad input is a clear 400.
    const disposal = `${base}/items/${passport.id}/disposal`;
    const badDisposals: Array<[unknown, string]> = [
      [{ way: 'sold' }, INVENTORY_MESSAGES.disposalWay],
      [{}, INVENTORY_MESSAGES.disposalWay],
      [{ way: 'transferred' }, INVENTORY_MESSAGES.receivingOrganization],
      [{ way: 'transferred', receivingOrganization: ' X ' }, INVENTORY_MESSAGES.receivingOrganization],
      [
        { way: 'donated', receivingOrganization: 'Qızıl Aypara' },
        INVENTORY_MESSAGES.receivingOrganizationNotTransferred,
      ],
      [{ way: 'destroyed', note: 'ə'.repeat(501) }, INVENTORY_MESSAGES.disposalNote],
    ];
    for (const [body, message] of badDisposals) {
      const res = await staff.client.post(disposal, body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    const before = Date.now();
    const disposed = await staff.client.post(disposal, { way: 'handed_to_asan', note: ' Akt №12 ' });
    expect(disposed.status).toBe(200);
    expect(disposed.body).toMatchObject({
      id: passport.id,
      state: 'disposed',
      disposal: { way: 'handed_to_asan', receivingOrganization: null, note: 'Akt №12', by: staff.user.id },
    });
    expect(Date.parse(disposed.body.disposal.at)).toBeGreaterThanOrEqual(before - 1000);
    // Gone from the register's work: neither disposed of again nor moved, and out of the queue.
    for (const [path, body] of [
      [disposal, { way: 'destroyed' }],
      [`${base}/items/${passport.id}/moves`, { storagePlaceId: safe.id }],
    ] as const) {
      const refused = await admin.client.post(path, body);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(INVENTORY_MESSAGES.notStored);
    }
    const transferred = await admin.client.post(`${base}/items/${dueBag.id}/disposal`, {
      way: 'transferred',
      receivingOrganization: 'Bakı Metropoliteni',
    });
    expect(transferred.status).toBe(200);
    expect(transferred.body.disposal).toMatchObject({
      way: 'transferred',
      receivingOrganization: 'Bakı Metropoliteni',
      note: null,
      by: admin.user.id,
    });
    expect((await staff.client.get(`${base}/disposal-queue`)).body).toEqual({ total: 0, items: [] });
    const disposedList = await staff.client.get(`${base}/items?state=disposed`);
    expect(disposedList.body.items.map((i: { id: string }) => i.id)).toEqual([dueBag.id, passport.id]);

    // Audited like every event of the register: who, which item, how.
    await eventually(
      async () => {
        const audit = await superAdmin.get(`/api/audit-logs?organizationId=${organizationId}&limit=100`);
        expect(audit.status).toBe(200);
        const rows = audit.body.items.filter(
          (r: { action: string; entityId: string }) =>
            r.action === 'inventory.item.disposed' && r.entityId === passport.id,
        );
        expect(rows).toEqual([
          expect.objectContaining({
            userId: staff.user.id,
            entityType: 'item',
            afterState: expect.objectContaining({ way: 'handed_to_asan', note: 'Akt №12' }),
          }),
        ]);
        expect(
          audit.body.items.some(
            (r: { action: string; afterState: { category?: string; days?: number } }) =>
              r.action === 'inventory.register.retention-set' &&
              r.afterState.category === 'documents' &&
              r.afterState.days === 1,
          ),
        ).toBe(true);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    // Back to the default, so the rest of the suite logs documents as a venue would.
    expect((await admin.client.put(`${base}/retention`, { category: 'documents', days: 10 })).status).toBe(
      200,
    );
  });

  it('a logged item is listed publicly as the organisation’s found announcement, valuables without details; it leaves the board with the item', async () => {
    const area = `Zal ${randomUUID().slice(0, 8)}`;
    const photo = await uploadPhoto(staff.client, await phoneJpeg(400, 300));
    // Kept off the board at intake (logged first): never an announcement.
    const badChoice = await staff.client.post(`${base}/items`, intake(shelf.id, { listPublicly: 'no' }));
    expect([badChoice.status, badChoice.body.message]).toEqual([400, INVENTORY_MESSAGES.listPublicly]);
    const unlisted = await staff.client.post(
      `${base}/items`,
      intake(shelf.id, { title: 'Boz şərf', foundArea: area, listPublicly: false }),
    );
    expect(unlisted.status).toBe(201);
    expect(unlisted.body.listedPublicly).toBe(false);
    const bag = await staff.client.post(
      `${base}/items`,
      intake(shelf.id, { title: 'Göy idman çantası', foundArea: area, photoUrls: [photo] }),
    );
    const ring = await staff.client.post(
      `${base}/items`,
      intake(safe.id, {
        category: 'other',
        title: 'Qızıl üzük',
        foundArea: area,
        valuable: true,
        photoUrls: [photo],
      }),
    );
    expect([bag.status, ring.status]).toEqual([201, 201]);
    // The listing's id is the item's (`itemListingId`): the board finds both by the area.
    const board = await eventually(
      async () => {
        const found = await anonymous.get(`/api/announcements?search=${encodeURIComponent(area)}`);
        expect(found.body.map((a: { id: string }) => a.id).sort()).toEqual(
          [bag.body.id, ring.body.id].sort(),
        );
        return found.body as Array<Record<string, unknown>>;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const listed = (id: string) => board.find((a) => a.id === id)!;
    expect((await user.get(`/api/announcements/${unlisted.body.id}`)).status).toBe(404);
    expect((await staff.client.get(`${base}/items/${bag.body.id}`)).body.listedPublicly).toBe(true);
    expect(listed(bag.body.id)).toMatchObject({
      type: 'found',
      title: 'Göy idman çantası',
      category: 'bags',
      location: area,
      organizationId,
      imageUrl: photo,
    });
    // Valuable: category, date and area only — no photo, no title or description of its own.
    expect(listed(ring.body.id)).toMatchObject({
      type: 'found',
      title: 'Tapılmış əşya',
      location: area,
      imageUrl: null,
    });
    expect(JSON.stringify(listed(ring.body.id))).not.toMatch(/üzük/i);
    // The claim asks the owner to describe it; the staff see what they logged as the expected answer.
    const details = await user.get(`/api/announcements/${ring.body.id}`);
    expect(details.body.securityQuestions).toEqual([
      { question: expect.stringContaining('Əşyanı təsvir edin') },
    ]);
    const forStaff = await staff.client.get(`/api/announcements/${ring.body.id}`);
    expect(forStaff.body.securityQuestions).toEqual([
      expect.objectContaining({ expectedAnswer: 'Qızıl üzük' }),
    ]);

    // Disposed of: its listing leaves every public read.
    expect(
      (await staff.client.post(`${base}/items/${bag.body.id}/disposal`, { way: 'donated' })).status,
    ).toBe(200);
    await eventually(
      async () => {
        expect((await anonymous.get(`/api/announcements/public/${bag.body.id}`)).status).toBe(404);
        const found = await anonymous.get(`/api/announcements?search=${encodeURIComponent(area)}`);
        expect(found.body.map((a: { id: string }) => a.id)).toEqual([ring.body.id]);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  });

  it('every endpoint for every caller; another organisation never sees or touches the item', async () => {
    const item = `${base}/items/${first.id}`;
    // Labels are read as the item is.
    // The retention (last) is read by admins and the super admin only.
    const reads = [
      `${base}/settings`,
      `${base}/storage-places`,
      `${base}/items`,
      item,
      `${item}/label`,
      `${base}/labels?items=${first.id}`,
      `${base}/disposal-queue`,
      `${base}/retention`,
    ];
    const writes: Array<['post' | 'put', string, unknown, 'admins' | 'members']> = [
      ['put', `${base}/prefix`, { prefix: 'ABC' }, 'admins'],
      ['post', `${base}/storage-places`, { name: 'Qutu 9', kind: 'box' }, 'admins'],
      ['put', `${base}/storage-places/${shelf.id}`, { name: 'Rəf 1' }, 'admins'],
      ['post', `${base}/items`, intake(shelf.id), 'members'],
      ['post', `${item}/moves`, { storagePlaceId: safe.id }, 'members'],
      ['put', `${base}/retention`, { category: 'bags', days: 30 }, 'admins'],
      ['post', `${item}/disposal`, { way: 'donated' }, 'members'],
    ];
    const statuses = async (client: HttpClient, only?: 'admins') => ({
      reads: await Promise.all(reads.map(async (path) => (await client.get(path)).status)),
      writes: await Promise.all(
        writes
          .filter(([, , , who]) => !only || who === only)
          .map(async ([method, path, body]) => (await client[method](path, body)).status),
      ),
    });

    const all = (status: number, n: number) => Array<number>(n).fill(status);
    expect(await statuses(anonymous)).toEqual({ reads: all(401, 8), writes: all(401, 7) });
    expect(await statuses(user)).toEqual({ reads: all(403, 8), writes: all(403, 7) });
    // The super admin reads every organisation's register and changes nothing.
    expect(await statuses(superAdmin)).toEqual({ reads: all(200, 8), writes: all(403, 7) });
    // Staff read and handle items (above), never the settings nor the retention.
    expect(await statuses(staff.client, 'admins')).toEqual({
      reads: [...all(200, 7), 403],
      writes: all(403, 4),
    });
    expect(await Promise.all(reads.map(async (path) => (await admin.client.get(path)).status))).toEqual(
      all(200, 8),
    );
    for (const stranger of [otherAdmin, otherStaff]) {
      const seen = await statuses(stranger.client);
      expect(seen).toEqual({ reads: all(403, 8), writes: all(403, 7) });
      expect((await stranger.client.get(item)).body.message).toBe(ORGANIZATION_MESSAGES.foreignOrganization);
    }
    // The admin's own writes of the matrix, one by one: the settings stay the admin's.
    expect((await admin.client.put(`${base}/prefix`, { prefix: 'PBV' })).status).toBe(200);
    expect((await admin.client.put(`${base}/retention`, { category: 'bags', days: 30 })).status).toBe(200);

    // Under their own organisation's path: A's item by id, by reference number, moved to a place of theirs.
    const otherBase = `/api/organizations/${otherOrganizationId}/inventory`;
    const theirPlace = await otherAdmin.client.post(`${otherBase}/storage-places`, {
      name: 'Rəf 1',
      kind: 'shelf',
    });
    expect(theirPlace.status).toBe(201);
    for (const stranger of [otherAdmin, otherStaff]) {
      const byId = await stranger.client.get(`${otherBase}/items/${first.id}`);
      expect(byId.status).toBe(404);
      expect(byId.body.message).toBe(INVENTORY_MESSAGES.itemNotFound);
      const byReference = await stranger.client.get(`${otherBase}/items?reference=PBV-000001`);
      expect(byReference.body).toMatchObject({ total: 0, items: [] });
      // Nor its label: not found by id, refused among several.
      const label = await stranger.client.get(`${otherBase}/items/${first.id}/label`);
      expect(label.status).toBe(404);
      expect(label.body.message).toBe(INVENTORY_MESSAGES.itemNotFound);
      const labels = await stranger.client.get(`${otherBase}/labels?items=${first.id}`);
      expect(labels.status).toBe(400);
      expect(labels.body).toEqual({ message: INVENTORY_MESSAGES.labelItemNotFound, field: 'items' });
      const moved = await stranger.client.post(`${otherBase}/items/${first.id}/moves`, {
        storagePlaceId: theirPlace.body.id,
      });
      expect(moved.status).toBe(404);
      const disposed = await stranger.client.post(`${otherBase}/items/${first.id}/disposal`, {
        way: 'destroyed',
      });
      expect(disposed.status).toBe(404);
      expect(disposed.body.message).toBe(INVENTORY_MESSAGES.itemNotFound);
    }
    const renamed = await otherAdmin.client.put(`${otherBase}/storage-places/${shelf.id}`, { name: 'Bizim' });
    expect(renamed.status).toBe(404);
    // Nothing of A changed: the item is held where the admin left it, with the same custody.
    const after = await staff.client.get(item);
    expect(after.body).toMatchObject({ state: 'stored', disposal: null });
    expect(after.body.storagePlace.id).toBe(shelf.id);
    expect(after.body.custody).toHaveLength(3);
    expect(
      (await staff.client.get(`${base}/storage-places`)).body.map((p: { name: string }) => p.name),
    ).toEqual(['Rəf 1', 'Seyf A']);

    // A deactivated organisation's members act for it in nothing here either (this service's copy
    // of the organisations' state follows their events).
    const deactivated = await superAdmin.put(`/api/organizations/${otherOrganizationId}`, {
      isActive: false,
    });
    expect(deactivated.status).toBe(200);
    await eventually(
      async () => {
        const refused = await otherStaff.client.get(`${otherBase}/storage-places`);
        expect(refused.status).toBe(403);
        expect(refused.body.message).toBe(ORGANIZATION_MESSAGES.deactivated);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    for (const path of [
      `${otherBase}/items/${first.id}/label`,
      `${otherBase}/labels?items=${first.id}`,
      `${otherBase}/disposal-queue`,
    ]) {
      const refused = await otherStaff.client.get(path);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(ORGANIZATION_MESSAGES.deactivated);
    }
    for (const [client, path, body] of [
      [otherStaff.client, `${otherBase}/items/${first.id}/disposal`, { way: 'destroyed' }],
      [otherAdmin.client, `${otherBase}/retention`, { category: 'bags', days: 20 }],
    ] as const) {
      const refused = await (path.endsWith('retention') ? client.put(path, body) : client.post(path, body));
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(ORGANIZATION_MESSAGES.deactivated);
    }
  });

  it('the desk hand-over: claimed on the board, accepted, ID checked (last 4 only), the owner’s code; receipt PDF; returned and off the board', async () => {
    const area = `Terminal ${randomUUID().slice(0, 8)}`;
    const photo = await uploadPhoto(staff.client, await phoneJpeg(400, 300));
    const logged = await staff.client.post(
      `${base}/items`,
      intake(safe.id, { category: 'phones', title: 'Qara iPhone 13', foundArea: area, photoUrls: [photo] }),
    );
    expect(logged.status).toBe(201);
    const phone: InventoryItemDetails = logged.body;
    const itemPath = `${base}/items/${phone.id}`;
    expect(phone).toMatchObject({
      announcementId: phone.id,
      claim: null,
      returned: null,
      identityCheck: null,
    });
    // On the board without details: no photo, no title of its own.
    await eventually(
      async () => {
        const found = await anonymous.get(`/api/announcements?search=${encodeURIComponent(area)}`);
        expect(found.body).toEqual([
          expect.objectContaining({ id: phone.id, title: 'Tapılmış telefon', imageUrl: null }),
        ]);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );

    // A user claims it, describing it; the organisation's staff accept the claim.
    const claim = await fileRequest(user, {
      announcementId: phone.id,
      contactMethod: 'in_person',
      answers: ['Qara iPhone 13, arxasında cızıq var'],
    });
    const requestId: string = claim.body.id;
    expect(
      (await staff.client.put(`/api/requests/${requestId}`, { status: 'resolved_claimed' })).status,
    ).toBe(200);
    const claimed = await eventually(
      async () => {
        const item = await staff.client.get(itemPath);
        expect(item.body).toMatchObject({ state: 'claimed', claim: { requestId, by: staff.user.id } });
        return item.body as InventoryItemDetails;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    // Found by its reference number at the desk.
    const byReference = await staff.client.get(
      `${base}/items?reference=${claimed.referenceNumber.toLowerCase()}`,
    );
    expect(byReference.body.items.map((i: { id: string }) => i.id)).toEqual([phone.id]);

    // The identity document: only its last 4 characters are taken.
    const check = { ownerName: 'Rəşad Məmmədov', documentType: 'id_card', documentLast4: 'a1b2' };
    for (const documentLast4 of ['AZE12345678', '12345', 'A1', 'A1-2']) {
      const refused = await staff.client.post(`${itemPath}/handover`, { ...check, documentLast4 });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(INVENTORY_MESSAGES.documentLast4);
    }
    const badType = await staff.client.post(`${itemPath}/handover`, {
      ...check,
      documentType: 'library_card',
    });
    expect(badType.body.message).toBe(INVENTORY_MESSAGES.documentType);
    const desk = await staff.client.post(`${itemPath}/handover`, check);
    expect(desk.status).toBe(200);
    // Checked, still claimed: the owner's code is what returns a claimed item.
    expect(desk.body).toMatchObject({
      state: 'claimed',
      identityCheck: {
        ownerName: 'Rəşad Məmmədov',
        documentType: 'id_card',
        documentLast4: 'A1B2',
        by: staff.user.id,
      },
    });
    const early = await staff.client.get(`${itemPath}/handover-receipt`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(INVENTORY_MESSAGES.receiptNotReady);
    const earlyMail = await staff.client.post(`${itemPath}/handover-receipt/email`);
    expect([earlyMail.status, earlyMail.body.message]).toEqual([409, INVENTORY_MESSAGES.receiptNotReady]);
    const twice = await admin.client.post(`${itemPath}/handover`, check);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(INVENTORY_MESSAGES.alreadyHandedOver);

    // The owner shows their 6-digit code; the staff confirm it (the requests service's check).
    const owners = await user.get('/api/requests/handovers');
    const { code } = (owners.body as Array<{ requestId: string; code: string }>).find(
      (h) => h.requestId === requestId,
    )!;
    expect((await staff.client.post(`/api/requests/${requestId}/handover`, { code })).status).toBe(200);
    await eventually(
      async () => {
        const item = await staff.client.get(itemPath);
        expect(item.body).toMatchObject({ state: 'returned', returned: { requestId, by: staff.user.id } });
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );

    // The receipt: reference, item, owner's name as given, the document's last 4 characters.
    const receipt = await fetchPdf(url, staff.client, `${itemPath}/handover-receipt`);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    expect(receipt.headers.get('content-disposition')).toBe(
      `inline; filename="tehvil-${phone.referenceNumber}.pdf"`,
    );
    const [page] = await pdfPages(receipt.bytes);
    for (const text of [
      squeeze(organizationName),
      phone.referenceNumber,
      'QaraiPhone13',
      'RəşadMəmmədov',
      'A1B2',
      'Təhvilqəbzi',
    ])
      expect(page).toContain(text);

    // Off the board; the audit log has every step, without the owner's name.
    await eventually(
      async () => {
        const found = await anonymous.get(`/api/announcements?search=${encodeURIComponent(area)}`);
        expect(found.body).toEqual([]);
        const audit = await superAdmin.get(`/api/audit-logs?organizationId=${organizationId}&limit=100`);
        const actions = audit.body.items
          .filter((r: { entityId: string }) => r.entityId === phone.id)
          .map((r: { action: string }) => r.action);
        expect(actions).toEqual(
          expect.arrayContaining([
            'inventory.item.logged',
            'inventory.item.claimed',
            'inventory.item.identity-checked',
            'inventory.item.returned',
          ]),
        );
        expect(JSON.stringify(audit.body)).not.toContain('Məmmədov');
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );

    // Every caller: the receipt is read as the item is; the hand-over is the organisation's staff's.
    const receiptPath = `${itemPath}/handover-receipt`;
    // E-mailing the receipt to the owner is the organisation's staff's too (the first asks, then nothing twice).
    const callers: Array<[string, HttpClient, number, number, number]> = [
      ['anonymous', anonymous, 401, 401, 401],
      ['user', user, 403, 403, 403],
      ['super admin', superAdmin, 200, 403, 403],
      ['staff', staff.client, 200, 409, 202],
      ['admin', admin.client, 200, 409, 202],
      ['other admin', otherAdmin.client, 403, 403, 403],
      ['other staff', otherStaff.client, 403, 403, 403],
    ];
    const mailed: unknown[] = [];
    for (const [who, client, read, write, mail] of callers) {
      const mailAnswer = await client.post(`${receiptPath}/email`);
      if (mailAnswer.status === 202) mailed.push(mailAnswer.body);
      const statuses = [
        (await client.get(receiptPath)).status,
        (await client.post(`${itemPath}/handover`, check)).status,
        mailAnswer.status,
      ];
      expect([who, ...statuses]).toEqual([who, read, write, mail]);
    }
    expect(mailed).toEqual([
      { itemId: phone.id, queued: true },
      { itemId: phone.id, queued: false },
    ]);
    // The owner (the claimant's account: no address typed or sent anywhere) gets one e-mail with
    // the receipt's facts and the printed receipt itself attached (their name as given included).
    const staffName: string = (await staff.client.get('/api/user')).body.username;
    const receiptMail = await eventually(
      async () => {
        const mails = (await mailboxOf(platform).to(userEmail)).filter(
          (m) => m.subject === `Təhvil qəbzi: ${phone.referenceNumber}`,
        );
        expect(mails).toHaveLength(1);
        return mails[0]!;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const returnedAt = (await staff.client.get(itemPath)).body.returned.at as string;
    for (const line of [
      `Təşkilat: ${organizationName}`,
      `İstinad nömrəsi: ${phone.referenceNumber}`,
      'Əşya: Qara iPhone 13 (telefon)',
      `Tapıldığı yer: ${area}`,
      `Tapılma vaxtı: ${formatDateTime(new Date(phone.foundAt))} (Bakı vaxtı)`,
      `Təhvil vaxtı: ${formatDateTime(new Date(returnedAt))} (Bakı vaxtı)`,
      `Təhvil verən əməkdaş: ${staffName}`,
      'Şəxsiyyət sənədi: Şəxsiyyət vəsiqəsi, nömrənin son 4 simvolu: A1B2',
    ])
      expect(receiptMail.text).toContain(line);
    expect(receiptMail.text).toContain('Qəbzin özü bu məktuba PDF faylı kimi əlavə olunub.');
    expect(receiptMail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`tehvil-${phone.referenceNumber}.pdf`, 'application/pdf'],
    ]);
    const [mailedPage] = await pdfPages(new Uint8Array(receiptMail.attachments[0]!.content));
    expect(mailedPage).toEqual(page);
    // The audit row of the request names the claim, never an address.
    await eventually(
      async () => {
        const audit = await superAdmin.get(`/api/audit-logs?organizationId=${organizationId}&limit=100`);
        const row = audit.body.items.find(
          (r: { action: string; entityId: string }) =>
            r.action === 'inventory.item.receipt-mail-requested' && r.entityId === phone.id,
        );
        expect(row).toBeDefined();
        expect(JSON.stringify(row)).not.toContain(userEmail);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );

    // An unclaimed item is handed over at the desk at once, and leaves the board.
    const bag = await admin.client.post(
      `${base}/items`,
      intake(shelf.id, { title: 'Qəhvəyi çanta', foundArea: area }),
    );
    await eventually(
      async () => {
        const found = await anonymous.get(`/api/announcements?search=${encodeURIComponent(area)}`);
        expect(found.body.map((a: { id: string }) => a.id)).toEqual([bag.body.id]);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const walkIn = await admin.client.post(`${base}/items/${bag.body.id}/handover`, {
      ownerName: 'Aygün Əliyeva',
      documentType: 'passport',
      documentLast4: '0042',
    });
    expect(walkIn.status).toBe(200);
    expect(walkIn.body).toMatchObject({
      state: 'returned',
      claim: null,
      returned: { requestId: null, by: admin.user.id },
    });
    const walkInReceipt = await fetchPdf(url, admin.client, `${base}/items/${bag.body.id}/handover-receipt`);
    expect(walkInReceipt.status).toBe(200);
    expect((await pdfPages(walkInReceipt.bytes))[0]).toContain('AygünƏliyeva');
    // A walk-in owner has no account: the receipt is printed for them, never e-mailed.
    const walkInMail = await admin.client.post(`${base}/items/${bag.body.id}/handover-receipt/email`);
    expect(walkInMail.status).toBe(409);
    expect(walkInMail.body.message).toBe(INVENTORY_MESSAGES.receiptMailWalkIn);
    await eventually(
      async () => {
        expect((await anonymous.get(`/api/announcements?search=${encodeURIComponent(area)}`)).body).toEqual(
          [],
        );
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  });
});
