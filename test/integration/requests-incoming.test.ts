import { REQUEST_MESSAGES } from '@tapinti/contracts/requests-api';
import { allAuditRows, registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient } from '../support/http-client';
import { sharedPlatforms } from '../support/platform';
import { fileRequest, postAnnouncement, PROPAGATION_MS } from '../support/requests';

describe.each(sharedPlatforms())(
  'a user-to-user claim handled through /api/requests/incoming ($mode)',
  ({ url }) => {
    let author: TestUser;
    let claimant: TestUser;
    let other: TestUser;

    beforeAll(async () => {
      [author, claimant, other] = await Promise.all([
        registerUser(url, 'sahib'),
        registerUser(url, 'iddia'),
        registerUser(url, 'diger'),
      ]);
    });

    it('files, lists, contacts and resolves a claim on a lost announcement; every refusal is an Azerbaijani 4xx', async () => {
      const lost = await postAnnouncement(author.client, { type: 'lost', title: 'Açar dəsti itirilib' });

      // Refusals before anything is filed.
      expect(
        (await new HttpClient(url).post('/api/requests', { announcementId: lost.id, contactMethod: 'phone' }))
          .status,
      ).toBe(401);
      const noMethod = await claimant.client.post('/api/requests', { announcementId: lost.id });
      expect(noMethod.status).toBe(400);
      expect(noMethod.body.message).toBe(REQUEST_MESSAGES.contactMethodRequired);
      const badMethod = await claimant.client.post('/api/requests', {
        announcementId: lost.id,
        contactMethod: 'pigeon',
      });
      expect(badMethod.status).toBe(400);
      expect(badMethod.body.message).toBe(REQUEST_MESSAGES.contactMethodRequired);
      const own = await fileRequest(author.client, { announcementId: lost.id }, { expectStatus: 403 });
      expect(own.body.message).toBe(REQUEST_MESSAGES.ownAnnouncement);
      const unknown = await claimant.client.post('/api/requests', {
        announcementId: '00000000-0000-4000-8000-000000000000',
        contactMethod: 'phone',
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(REQUEST_MESSAGES.announcementNotFound);

      const filedAt = Date.now();
      const filed = await fileRequest(claimant.client, {
        announcementId: lost.id,
        contactMethod: 'email',
        message: 'Açarlarınızı Səbail parkında tapmışam',
        // No security questions on this announcement: answers are not kept.
        answers: ['artıq cavab'],
      });
      expect(filed.body).toMatchObject({
        id: expect.any(String),
        announcementId: lost.id,
        status: 'pending',
        contactMethod: 'email',
        message: 'Açarlarınızı Səbail parkında tapmışam',
        roomNumber: null,
        answers: [],
        handledAt: null,
        announcement: { title: lost.title, type: 'lost', status: 'open' },
      });
      expect(Math.abs(Date.parse(filed.body.createdAt) - filedAt)).toBeLessThan(5000);
      const requestId: string = filed.body.id;

      const duplicate = await claimant.client.post('/api/requests', {
        announcementId: lost.id,
        contactMethod: 'phone',
      });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.message).toBe(REQUEST_MESSAGES.duplicate);

      // The author sees it with who claims and how to reach them (the e-mail they chose).
      const incoming = await eventually(
        async () => {
          const res = await author.client.get('/api/requests/incoming');
          expect(res.status).toBe(200);
          const found = res.body.find((r: { id: string }) => r.id === requestId);
          expect(found?.contact).toBe(claimant.email);
          return found;
        },
        { timeoutMs: PROPAGATION_MS },
      );
      expect(incoming).toMatchObject({
        userId: claimant.id,
        username: claimant.username,
        contactMethod: 'email',
        status: 'pending',
        handledBy: null,
        announcement: { title: lost.title },
        warnings: [],
      });
      expect((await other.client.get('/api/requests/incoming')).body).toEqual([]);
      const pendingOnly = await author.client.get('/api/requests/incoming?status=pending');
      expect(pendingOnly.body.map((r: { id: string }) => r.id)).toEqual([requestId]);
      const badFilter = await author.client.get('/api/requests/incoming?status=lost');
      expect(badFilter.status).toBe(400);
      expect(badFilter.body.message).toBe(REQUEST_MESSAGES.statusFilter);

      // Handling: the claimant and others may not; a missing or unknown status is a 400.
      expect(
        (await claimant.client.put(`/api/requests/${requestId}`, { status: 'resolved_claimed' })).status,
      ).toBe(403);
      const byOther = await other.client.put(`/api/requests/${requestId}`, { status: 'contacted' });
      expect(byOther.status).toBe(403);
      expect(byOther.body.message).toBe(REQUEST_MESSAGES.notHandler);
      const missing = await author.client.put(`/api/requests/${requestId}`, {});
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(REQUEST_MESSAGES.statusRequired);
      const bogus = await author.client.put(`/api/requests/${requestId}`, { status: 'done' });
      expect(bogus.status).toBe(400);
      expect(bogus.body.message).toBe(REQUEST_MESSAGES.statusInvalid);
      const back = await author.client.put(`/api/requests/${requestId}`, { status: 'pending' });
      expect(back.status).toBe(409);
      expect(back.body.message).toBe(REQUEST_MESSAGES.transition);
      expect((await author.client.put('/api/requests/not-a-uuid', { status: 'contacted' })).status).toBe(400);
      expect(
        (
          await author.client.put('/api/requests/00000000-0000-4000-8000-000000000000', {
            status: 'contacted',
          })
        ).status,
      ).toBe(404);

      // handledBy comes from the session, whatever the body says.
      const before = Date.now();
      const contacted = await author.client.put(`/api/requests/${requestId}`, {
        status: 'contacted',
        handledBy: other.id,
      });
      expect(contacted.status).toBe(200);
      expect(contacted.body).toMatchObject({
        status: 'contacted',
        handledBy: author.id,
        handledByUsername: author.username,
      });
      expect(Math.abs(Date.parse(contacted.body.handledAt) - before)).toBeLessThan(5000);

      // Contacted stays open until it is resolved; resolved is final.
      const rejected = await author.client.put(`/api/requests/${requestId}`, { status: 'resolved_rejected' });
      expect(rejected.status).toBe(200);
      expect(rejected.body.status).toBe('resolved_rejected');
      const again = await author.client.put(`/api/requests/${requestId}`, { status: 'resolved_claimed' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(REQUEST_MESSAGES.finalStatus);

      const mine = await claimant.client.get('/api/requests/my');
      expect(mine.status).toBe(200);
      expect(mine.body.find((r: { id: string }) => r.id === requestId)).toMatchObject({
        status: 'resolved_rejected',
        announcement: { title: lost.title },
      });
      expect(mine.body[0]).not.toHaveProperty('contact');
      expect(
        (await author.client.get('/api/requests/incoming?status=resolved')).body.map(
          (r: { id: string }) => r.id,
        ),
      ).toEqual([requestId]);

      // No open claim any more: the claimant may try again, and this time the author claims it back.
      const second = await fileRequest(claimant.client, {
        announcementId: lost.id,
        contactMethod: 'in_person',
      });
      const claimed = await author.client.put(`/api/requests/${second.body.id}`, {
        status: 'resolved_claimed',
      });
      expect(claimed.status).toBe(200);
      expect(claimed.body).toMatchObject({ status: 'resolved_claimed', contact: null });

      // The audit log has the request's events, made by the claimant and the author, and the
      // opening of the claim's conversation (issue 26: it takes the claim's id as its own).
      const admin = await signInSuperAdmin(url);
      await eventually(
        async () => {
          const rows = (await allAuditRows(admin)).filter((r) => r.entityId === requestId);
          expect(rows.map((r) => r.action).sort()).toEqual([
            'conversations.conversation.opened',
            'requests.request.filed',
            'requests.request.status-changed',
            'requests.request.status-changed',
          ]);
          expect(rows.find((r) => r.action === 'requests.request.filed')?.userId).toBe(claimant.id);
          expect(JSON.stringify(rows)).not.toContain('Səbail parkında');
        },
        { timeoutMs: PROPAGATION_MS },
      );
    });

    it('flags claims whose message or answers ask for money first, name a card or carry a link (issue 21)', async () => {
      const found = await postAnnouncement(author.client, {
        type: 'found',
        title: 'Qəhvəyi pulqabı tapılıb',
        securityQuestions: [{ question: 'Pulqabının içində nə var idi?' }],
      });
      const claims = [
        { message: 'Pulqabı mənimdir, əvvəlcə рul göndərin', answer: 'Vəsiqə', expected: 'money-request' },
        { message: 'Mükafat üçün kartım: 4111 1111 1111 1111', answer: 'Sənədlər', expected: 'card-number' },
        { message: 'Pulqabı mənimdir', answer: 'Ətraflı burada: t.me/scam', expected: 'link' },
        { message: 'Pulqabı mənimdir, içində sürücülük vəsiqəm var', answer: 'Vəsiqə', expected: null },
      ];
      const claimants = await Promise.all(claims.map(() => registerUser(url, 'iddia')));
      const ids: string[] = [];
      for (const [i, c] of claims.entries())
        ids.push(
          (
            await fileRequest(claimants[i]!.client, {
              announcementId: found.id,
              message: c.message,
              answers: [c.answer],
            })
          ).body.id as string,
        );
      const incoming = await eventually(
        async () => {
          const res = await author.client.get('/api/requests/incoming');
          const mine = ids.map((id) => res.body.find((r: { id: string }) => r.id === id));
          expect(mine.every(Boolean)).toBe(true);
          return mine as Array<{ warnings: string[] }>;
        },
        { timeoutMs: PROPAGATION_MS },
      );
      for (const [i, c] of claims.entries())
        expect(incoming[i]!.warnings).toEqual(c.expected ? expect.arrayContaining([c.expected]) : []);
      // The handler's answer after a status change carries them too.
      const updated = await author.client.put(`/api/requests/${ids[0]}`, { status: 'contacted' });
      expect(updated.status).toBe(200);
      expect(updated.body.warnings).toContain('money-request');
    });
  },
);
