import { REQUEST_MESSAGES } from '@tapinti/contracts/requests-api';
import { allAuditRows, registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient } from '../support/http-client';
import { approvedOrganization, organizationAdmin } from '../support/organizations';
import { sharedPlatforms } from '../support/platform';
import { capturedLogs, fileRequest, FOUND, postAnnouncement, PROPAGATION_MS } from '../support/requests';

const QUESTIONS = [
  { question: 'Telefonun arxa örtüyü hansı rəngdədir?', expectedAnswer: 'Bənövşəyi-gözlənilən' },
  { question: 'Kilid ekranında hansı şəkil var?' },
];
/** What only the owner, the claimants and the handler may ever see: never in lists, audit rows or logs. */
const SECRETS = {
  expected: 'Bənövşəyi-gözlənilən',
  ownerAnswers: ['Bənövşəyi-cavab-sahib', 'Pişik-şəkli-sahib'],
  competitorAnswers: ['Qara-cavab-rəqib', 'Heç-nə-rəqib'],
};
const ALL_SECRETS = [SECRETS.expected, ...SECRETS.ownerAnswers, ...SECRETS.competitorAnswers];

const ids = (body: unknown): string[] => (Array.isArray(body) ? body.map((r: { id: string }) => r.id) : []);

describe.each(sharedPlatforms())(
  "a claim on an organisation's found item, with security questions ($mode)",
  (platform) => {
    const { url } = platform;
    let superAdmin: HttpClient;
    let orgAdmin: HttpClient;
    let organizationId: string;
    let owner: TestUser;
    let competitor: TestUser;
    let stranger: TestUser;
    let item: { id: string; title: string };
    let ownerClaim: string;
    let competingClaim: string;

    beforeAll(async () => {
      superAdmin = await signInSuperAdmin(url);
      const applicant = await registerUser(url, 'otel');
      organizationId = (await approvedOrganization(superAdmin, applicant.client, 'iddia')).organization.id;
      [orgAdmin, owner, competitor, stranger] = await Promise.all([
        organizationAdmin(platform, superAdmin, organizationId, 'resepsiya').then((a) => a.client),
        registerUser(url, 'sahibi'),
        registerUser(url, 'reqib'),
        registerUser(url, 'yad'),
      ]);
    });

    it('shows the questions to people about to claim, and the expected answers only to the author and handlers', async () => {
      item = await postAnnouncement(orgAdmin, { ...FOUND, roomNumber: '204', securityQuestions: QUESTIONS });
      const forClaimant = await owner.client.get(`/api/announcements/${item.id}`);
      expect(forClaimant.status).toBe(200);
      expect(forClaimant.body.securityQuestions).toEqual(QUESTIONS.map(({ question }) => ({ question })));
      const forHandler = await orgAdmin.get(`/api/announcements/${item.id}`);
      expect(forHandler.body.securityQuestions).toEqual([
        { question: QUESTIONS[0]!.question, expectedAnswer: SECRETS.expected },
        { question: QUESTIONS[1]!.question, expectedAnswer: null },
      ]);
      const forSuperAdmin = await superAdmin.get(`/api/announcements/${item.id}`);
      expect(forSuperAdmin.body.securityQuestions[0].expectedAnswer).toBe(SECRETS.expected);
      const list = await new HttpClient(url).get('/api/announcements');
      expect(ids(list.body)).toContain(item.id);
    });

    it('takes a claim only with an answer to every question; the organisation admin lists both claims with their answers', async () => {
      const unanswered = await fileRequest(owner.client, { announcementId: item.id }, { expectStatus: 400 });
      expect(unanswered.body.message).toBe(REQUEST_MESSAGES.answersCount);
      const halfAnswered = await owner.client.post('/api/requests', {
        announcementId: item.id,
        contactMethod: 'phone',
        answers: [SECRETS.ownerAnswers[0]],
      });
      expect(halfAnswered.status).toBe(400);

      const filed = await fileRequest(owner.client, {
        announcementId: item.id,
        contactMethod: 'phone',
        roomNumber: '311',
        message: 'Dünən lobbidə unutmuşam',
        answers: SECRETS.ownerAnswers,
      });
      ownerClaim = filed.body.id;
      competingClaim = (
        await fileRequest(competitor.client, {
          announcementId: item.id,
          contactMethod: 'in_person',
          answers: SECRETS.competitorAnswers,
        })
      ).body.id;

      const listed = await orgAdmin.get(`/api/organizations/${organizationId}/requests`);
      expect(listed.status).toBe(200);
      expect(ids(listed.body)).toEqual([competingClaim, ownerClaim]);
      expect(listed.body[1]).toMatchObject({
        announcementId: item.id,
        announcement: { title: item.title, roomNumber: '204', type: 'found', status: 'open' },
        userId: owner.id,
        username: owner.username,
        contactMethod: 'phone',
        contact: owner.phone,
        roomNumber: '311',
        message: 'Dünən lobbidə unutmuşam',
        answers: [
          { question: QUESTIONS[0]!.question, answer: SECRETS.ownerAnswers[0] },
          { question: QUESTIONS[1]!.question, answer: SECRETS.ownerAnswers[1] },
        ],
        status: 'pending',
        handledBy: null,
        handledAt: null,
      });
      expect(listed.body[0]).toMatchObject({ username: competitor.username, contact: null });
      const pending = await orgAdmin.get(`/api/organizations/${organizationId}/requests?status=pending`);
      expect(ids(pending.body)).toEqual([competingClaim, ownerClaim]);
    });

    it('contacted → resolved_claimed: the claimant sees it, the competing claim is rejected, the item is resolved and leaves the public list', async () => {
      const contacted = await orgAdmin.put(`/api/requests/${ownerClaim}`, { status: 'contacted' });
      expect(contacted.status).toBe(200);
      expect(contacted.body.status).toBe('contacted');
      const claimed = await orgAdmin.put(`/api/requests/${ownerClaim}`, { status: 'resolved_claimed' });
      expect(claimed.status).toBe(200);
      expect(claimed.body).toMatchObject({ status: 'resolved_claimed', handledAt: expect.any(String) });

      const mine = await owner.client.get('/api/requests/my');
      expect(mine.body.find((r: { id: string }) => r.id === ownerClaim)).toMatchObject({
        status: 'resolved_claimed',
        announcement: { title: item.title },
      });
      const theirs = await competitor.client.get('/api/requests/my');
      expect(theirs.body.find((r: { id: string }) => r.id === competingClaim)?.status).toBe(
        'resolved_rejected',
      );
      const resolved = await orgAdmin.get(`/api/organizations/${organizationId}/requests?status=resolved`);
      expect(ids(resolved.body).sort()).toEqual([competingClaim, ownerClaim].sort());

      // Announcements consumes the status change: resolved, out of the public list (and so of the
      // rewards page), still in the author's and the organisation's lists.
      await eventually(
        async () => {
          expect((await orgAdmin.get(`/api/announcements/${item.id}`)).body.status).toBe('resolved');
        },
        { timeoutMs: PROPAGATION_MS },
      );
      expect(ids((await new HttpClient(url).get('/api/announcements')).body)).not.toContain(item.id);
      const authorList = await orgAdmin.get('/api/announcements/my');
      expect(authorList.body.find((a: { id: string }) => a.id === item.id)?.status).toBe('resolved');
      await eventually(
        async () => {
          const organizationList = await orgAdmin.get(`/api/organizations/${organizationId}/announcements`);
          expect(organizationList.status).toBe(200);
          expect(organizationList.body.find((a: { id: string }) => a.id === item.id)?.status).toBe(
            'resolved',
          );
        },
        { timeoutMs: PROPAGATION_MS },
      );

      // Closed for good: no new claims, and the questions cannot change any more.
      const late = await fileRequest(
        stranger.client,
        { announcementId: item.id, answers: ['a', 'b'] },
        { expectStatus: 409 },
      );
      expect(late.body.message).toBe(REQUEST_MESSAGES.announcementClosed);
    });

    it('never shows the answers or the expected answers in the public list, to another user, in audit rows or in logs', async () => {
      const leaks = (text: string) => ALL_SECRETS.filter((secret) => text.includes(secret));

      expect(leaks((await new HttpClient(url).get('/api/announcements')).text)).toEqual([]);
      expect(leaks((await stranger.client.get(`/api/announcements/${item.id}`)).text)).toEqual([]);
      expect(leaks((await stranger.client.get('/api/requests/my')).text)).toEqual([]);
      expect(leaks((await stranger.client.get('/api/requests/incoming')).text)).toEqual([]);
      // The competitor sees their own answers, never the owner's nor the expected one.
      const competitorView = (await competitor.client.get('/api/requests/my')).text;
      expect(leaks(competitorView)).toEqual(SECRETS.competitorAnswers);
      expect(leaks((await competitor.client.get(`/api/announcements/${item.id}`)).text)).toEqual([]);

      // The audit log has the events of the whole flow, and not one secret.
      const rows = await eventually(
        async () => {
          const all = await allAuditRows(superAdmin);
          const about = all.filter((r) => [item.id, ownerClaim, competingClaim].includes(r.entityId ?? ''));
          expect(about.map((r) => r.action)).toEqual(
            expect.arrayContaining([
              'announcements.announcement.created',
              'announcements.announcement.security-questions-set',
              'announcements.announcement.resolved',
              'requests.request.filed',
              'requests.request.status-changed',
            ]),
          );
          return all;
        },
        { timeoutMs: PROPAGATION_MS },
      );
      expect(leaks(JSON.stringify(rows))).toEqual([]);
      expect(leaks(capturedLogs(platform.env.NAMESPACE!))).toEqual([]);
    });
  },
);
