import { REQUEST_LIMITS, REQUEST_MESSAGES } from '@tapinti/contracts/requests-api';
import { registerUser } from '../support/accounts';
import { sharedPlatforms } from '../support/platform';
import { fileRequest, FOUND, postAnnouncement } from '../support/requests';

/**
 * The claim form cannot be used to harvest finders' contact details: at most 10 claims filed per
 * hour (checked here through the gateway) and at most 20 open at once (the same use case with a
 * clock that moves: services/requests/test/unit/requests.test.ts).
 */
describe.each(sharedPlatforms())('requests abuse limits ($mode)', ({ url }) => {
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
    expect(refused.body.message).toBe(REQUEST_MESSAGES.tooManyPerHour);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await harvester.client.get('/api/requests/my')).body).toHaveLength(REQUEST_LIMITS.maxPerHour);
    // Someone else is not affected.
    await fileRequest(honest.client, { announcementId: last.id });
  });
});
