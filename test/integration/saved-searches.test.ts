import { SAVED_SEARCH_CONFIRM_PATH } from '@tapinti/contracts/saved-searches-api';
import { registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName } from '../support/http-client';
import { linkTokenMailedTo, mailboxOf, type ReceivedMail } from '../support/mailbox';
import { caughtUp } from '../support/metrics';
import { approvedOrganization, organizationAdmin, organizationMember } from '../support/organizations';
import { sharedPlatforms } from '../support/platform';
import { notificationsOf } from '../support/notifications';

/**
 * Saved searches and their alerts (issue 26 point 5), through the gateway on the shared platforms
 * (embedded: `.eml` files; distributed: Kafka, BullMQ, the SMTP sink). Each search names a word no
 * other suite writes, so only this suite's posts can match it.
 *
 * Negative checks need a moment after which an alert would have been written: the alerts job
 * matches a new announcement against every saved search in one transaction (an in-app alert seen
 * for one search means every other search's match of it is decided), and decides e-mails saved
 * search by saved search, oldest first (an e-mail written for a younger search means the older
 * ones were decided in that run or before).
 */
const WAIT = { timeoutMs: 45_000, intervalMs: 250 };

/** Lower-case letters no dictionary, place or other suite has (uniqueName's tail is letters too). */
const uniqueWord = () => `zorq${uniqueName('').toLowerCase()}`;

describe.each(sharedPlatforms())('saved searches and alerts ($mode)', (platform) => {
  const { url } = platform;
  const mailbox = mailboxOf(platform);

  const alertsOf = (user: TestUser) => notificationsOf(user.client, 'saved-search-alert');
  const waitForAlerts = (user: TestUser, count: number) =>
    eventually(async () => {
      const alerts = await alertsOf(user);
      expect(alerts).toHaveLength(count);
      return alerts;
    }, WAIT);
  const mailsWith = async (address: string, subject: string | RegExp) =>
    (await mailbox.to(address)).filter((m) =>
      typeof subject === 'string' ? m.subject === subject : subject.test(m.subject),
    );
  const waitForMails = (address: string, subject: string | RegExp, count = 1) =>
    eventually(async () => {
      const mails = await mailsWith(address, subject);
      expect(mails).toHaveLength(count);
      return mails;
    }, WAIT);
  const post = async (author: TestUser, fields: Record<string, unknown>): Promise<string> => {
    const res = await author.client.post('/api/announcements', {
      type: 'found',
      description: 'Bu əşya sahibini gözləyir, yaxınlıqda tapılıb',
      category: 'bags',
      location: 'Bakı, Nizami küçəsi',
      ...fields,
    });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const save = async (client: HttpClient, body: Record<string, unknown>) => {
    const res = await client.post('/api/notifications/saved-searches', body);
    expect(res.status).toBe(201);
    return res.body as { id: string; confirmed: boolean; frequency: string };
  };
  /** The one-click unsubscribe of an e-mail (RFC 8058): a POST to its List-Unsubscribe link. */
  const unsubscribeFrom = async (mail: ReceivedMail) => {
    const link = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    expect(link).toBeDefined();
    const target = new URL(link!);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const res = await new HttpClient(url).request('POST', `${target.pathname}${target.search}`, undefined, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Abunəlikdən çıxdınız');
  };

  test('a user’s saved search: one alert in the app and by e-mail for a new match, none for a non-match, no second e-mail within the hour, one-click unsubscribe', async () => {
    const [alice, bob] = [await registerUser(url, 'ssalice'), await registerUser(url, 'ssbob')];
    const [word, other] = [uniqueWord(), uniqueWord()];
    // Typed in capitals: the search folds it as the board's search does.
    const first = await save(alice.client, { search: word.toUpperCase(), category: 'bags' });
    expect(first).toMatchObject({ confirmed: true, frequency: 'hourly' });
    const second = await save(alice.client, { search: other });

    // Not a match: the word, but another category.
    await post(bob, { title: `Açar ${word}`, category: 'keys' });
    await caughtUp(platform, 'notifications');
    const matchTitle = `Qara çanta ${word}`;
    const matchId = await post(bob, { title: matchTitle });

    const [alert] = await waitForAlerts(alice, 1);
    expect(alert).toMatchObject({
      title: 'Saxladığınız axtarışa uyğun yeni elan',
      link: `/elan/${matchId}`,
      data: { savedSearchId: first.id, announcementId: matchId },
    });
    expect(alert!.message).toContain(`«${matchTitle}»`);
    const [mail] = await waitForMails(alice.email, `Axtarışınıza uyğun yeni elan: «${matchTitle}»`);
    expect(mail!.text).toContain(`/elan/${matchId}`);
    expect(mail!.text).toContain('/abunelikden-cix?token=');

    // A second match within the hour: in the app at once, by e-mail not (the hourly throttle).
    const againTitle = `Qəhvəyi çanta ${word}`;
    await post(bob, { title: againTitle });
    await waitForAlerts(alice, 2);
    // The younger search's first e-mail: the older one's second match was decided by then.
    await post(bob, { title: `Çanta ${other}` });
    await waitForMails(alice.email, `Axtarışınıza uyğun yeni elan: «Çanta ${other}»`);
    expect(await mailsWith(alice.email, /^Axtarışınıza uyğun/)).toHaveLength(2);
    expect((await alertsOf(alice)).map((a) => a.data.savedSearchId)).toEqual([second.id, first.id, first.id]);
    // Bob, the author, saved nothing and was told nothing.
    expect(await alertsOf(bob)).toEqual([]);

    await unsubscribeFrom(mail!);
    const preferences = await alice.client.get('/api/notifications/preferences');
    expect(preferences.body.items).toContainEqual(
      expect.objectContaining({ type: 'saved-search-alert', email: false }),
    );
  });

  test('a visitor: nothing before the address is confirmed, one confirmation e-mail however often signed up, then alerts with one-click unsubscribe', async () => {
    const [alice, bob] = [await registerUser(url, 'ssvwatch'), await registerUser(url, 'ssvbob')];
    const visitor = new HttpClient(url);
    const address = `${uniqueName('ssvisitor')}@example.az`;
    const [word, later] = [uniqueWord(), uniqueWord()];

    expect((await visitor.post('/api/notifications/saved-searches', { search: word })).body).toEqual({
      message: 'Bildiriş almaq üçün e-poçt ünvanınızı yazın',
      field: 'email',
    });
    const saved = await save(visitor, { search: word, email: address.toUpperCase() });
    expect(saved.confirmed).toBe(false);
    await save(visitor, { search: later, email: address });
    // Alice watches the same words, saved after the visitor's (see the note at the top).
    await save(alice.client, { search: word });
    await save(alice.client, { search: later });

    // Before confirming: a match alerts Alice, the visitor nothing.
    const earlyTitle = `Çanta ${word} erkən`;
    await post(bob, { title: earlyTitle });
    await waitForAlerts(alice, 1);
    const [confirmation] = await waitForMails(address, 'Axtarış bildirişlərini təsdiqləyin');
    expect(confirmation!.headers['list-unsubscribe']).toBeUndefined();

    const refused = await visitor.post('/api/notifications/saved-searches/confirm', {
      token: `${saved.id}.${Date.now() + 60_000}.${'A'.repeat(43)}`,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'Təsdiq linki yanlışdır və ya vaxtı keçib', field: 'token' });
    const token = await linkTokenMailedTo(platform, address, SAVED_SEARCH_CONFIRM_PATH);
    const confirmed = await new HttpClient(url).post('/api/notifications/saved-searches/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ confirmed: 2 });

    const newTitle = `Çanta ${word} yeni`;
    await post(bob, { title: newTitle });
    const [alertMail] = await waitForMails(address, `Axtarışınıza uyğun yeni elan: «${newTitle}»`);
    // Only the one confirmation e-mail before, and the early match never e-mailed.
    const all = await mailbox.to(address);
    expect(all.map((m) => m.subject).sort()).toEqual(
      ['Axtarış bildirişlərini təsdiqləyin', `Axtarışınıza uyğun yeni elan: «${newTitle}»`].sort(),
    );
    expect(alertMail!.text).not.toContain(earlyTitle);

    // One click in the alert e-mail: the address's alert e-mails stop, those of its other search too.
    await unsubscribeFrom(alertMail!);
    await post(bob, { title: `Çanta ${later}` });
    // Alice's e-mail for it is written after the visitor's older search was decided.
    await waitForMails(alice.email, `Axtarışınıza uyğun yeni elan: «Çanta ${later}»`);
    expect(await mailsWith(address, /^Axtarışınıza uyğun|^Gündəlik xülasə/)).toHaveLength(1);
  });

  test('a deleted account’s saved searches go with it: no alert after the deletion', async () => {
    const [leaving, staying, bob] = [
      await registerUser(url, 'ssleaving'),
      await registerUser(url, 'ssstaying'),
      await registerUser(url, 'ssdelbob'),
    ];
    const word = uniqueWord();
    await save(leaving.client, { search: word });
    await save(staying.client, { search: word });
    expect((await leaving.client.post('/api/account/delete', { password: leaving.password })).status).toBe(
      204,
    );
    await caughtUp(platform, 'notifications');
    const title = `Çanta ${word}`;
    await post(bob, { title });
    // Both searches would be matched in the one transaction that alerts the staying user.
    await waitForAlerts(staying, 1);
    await waitForMails(staying.email, `Axtarışınıza uyğun yeni elan: «${title}»`);
    expect(await mailsWith(leaving.email, /^Axtarışınıza uyğun/)).toEqual([]);
  });

  test('access: only the owner lists, changes or deletes a saved search; every role saves its own', async () => {
    const superAdmin = await signInSuperAdmin(url);
    const [owner, another, applicant] = [
      await registerUser(url, 'ssown'),
      await registerUser(url, 'ssanother'),
      await registerUser(url, 'ssapplicant'),
    ];
    const organization = await approvedOrganization(superAdmin, applicant.client, 'ssorg');
    const admin = await organizationAdmin(platform, superAdmin, organization.organization.id, 'ssorgbas');
    const staff = await organizationMember(
      platform,
      admin.client,
      organization.organization.id,
      'org_staff',
      'ssorgisci',
    );
    const anonymous = new HttpClient(url);
    const others: Array<[string, HttpClient]> = [
      ['another user', another.client],
      ['org_admin', admin.client],
      ['org_staff', staff.client],
      ['super_admin', superAdmin],
    ];

    const mine = await save(owner.client, { search: uniqueWord(), place: 'd-nasimi', rewards: true });
    expect(mine).toMatchObject({ place: 'd-nasimi', rewards: true, type: null, confirmed: true });
    // Everyone signed in saves their own, and lists only their own.
    for (const [role, client] of others) {
      const theirs = await save(client, { category: 'keys', type: 'found' });
      const listed = await client.get('/api/notifications/saved-searches');
      expect([role, listed.status]).toEqual([role, 200]);
      expect([role, listed.body.items.map((s: { id: string }) => s.id)]).toEqual([role, [theirs.id]]);
    }
    expect((await owner.client.get('/api/notifications/saved-searches')).body.items).toEqual([mine]);

    const path = `/api/notifications/saved-searches/${mine.id}`;
    expect((await anonymous.get('/api/notifications/saved-searches')).status).toBe(401);
    expect((await anonymous.put(path, { frequency: 'daily' })).status).toBe(401);
    expect((await anonymous.delete(path)).status).toBe(401);
    for (const [role, client] of others) {
      const changed = await client.put(path, { frequency: 'daily' });
      expect([role, changed.status, changed.body]).toEqual([
        role,
        404,
        { message: 'Saxlanmış axtarış tapılmadı' },
      ]);
      expect([role, (await client.delete(path)).status]).toEqual([role, 404]);
    }
    const changed = await owner.client.put(path, { frequency: 'daily' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...mine, frequency: 'daily' });

    // Bad input: a clear 400 in Azerbaijani.
    const empty = await owner.client.post('/api/notifications/saved-searches', {});
    expect([empty.status, empty.body.field]).toEqual([400, 'search']);
    const place = await owner.client.post('/api/notifications/saved-searches', { place: 'nowhere-at-all' });
    expect(place.body).toEqual({ message: 'Belə yer tapılmadı: yeri siyahıdan seçin', field: 'place' });
    const frequency = await owner.client.put(path, { frequency: 'weekly' });
    expect([frequency.status, frequency.body.field]).toEqual([400, 'frequency']);

    expect((await owner.client.delete(path)).status).toBe(204);
    expect((await owner.client.delete(path)).status).toBe(404);
    expect((await owner.client.get('/api/notifications/saved-searches')).body.items).toEqual([]);
  });
});
