/**
 * Venue pages in Debian's Chromium against the embedded platform (built web app), on a phone-sized
 * screen (320 px): an organisation's found item on the home page names its venue with the
 * verified badge; the name opens `/t/<slug>`, with the venue, its item and its scorecard, in
 * nothing wider than the screen and without serious accessibility violations; the item's claim
 * form says how fast the venue answers.
 */
import type { Browser, Page } from 'playwright-core';
import { registerUser, signInSuperAdmin } from '../support/accounts';
import { approvedOrganization, organizationAdmin } from '../support/organizations';
import { startPlatform, type Platform } from '../support/platform';
import { FOUND, postAnnouncement } from '../support/requests';
import { seriousViolations } from './support/axe';
import { addSessionCookies, cardOf, launchChromium } from './support/browser';

jest.setTimeout(420_000);

const run = Date.now().toString(36);
const slug = `otel-${run}`;
let platform: Platform;
let browser: Browser;
let item: { id: string; title: string };
let venueName: string;
let userCookie: string;

beforeAll(async () => {
  platform = await startPlatform('embedded');
  browser = await launchChromium();
  const superAdmin = await signInSuperAdmin(platform.url);
  const applicant = await registerUser(platform.url, 'e2emekan');
  const { organization } = await approvedOrganization(superAdmin, applicant.client, 'e2emekan', {
    venueSlug: slug,
  });
  venueName = organization.name;
  const admin = await organizationAdmin(platform, superAdmin, organization.id, 'e2emekadm');
  item = await postAnnouncement(admin.client, { ...FOUND, title: 'Qara çətir' });
  userCookie = (await registerUser(platform.url, 'e2esahib')).client.cookieHeader;
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function phone(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 320, height: 700 }, isMobile: true });
  await addSessionCookies(context, platform.url, userCookie);
  return context.newPage();
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

it("opens the venue's page from its item's card on a phone", async () => {
  const page = await phone();
  await page.goto(platform.url, { waitUntil: 'networkidle' });
  const card = cardOf(page, item.title);
  const link = card.getByRole('link', { name: venueName });
  await link.waitFor();
  await card.getByText('Təsdiqlənmiş məkan').waitFor();
  await link.click();
  await page.waitForURL(`**/t/${slug}`);
  await page.getByRole('heading', { name: venueName, level: 1 }).waitFor();
  await page.getByRole('link', { name: item.title }).waitFor();
  await page.getByText('Bu məkan iddialara 48 saat ərzində cavab verməlidir').waitFor();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});
