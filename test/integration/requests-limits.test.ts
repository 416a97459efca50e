import { fillMessage } from '@tapinti/contracts/message-template';
import { REQUEST_LIMIT_MESSAGES, REQUEST_LIMITS } from '@tapinti/contracts/requests-api';
import { registerUser } from '../support/accounts';
import { rulesModes, sharedRulesPlatforms, startPlatform, type Platform } from '../support/platform';
import { fileRequest, FOUND, postAnnouncement } from '../support/requests';

/**
 * The claim form cannot be used to harvest finders' contact details: at most 10 claims filed per
 * hour and at most 20 open at once (pending or contacted).
 */
describe.each(sharedRulesPlatforms())('requests abuse limits ($mode)', ({ url }) => {
  it(`answers 429 after ${REQUEST_LIMITS.maxPerHour} claims within an hour, with Retry-After`, async () => {
    const [finder, harvester, honest] = await Promise.all([
      registerUser(url, 'tapan'),
      registerUser(url, 'yigan'),
      registerUser(url, 'duzgun'),
    ]);
    const items = await Promise.all(
      Array.from({ length: REQUEST_LIMITS.maxPerHour + 1 }, () => postAnnouncement(finder.client, FOUND)),
    );
    for (const item of items.slice(0, REQUEST_LIMITS.maxPerHour)) {
      await fileRequest(harvester.client, { announcementId: item.id });
    }
    const last = items.at(-1)!;
    const refused = await fileRequest(harvester.client, { announcementId: last.id }, { expectStatus: 429 });
    expect(refused.body.message).toBe(
      fillMessage(REQUEST_LIMIT_MESSAGES.tooManyPerHour, { max: REQUEST_LIMITS.maxPerHour }),
    );
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await harvester.client.get('/api/requests/my')).body).toHaveLength(REQUEST_LIMITS.maxPerHour);
    // Someone else is not affected.
    await fileRequest(honest.client, { announcementId: last.id });
  });
});

// 20 open claims take two hours at 10 an hour: a platform of its own allows more per hour, so the
// open limit is reached through the gateway at once.
describe.each(rulesModes())('requests: at most 20 open claims at once (%s)', (mode) => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform(mode, { env: { REQUESTS_MAX_PER_HOUR: '100' } });
  }, 180_000);
  afterAll(async () => {
    await platform?.stop();
  });

  it(`answers 429 to the claim after ${REQUEST_LIMITS.maxOpen} open ones; a resolved one frees a place`, async () => {
    const { url } = platform;
    const [finder, harvester] = await Promise.all([registerUser(url, 'tapan'), registerUser(url, 'yigan')]);
    const items = await Promise.all(
      Array.from({ length: REQUEST_LIMITS.maxOpen + 1 }, () => postAnnouncement(finder.client, FOUND)),
    );
    const claims: string[] = [];
    for (const item of items.slice(0, REQUEST_LIMITS.maxOpen)) {
      claims.push((await fileRequest(harvester.client, { announcementId: item.id })).body.id);
    }
    // Contacted ones are still open.
    expect((await finder.client.put(`/api/requests/${claims[0]}`, { status: 'contacted' })).status).toBe(200);
    const last = items.at(-1)!;
    const refused = await fileRequest(harvester.client, { announcementId: last.id }, { expectStatus: 429 });
    expect(refused.body.message).toBe(
      fillMessage(REQUEST_LIMIT_MESSAGES.tooManyOpen, { max: REQUEST_LIMITS.maxOpen }),
    );

    expect(
      (await finder.client.put(`/api/requests/${claims[0]}`, { status: 'resolved_rejected' })).status,
    ).toBe(200);
    await fileRequest(harvester.client, { announcementId: last.id });
  });
});
