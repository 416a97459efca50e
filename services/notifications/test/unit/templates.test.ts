import { randomUUID } from 'node:crypto';
import {
  announcementArchiveReminder,
  announcementMatched,
  announcementModerated,
  applicationApproved,
  handoverCode,
  requestFiled,
  requestStatusChanged,
} from '../../src/domain/templates';

/** Issue 22: the e-mails' words and links, as the interface has them. */
describe('notification texts', () => {
  const requestId = randomUUID();
  const announcementId = randomUUID();

  test("claims are 'müraciət' in every e-mail, as in the interface (never 'sorğu')", () => {
    const drafts = [
      requestFiled({
        requestId,
        announcementId,
        announcementTitle: 'Göy çanta',
        contactMethod: 'phone',
        handler: 'author',
      }),
      ...['pending', 'contacted', 'resolved_claimed', 'resolved_rejected'].map((status) =>
        requestStatusChanged({ requestId, announcementId, announcementTitle: 'Göy çanta', status }),
      ),
      handoverCode({
        requestId,
        announcementId,
        announcementTitle: null,
        generation: 1,
        ownerIsClaimant: true,
      }),
      ...(['lost', 'found'] as const).map((type) =>
        announcementMatched({
          own: { announcementId, title: 'Çanta', type },
          other: { announcementId: randomUUID(), title: 'Çanta' },
          reasons: [],
          score: 1,
        }),
      ),
      applicationApproved({
        applicationId: randomUUID(),
        contactPerson: 'Nigar',
        organization: {
          organizationId: randomUUID(),
          name: 'Dəniz Mall',
          type: 'mall',
          address: 'Bakı',
          contactEmail: 'a@example.az',
          contactPhone: null,
        },
        subscription: null,
      }),
    ];
    for (const draft of drafts) expect(`${draft.title} ${draft.message}`).not.toMatch(/sorğu/i);
  });

  test('a new claim links to the claim in the tab that lists it (the author’s or the organisation’s)', () => {
    const base = { requestId, announcementId, announcementTitle: null, contactMethod: 'email' };
    expect(requestFiled({ ...base, handler: 'author' }).link).toBe(
      `/profile?tab=incoming&request=${requestId}`,
    );
    expect(requestFiled({ ...base, handler: 'organization' }).link).toBe(
      `/org-admin?tab=requests&request=${requestId}`,
    );
    expect(requestStatusChanged({ ...base, status: 'contacted' }).link).toBe(
      `/profile?tab=requests&request=${requestId}`,
    );
    expect(
      announcementArchiveReminder({ announcementId, title: 'Çanta', type: 'lost', archiveAt: new Date() })
        .link,
    ).toBe(`/profile?tab=announcements&announcement=${announcementId}`);
  });

  test("a moderator's reason ending in a full stop does not make the e-mail end in '..'", () => {
    for (const reason of ['Saxta elan.', 'Saxta elan', 'Saxta elan. ']) {
      const hidden = announcementModerated({
        announcementId,
        title: 'Çanta',
        outcome: 'hidden',
        reason,
        at: 'x',
      });
      expect(hidden.message).toContain('Səbəb: Saxta elan. Bunun səhv olduğunu');
      expect(hidden.message).not.toContain('..');
      const held = announcementModerated({
        announcementId,
        title: 'Çanta',
        outcome: 'held',
        reason,
        at: 'x',
      });
      expect(held.message).toContain('(Saxta elan). ');
      expect(held.message).not.toContain('..');
    }
    expect(
      announcementModerated({ announcementId, title: null, outcome: 'hidden', reason: null, at: 'x' })
        .message,
    ).toContain('Səbəb: —. ');
  });
});
