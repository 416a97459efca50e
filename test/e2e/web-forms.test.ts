/**
 * The review's major form defects, in Debian's Chromium against the embedded platform (built web
 * app): a cleared search box no longer filters (box and URL agree, every filter shows with its ✕),
 * a double-clicked 'Qeydiyyatdan keç' registers once and reports success, the create form's draft
 * (photo included) is offered back after a reload, and the schema messages and the /auth tab title
 * follow the chosen language.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { makePng } from './support/png';
import { addSessionCookies, field, launchChromium, toast } from './support/browser';
import { registerUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { startPlatform, type Platform } from '../support/platform';

jest.setTimeout(240_000);

const tag = Date.now().toString(36);
const bagTitle = `Qəhvəyi çanta itirilib ${tag}`;
const keysTitle = `Maşın açarları tapılıb ${tag}`;

let platform: Platform;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const searchBox = (p: Page) => p.getByRole('searchbox');
const query = (p: Page) => new URL(p.url()).searchParams;

beforeAll(async () => {
  platform = await startPlatform('embedded');
  const author = await registerUser(platform.url, 'axtar');
  for (const body of [
    {
      type: 'lost',
      title: bagTitle,
      description: 'Sahil bağında qəhvəyi dəri çantamı itirmişəm, içində kitab var idi.',
      category: 'bags',
      location: 'Sahil bağı, Bakı',
    },
    {
      type: 'found',
      title: keysTitle,
      description: 'Gənclik metrosunun yanında üç açarlı maşın açarı tapdım.',
      category: 'keys',
      location: 'Gənclik metrosu, Bakı',
    },
  ]) {
    const created = await author.client.post('/api/announcements', body);
    if (created.status !== 201) throw new Error(`announcement: ${created.status} ${created.text}`);
  }
  browser = await launchChromium();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('the home search', () => {
  it('clearing the box removes q; every filter shows with a way to remove it', async () => {
    await page.goto(`${platform.url}/`);
    await searchBox(page).fill('çanta');
    await searchBox(page).press('Enter');
    await page.waitForURL(/[?&]q=/);
    expect(query(page).get('q')).toBe('çanta');
    const filters = page.getByTestId('active-filters');
    await filters.getByRole('button', { name: /Axtarış: çanta/ }).waitFor();

    await searchBox(page).fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await page.getByRole('combobox', { name: 'Kateqoriya' }).selectOption('keys');
    await page.waitForURL(/category=keys/);
    expect(query(page).has('q')).toBe(false);
    expect(await searchBox(page).inputValue()).toBe('');
    await page.getByTestId('announcement-card').filter({ hasText: keysTitle }).waitFor();
    expect(await page.getByTestId('result-count').textContent()).not.toBe('0 elan tapıldı');

    // The category is visible as a filter and removable from there.
    await filters.getByRole('button', { name: /Kateqoriya: Açarlar/ }).click();
    await page.waitForURL((url) => !url.searchParams.has('category'));
    // The page renders the new address a moment after it changes.
    await filters.waitFor({ state: 'detached' });
    await eventually(
      async () => expect(await page.getByRole('combobox', { name: 'Kateqoriya' }).inputValue()).toBe('all'),
      { timeoutMs: 10_000, intervalMs: 100 },
    );

    // A search typed but not submitted travels with the next filter: what the box says is what filters.
    await searchBox(page).fill('açar');
    await page.getByRole('combobox', { name: 'Kateqoriya' }).selectOption('keys');
    await page.waitForURL(/category=keys/);
    expect(query(page).get('q')).toBe('açar');
  });
});

describe('every form submits once', () => {
  it('a double-clicked "Qeydiyyatdan keç" sends one request and shows success', async () => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/register$/.test(request.url())) posts.push(request.url());
    });
    await page.goto(`${platform.url}/auth?tab=register`);
    const form = page.getByRole('form', { name: 'Qeydiyyat' });
    const username = `iki${tag}`.slice(0, 20);
    await field(form, 'username').fill(username);
    await field(form, 'email').fill(`${username}@example.az`);
    await field(form, 'password').fill('Gunesli-Sahil-42');
    await field(form, 'confirmPassword').fill('Gunesli-Sahil-42');
    await form.getByRole('button', { name: 'Qeydiyyatdan keç' }).dblclick();
    await page.waitForURL((url) => url.pathname !== '/auth');
    await toast(page).filter({ hasText: 'Qeydiyyat tamamlandı' }).waitFor();
    // A second POST would have left with the second click and been refused (409) by now.
    await page.waitForLoadState('networkidle');
    expect(posts).toHaveLength(1);
    await expect(toast(page).allTextContents()).resolves.not.toContainEqual(
      expect.stringContaining('Qeydiyyat uğursuz oldu'),
    );
  });
});

describe('the create form keeps a draft', () => {
  it('a reload offers the unsent form back: restored with its photo, it posts as filled', async () => {
    const writer = await registerUser(platform.url, 'qaralama');
    await addSessionCookies(context, platform.url, writer.client.cookieHeader);
    const title = `Göy çətir itirilib ${tag}`;
    await page.goto(`${platform.url}/create?type=lost`);
    await page.getByRole('heading', { name: 'İtirilmiş əşya elanı' }).waitFor();
    await page.getByLabel('Kateqoriya').selectOption('other');
    await page.getByLabel('Başlıq').fill(title);
    await page.getByLabel('Təsvir').fill('Nərimanov metrosunda göy rəngli qatlanan çətirimi unutmuşam.');
    await field(page, 'location').fill('Nərimanov metrosu, Bakı');
    await page
      .getByLabel(/Şəkil seçin/)
      .setInputFiles({ name: 'cetir.png', mimeType: 'image/png', buffer: makePng() });
    await toast(page).getByText('Şəkil yükləndi').waitFor();

    await page.reload();
    const offer = page.getByTestId('draft-offer');
    await offer.getByText('Yarımçıq qalmış elanınız var').waitFor();
    expect(await page.getByLabel('Başlıq').inputValue()).toBe('');
    await offer.getByRole('button', { name: 'Bərpa et' }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Kateqoriya').inputValue()).toBe('other');
    expect(await page.getByLabel('Başlıq').inputValue()).toBe(title);
    expect(await field(page, 'location').inputValue()).toBe('Nərimanov metrosu, Bakı');
    // The photo comes back by its reference, shown from the server.
    const photo = page.getByRole('img', { name: 'Şəkil 1/1' });
    await photo.waitFor();
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).naturalWidth > 0,
      await photo.elementHandle(),
    );

    await page.getByRole('button', { name: 'Elanı yerləşdir' }).click();
    await toast(page).getByText('Elan yaradıldı').waitFor();
    const mine = await writer.client.get('/api/announcements/my');
    const posted = (mine.body as Array<{ title: string; imageUrls: string[] }>).find(
      (a) => a.title === title,
    );
    expect(posted?.imageUrls).toHaveLength(1);
    // Posted: the next create form starts empty, with no draft offered.
    await page.goto(`${platform.url}/create?type=lost`);
    await page.getByRole('heading', { name: 'İtirilmiş əşya elanı' }).waitFor();
    expect(await page.getByTestId('draft-offer').count()).toBe(0);
  });
});

describe('form errors in the chosen language', () => {
  for (const [language, expected] of [
    [
      'en',
      {
        title: 'Register — Tapıntı',
        username: 'The username must be at least 3 characters',
        email: 'Enter a valid email address',
        mismatch: 'The passwords do not match',
      },
    ],
    [
      'ru',
      {
        title: 'Регистрация — Tapıntı',
        username: 'Имя пользователя должно содержать не менее 3 символов',
        email: 'Введите корректный адрес электронной почты',
        mismatch: 'Пароли не совпадают',
      },
    ],
  ] as const) {
    it(`${language}: the register form's schema messages and the tab title`, async () => {
      await page.addInitScript((l) => localStorage.setItem('tapinti.language', l), language);
      await page.goto(`${platform.url}/auth?tab=register`);
      await page.waitForFunction((l) => document.documentElement.lang === l, language);
      const form = page.locator('form').filter({ has: page.locator('input[name="confirmPassword"]') });
      await form.locator('input[name="username"]').fill('ab');
      await form.locator('input[name="email"]').fill('not-an-address');
      await form.locator('input[name="password"]').fill('Gunesli-Sahil-42');
      await form.locator('input[name="confirmPassword"]').fill('Gunesli-Sahil-43');
      await form.locator('button[type="submit"]').click();
      const alerts = form.getByRole('alert');
      await alerts.first().waitFor();
      const shown = await alerts.allTextContents();
      expect(shown).toEqual(expect.arrayContaining([expected.username, expected.email, expected.mismatch]));
      expect(shown.join(' ')).not.toMatch(/[əğıİ]/);
      await page.waitForFunction((t) => document.title === t, expected.title);
    });
  }
});
