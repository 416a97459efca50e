/**
 * "Ask the venues" (issue 26 point 1) in Debian's Chromium against the embedded platform (built web
 * app), on phone-sized screens (375 px): the owner of a lost announcement asks a venue from its page
 * (/elan/:id) through the picker; the venue's admin finds the request in /org-admin's
 * «Soruşulanlar», opens it (the lost post and the venue's found items) and answers «Tapdıq» with
 * their item; the owner's page then shows the answer with the claim filed for them. Nothing is
 * wider than the screen, and axe finds no serious violation on the new screens.
 */
import type { Browser, Page } from 'playwright-core';
import { registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import type { HttpClient } from '../support/http-client';
import { approvedOrganization, organizationAdmin } from '../support/organizations';
import { startPlatform, type Platform } from '../support/platform';
import { FOUND, LOST, postAnnouncement, PROPAGATION_MS } from '../support/requests';
import { seriousViolations } from './support/axe';
import { addSessionCookies, launchChromium, toast } from './support/browser';

jest.setTimeout(420_000);

const run = Date.now().toString(36);
let platform: Platform;
let browser: Browser;
let owner: TestUser;
let admin: HttpClient;
let venue: { id: string; name: string };
let lost: { id: string; title: string };
let item: { id: string; title: string };
const problems: string[] = [];

beforeAll(async () => {
  platform = await startPlatform('embedded');
  browser = await launchChromium();
  const superAdmin = await signInSuperAdmin(platform.url);
  const applicant = await registerUser(platform.url, 'e2esorapp');
  ({ organization: venue } = await approvedOrganization(superAdmin, applicant.client, 'e2esorus', {
    venueSlug: `sorus-${run}`,
  }));
  admin = (await organizationAdmin(platform, superAdmin, venue.id, 'e2esoradm')).client;
  owner = await registerUser(platform.url, 'e2esorsahib');
  item = await postAnnouncement(admin, {
    ...FOUND,
    title: 'Qara dəri pulqabı tapılıb',
    description: 'Gənclik metrosunda qara dəri pulqabı tapılıb, içində sənədlər var',
    category: 'bags',
    location: 'Gənclik metrosu',
  });
  lost = await postAnnouncement(owner.client, { ...LOST, title: 'Qara pulqabı' });
  // The requests service learns of the post from its event: the page asks once it knows it.
  await eventually(
    async () => {
      const res = await owner.client.get(`/api/venue-checks?announcementId=${lost.id}`);
      expect(res.status).toBe(200);
    },
    { timeoutMs: PROPAGATION_MS, intervalMs: 200 },
  );
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function phone(cookieHeader: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true });
  await addSessionCookies(context, platform.url, cookieHeader);
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return page;
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

it('the owner asks a venue from the lost announcement’s page', async () => {
  const page = await phone(owner.client.cookieHeader);
  await page.goto(`${platform.url}/elan/${lost.id}`, { waitUntil: 'networkidle' });
  const section = page.getByTestId('owner-venue-checks');
  await section.getByRole('button', { name: 'Məkanlardan soruş' }).click();
  const dialog = page.getByRole('dialog', { name: 'Məkanlardan soruş' });
  await dialog.getByLabel('Məkanın adı').fill(venue.name);
  const choice = dialog.getByRole('checkbox', { name: escaped(venue.name) });
  await choice.check();
  await dialog.getByRole('status').getByText('Seçilib: 1 / 10').waitFor();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Göndər (1)' }).click();
  await toast(page).getByText('Məkanlardan soruşuldu').waitFor();
  await dialog.waitFor({ state: 'detached' });
  const row = section.getByTestId('owner-venue-check').filter({ hasText: venue.name });
  await row.getByText('Soruşulub').waitFor();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});

it("the venue's admin opens the request in «Soruşulanlar» and answers «Tapdıq» with their item", async () => {
  // The announcements service learns of the ask from its event before it shows the venue the post.
  await eventually(
    async () => {
      const res = await admin.get(`/api/announcements/${lost.id}/venue-checks/${venue.id}`);
      expect(res.status).toBe(200);
    },
    { timeoutMs: PROPAGATION_MS, intervalMs: 200 },
  );
  const page = await phone(admin.cookieHeader);
  await page.goto(`${platform.url}/org-admin?tab=venue-checks`, { waitUntil: 'networkidle' });
  await page.getByRole('tab', { name: 'Soruşulanlar', selected: true }).waitFor();
  const card = page.getByTestId('venue-check').filter({ hasText: lost.title });
  await card.getByText('Soruşulub').waitFor();
  await card.getByRole('button', { name: 'Aç və cavab ver' }).click();
  // Opening it marks it seen; the lost post and the venue's own found item are there.
  await card.getByText('Görülüb').waitFor();
  await card.getByRole('heading', { name: lost.title, level: 4 }).waitFor();
  const radio = card.getByRole('radio', { name: escaped(item.title) });
  await radio.check();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Tapdıq' }).click();
  await toast(page).getByText('Cavab göndərildi').waitFor();
  await card.getByTestId('venue-check-answer').getByText('Cavabınız: Tapdıq').waitFor();
  await card.getByRole('link', { name: 'Sahibin müraciətinə bax' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});

it('the owner sees the answer, with the claim filed for them', async () => {
  const page = await phone(owner.client.cookieHeader);
  await page.goto(`${platform.url}/elan/${lost.id}`, { waitUntil: 'networkidle' });
  const row = page.getByTestId('owner-venue-check').filter({ hasText: venue.name });
  await row.getByText('Tapdıq', { exact: true }).waitFor();
  const link = row.getByRole('link', { name: 'Müraciətə və yazışmaya bax' });
  expect(await link.getAttribute('href')).toMatch(/^\/profile\?tab=requests&request=[0-9a-f-]{36}$/);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
  expect(problems).toEqual([]);
});
