import type { AuditLogEntry } from '@tapinti/contracts/audit-api';
import { registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import type { HttpClient } from '../support/http-client';
import { sharedPlatforms } from '../support/platform';
import { postAnnouncement, PROPAGATION_MS } from '../support/requests';

/** The newest audit rows about one announcement (the log is newest first; ours are recent). */
async function auditRowsOf(admin: HttpClient, announcementId: string): Promise<AuditLogEntry[]> {
  const rows: AuditLogEntry[] = [];
  for (let offset = 0; offset < 1000; offset += 100) {
    const res = await admin.get(`/api/audit-logs?limit=100&offset=${offset}`);
    expect(res.status).toBe(200);
    rows.push(...(res.body.items as AuditLogEntry[]).filter((r) => r.entityId === announcementId));
    if (res.body.items.length < 100) break;
  }
  return rows;
}

/** Issue 21, finding 6: a hidden or deleted announcement's audit rows keep the actions, not the contact. */
describe.each(sharedPlatforms())(
  "the audit log of a hidden or deleted announcement's contact ($mode)",
  (platform) => {
    const { url } = platform;
    let superAdmin: HttpClient;
    let author: TestUser;

    beforeAll(async () => {
      superAdmin = await signInSuperAdmin(url);
      author = await registerUser(url, 'auditelaqe');
    });

    async function postedWithContact(contactInfo: string) {
      const item = await postAnnouncement(author.client, { contactInfo });
      await eventually(
        async () => expect(JSON.stringify(await auditRowsOf(superAdmin, item.id))).toContain(contactInfo),
        { timeoutMs: PROPAGATION_MS },
      );
      return item;
    }

    async function expectContactForgotten(id: string, contactInfo: string, action: string) {
      await eventually(
        async () => {
          const rows = await auditRowsOf(superAdmin, id);
          expect(rows.map((r) => r.action)).toEqual(
            expect.arrayContaining(['announcements.announcement.created', action]),
          );
          expect(JSON.stringify(rows)).not.toContain(contactInfo);
          const created = rows.find((r) => r.action === 'announcements.announcement.created')!;
          expect(created.afterState).toMatchObject({ announcementId: id });
        },
        { timeoutMs: PROPAGATION_MS },
      );
    }

    it('drops the contact from its rows when its author deletes it', async () => {
      const contact = '+994 50 111 22 33';
      const item = await postedWithContact(contact);
      expect((await author.client.delete(`/api/announcements/${item.id}`)).status).toBe(204);
      await expectContactForgotten(item.id, contact, 'announcements.announcement.deleted');
    });

    it('drops the contact from its rows when a super admin hides it', async () => {
      const contact = '+994 55 444 55 66';
      const item = await postedWithContact(contact);
      const hidden = await superAdmin.post(`/api/moderation/announcements/${item.id}/hide`, {
        reason: 'Saxta elan, yoxlanıldı',
      });
      expect(hidden.status).toBe(200);
      await expectContactForgotten(item.id, contact, 'announcements.announcement.hidden');
    });
  },
);
