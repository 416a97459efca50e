/**
 * No dead ends (issue 16, point 5), in Debian's Chromium against the embedded platform (built web
 * app, `npm run build -w web` first): the header's 'Elan yarat' choice, the dashboards each role
 * is linked to, the help centre's article pages and search, /create-announcement, the 404 page's
 * way home, and a filled create form that asks before it is discarded.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { approvedOrganization, organizationAdmin } from '../support/organizations';
import { ROOT, startPlatform, SUPER_ADMIN, type Platform } from '../support/platform';

jest.setTimeout(300_000);

let platform: Platform;
let browser: Browser;
let member: TestUser;
/** Uncaught page errors and console errors other than a visitor's expected 401. */
const problems: string[] = [];

async function newPage(width = 1280, height = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error' || /status of 401/.test(message.text())) return;
    problems.push(`console: ${message.text()}`);
  });
  return page;
}

/** Signs in through /auth as a real visitor does. */
async function signedIn(username: string, password: string, width = 1280): Promise<Page> {
  const page = await newPage(width);
  await page.goto(`${platform.url}/auth`);
  await page.getByLabel('E-poçt və ya istifadəçi adı').fill(username);
  await page.getByLabel('Şifrə').fill(password);
  await page.getByRole('button', { name: 'Daxil ol' }).last().click();
  await page.getByText('Salam,').first().waitFor();
  // The greeting shows at once; the move away from /auth follows a moment later (and closes open menus).
  await page.waitForURL((url) => url.pathname !== '/auth');
  return page;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Əsas naviqasiya' });

beforeAll(async () => {
  if (!fs.existsSync(path.join(ROOT, 'web', 'dist', 'index.html')))
    throw new Error('web/dist is missing: run `npm run build -w web` before the e2e tests');
  platform = await startPlatform('embedded');
  browser = await launchChromium();
  member = await registerUser(platform.url, 'gezinti');
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('no dead ends (embedded platform, Chromium)', () => {
  it("the header's 'Elan yarat' asks lost or found", async () => {
    const page = await signedIn(member.username, member.password);
    // The home page has drawn (the static shell gives way to the app then, and a menu opened
    // before it would be drawn anew, closed).
    await page.getByRole('heading', { name: 'Son elanlar' }).waitFor();
    const create = page.getByRole('banner').getByRole('button', { name: 'Elan yarat' });
    await create.click();
    const choices = page.getByRole('list', { name: 'Hansı elanı yaradırsınız?' });
    expect(await choices.getByRole('link', { name: 'Əşyamı itirdim' }).getAttribute('href')).toBe(
      '/create?type=lost',
    );
    await choices.getByRole('link', { name: 'Əşya tapdım' }).click();
    await page.waitForURL(`${platform.url}/create?type=found`);
    await page.getByRole('heading', { name: 'Tapılmış əşya elanı' }).waitFor();
    await choices.waitFor({ state: 'detached' });

    // On a phone the choice sits in the menu.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Menyu' }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Elan yarat' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Əşyamı itirdim' }).click();
    await page.waitForURL(`${platform.url}/create?type=lost`);
    await page.getByRole('heading', { name: 'İtirilmiş əşya elanı' }).waitFor();
    await page.context().close();
  });

  it('/create-announcement (the rewards empty state links it) opens the create page for a lost item', async () => {
    const page = await signedIn(member.username, member.password);
    await page.goto(`${platform.url}/create-announcement`);
    await page.waitForURL(`${platform.url}/create?type=lost`);
    await page.getByRole('heading', { name: 'İtirilmiş əşya elanı' }).waitFor();

    // And 'Ləğv et' on a filled form asks first.
    await page.getByLabel('Başlıq').fill('Qara pulqabı itirilib');
    await page.getByRole('link', { name: 'Ləğv et' }).click();
    const ask = page.getByRole('dialog', { name: 'Elan ləğv edilsin?' });
    await ask.getByRole('button', { name: 'Formaya qayıt' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Başlıq').inputValue()).toBe('Qara pulqabı itirilib');
    await page.getByRole('link', { name: 'Ləğv et' }).click();
    await ask.getByRole('button', { name: 'Bəli, ləğv et' }).click();
    await page.waitForURL(`${platform.url}/`);
    await page.context().close();
  });

  it('each role sees links to its own dashboards', async () => {
    const user = await signedIn(member.username, member.password);
    await mainNav(user).getByRole('link', { name: 'Mükafatlar' }).waitFor();
    for (const name of ['Super admin', 'Analitika', 'Təşkilat paneli'])
      expect(await mainNav(user).getByRole('link', { name }).count()).toBe(0);
    await user.context().close();

    const superAdmin = await signedIn(SUPER_ADMIN.username, SUPER_ADMIN.password);
    expect(await mainNav(superAdmin).getByRole('link', { name: 'Təşkilat paneli' }).count()).toBe(0);
    expect(await mainNav(superAdmin).getByRole('link', { name: 'Analitika' }).getAttribute('href')).toBe(
      '/admin',
    );
    await superAdmin.goto(`${platform.url}/`);
    await mainNav(superAdmin).getByRole('link', { name: 'Super admin' }).click();
    await superAdmin.waitForURL(`${platform.url}/super-admin`);
    await superAdmin.getByRole('heading', { name: 'Super admin paneli' }).waitFor();
    await superAdmin.context().close();

    // An organisation's admin: applied, approved, invited by e-mail, account made from the link.
    const organization = await approvedOrganization(
      await signInSuperAdmin(platform.url),
      (await registerUser(platform.url, 'muraciet')).client,
      'gezinti',
    );
    const admin = await organizationAdmin(
      platform,
      await signInSuperAdmin(platform.url),
      organization.organization.id,
      'gezrehber',
    );
    const orgAdmin = await signedIn(admin.username, 'Parol-12345');
    for (const name of ['Super admin', 'Analitika'])
      expect(await mainNav(orgAdmin).getByRole('link', { name }).count()).toBe(0);
    await mainNav(orgAdmin).getByRole('link', { name: 'Təşkilat paneli' }).click();
    await orgAdmin.waitForURL(`${platform.url}/org-admin`);
    await orgAdmin.getByRole('heading', { name: organization.organization.name }).waitFor();
    await orgAdmin.context().close();
  });

  it('/apply-organization is linked from the footer and the home services section', async () => {
    const page = await newPage();
    await page.goto(`${platform.url}/`);
    const services = page.getByRole('region', { name: 'Açıq xidmətlər' });
    await services.getByRole('link', { name: 'Təşkilat kimi qoşulun' }).click();
    await page.waitForURL(`${platform.url}/apply-organization`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Təşkilat kimi qoşulun' }).waitFor();
    await page.context().close();
  });

  it('help centre: an article opens as a page of its own, and the search box filters them', async () => {
    const page = await newPage();
    await page.goto(`${platform.url}/help-center`);
    await page.getByRole('link', { name: 'Təhlükəsiz görüş' }).click();
    await page.waitForURL(`${platform.url}/help-center/tehlukesiz-gorus`);
    await page.getByRole('heading', { name: 'Təhlükəsiz görüş', level: 1 }).waitFor();
    const article = page.getByRole('article', { name: 'Təhlükəsiz görüş' });
    await article.getByText(/6 rəqəmli təhvil kodunu/).waitFor();

    // Opened by its address too (a shared link), and back to the centre.
    await page.goto(`${platform.url}/help-center/mukafat-teklif-etmek`);
    await page
      .getByRole('article', { name: 'Mükafat təklif etmək' })
      .getByText('Mükafatı heç vaxt əşyanı almazdan əvvəl ödəməyin — nə qabaqcadan, nə «çatdırılma» üçün.')
      .waitFor();
    await page.getByRole('link', { name: /Yardım mərkəzinə qayıt/ }).click();
    await page.waitForURL(`${platform.url}/help-center`);

    const search = page.getByRole('searchbox', { name: 'Yardım mövzularında axtar' });
    await search.fill('şifrə');
    const results = page.getByRole('region', { name: 'Axtarış nəticələri' });
    await results.getByRole('link', { name: 'Hesaba daxil olmaq' }).waitFor();
    expect(await results.getByRole('link', { name: 'Kateqoriya filtri' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Başlanğıc' }).count()).toBe(0);
    await search.fill('kosmos gəmisi');
    await results.getByText('Heç bir məqalə tapılmadı').waitFor();
    await search.fill('');
    await page.getByRole('heading', { name: 'Başlanğıc' }).waitFor();
    await page.context().close();
  });

  it('the 404 page keeps its English text and links home in Azerbaijani', async () => {
    const page = await newPage();
    await page.goto(`${platform.url}/no-such-page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await page
      .getByText('Axtardığınız səhifə tapılmadı. Ünvanı yoxlayın və ya ana səhifəyə qayıdın.')
      .waitFor();
    await page.getByRole('link', { name: 'Ana səhifəyə qayıt' }).click();
    await page.waitForURL(`${platform.url}/`);
    await page.getByRole('heading', { name: 'Son elanlar' }).waitFor();
    await page.context().close();
  });

  it("on a phone a toast never covers the details dialog's contact, which calls with one tap", async () => {
    const title = `Mavi bel çantası ${Date.now().toString(36)}`;
    const posted = await member.client.post('/api/announcements', {
      type: 'found',
      title,
      description: 'Mavi rəngli bel çantası, içində dəftərlər və qələm qabı var.',
      category: 'bags',
      location: 'Gənclik metrosu, Bakı',
      contactInfo: '+994 50 123 45 67',
    });
    expect(posted.status).toBe(201);
    const finder = await registerUser(platform.url, 'telefon');

    // A visitor on a phone: the card asks to log in, the login toasts, the card opens its details.
    const page = await newPage(375, 667);
    await page.goto(`${platform.url}/`);
    const card = page.getByTestId('announcement-card').filter({ hasText: title });
    await card.click();
    const login = page.getByRole('dialog');
    await login.getByLabel('E-poçt və ya istifadəçi adı').fill(finder.username);
    await login.getByLabel('Şifrə').fill(finder.password);
    await login.getByRole('button', { name: 'Daxil ol' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Uğurla daxil oldunuz').waitFor();
    await card.click();
    const dialog = page.getByRole('dialog', { name: title });
    const contact = dialog.getByRole('link', { name: '+994 50 123 45 67' });
    expect(await contact.getAttribute('href')).toBe('tel:+994501234567');
    expect(await toast.isVisible()).toBe(true);

    // Scrolled to the dialog's very bottom, where the toast sits, the contact is still clear of it.
    await contact.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    const [contactBox, toastBox] = [await contact.boundingBox(), await toast.boundingBox()];
    expect(contactBox && toastBox).toBeTruthy();
    expect(contactBox!.y + contactBox!.height).toBeLessThanOrEqual(toastBox!.y);
    // Whatever the dialog holds: its scrolling area ends where the toast begins.
    const scrollAreaBottom = await dialog.evaluate((el) => {
      const area = el.parentElement!;
      return area.getBoundingClientRect().bottom - parseFloat(getComputedStyle(area).borderBottomWidth);
    });
    expect(scrollAreaBottom).toBeLessThanOrEqual(toastBox!.y);
    // And a tap reaches the link, not the toast.
    const centre = { x: contactBox!.x + contactBox!.width / 2, y: contactBox!.y + contactBox!.height / 2 };
    expect(
      await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.getAttribute('href'),
        centre,
      ),
    ).toBe('tel:+994501234567');
    await page.context().close();
  });

  it('Back closes an open dialog and leaves the page underneath as it was (home, rewards, profile)', async () => {
    const title = `Qəhvəyi çanta ${Date.now().toString(36)}`;
    const posted = await member.client.post('/api/announcements', {
      type: 'lost',
      title,
      description: 'Qəhvəyi dəri çanta, içində açarlar və eynək qabı var idi.',
      category: 'bags',
      location: 'Nizami küçəsi, Bakı',
      contactInfo: '+994 50 765 43 21',
      rewardAmount: 40,
    });
    expect(posted.status).toBe(201);
    const visitor = await registerUser(platform.url, 'geri');
    const page = await signedIn(visitor.username, visitor.password);
    const back = async (dialog: ReturnType<Page['getByRole']>) => {
      await page.evaluate(() => window.history.back());
      await dialog.waitFor({ state: 'detached' });
    };

    // Home, filtered: Back closes the details, the filter and the list stay.
    await page.goto(`${platform.url}/?category=bags`);
    await page.getByTestId('announcement-card').filter({ hasText: title }).click();
    const details = page.getByRole('dialog', { name: title });
    await details.waitFor();
    await back(details);
    expect(new URL(page.url()).search).toBe('?category=bags');
    await page.getByTestId('announcement-card').filter({ hasText: title }).waitFor();
    // Closing it with its button leaves no entry behind: Back then leaves the page as usual.
    await page.getByTestId('announcement-card').filter({ hasText: title }).click();
    await details.getByRole('button', { name: 'Bağla' }).first().click();
    await details.waitFor({ state: 'detached' });
    await page.goto(`${platform.url}/rewards`);
    await page.goBack();
    await page.waitForURL(`${platform.url}/?category=bags`);

    // Rewards.
    await page.goto(`${platform.url}/rewards`);
    await page.getByTestId('announcement-card').filter({ hasText: title }).click();
    await details.waitFor();
    await back(details);
    expect(page.url()).toBe(`${platform.url}/rewards`);
    await page.getByRole('heading', { name: 'Mükafatlı elanlar' }).waitFor();

    // Profile: the author's own close dialog.
    const author = await signedIn(member.username, member.password);
    await author.goto(`${platform.url}/profile?tab=announcements`);
    await author
      .getByRole('group', { name: `${title}: idarəetmə` })
      .getByRole('button', { name: 'Bağla' })
      .click();
    const closing = author.getByRole('dialog');
    await closing.waitFor();
    await author.evaluate(() => window.history.back());
    await closing.waitFor({ state: 'detached' });
    expect(author.url()).toBe(`${platform.url}/profile?tab=announcements`);
    await author.getByRole('group', { name: `${title}: idarəetmə` }).waitFor();
    await author.context().close();
    await page.context().close();
  });

  it('raised no script errors', () => {
    expect(problems).toEqual([]);
  });
});
