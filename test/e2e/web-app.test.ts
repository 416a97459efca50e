/**
 * The web app end to end: Debian's Chromium (playwright-core) against the embedded platform,
 * which serves the built app (`npm run build -w web` first) with the gateway's CSP.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, toast } from './support/browser';
import { ROOT, startPlatform, SUPER_ADMIN, type Platform } from '../support/platform';
import { makePng } from './support/png';

jest.setTimeout(240_000);

const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots');

const run = Date.now().toString(36);
const account = {
  username: `aysel_${run}`,
  email: `aysel_${run}@example.az`,
  phone: `+99450${String(Date.now()).slice(-7)}`,
  password: 'Parol-12345',
};
const lost = {
  title: `Qara dəri pulqabı ${run}`,
  description: 'İçində şəxsiyyət vəsiqəsi, sürücülük vəsiqəsi və iki bank kartı var idi.',
  location: '28 May metrosu, Bakı',
  reward: '75',
  rewardDescription: 'Qaytarana nağd pul',
};

let platform: Platform;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Console errors other than expected 401s, CSP violations and uncaught page errors. */
const problems: string[] = [];

function watch(p: Page) {
  p.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  p.on('console', (message) => {
    const text = message.text();
    if (message.type() !== 'error') return;
    // A visitor's GET /api/user answers 401 and the browser logs every 4xx resource.
    if (/status of 401/.test(text)) return;
    problems.push(`console: ${text}`);
  });
}

/** The one toast on screen (spec §8: one at a time). */

async function screenshot(name: string, width: number, url: string, prepare?: (p: Page) => Promise<void>) {
  const ctx = await browser.newContext({
    viewport: { width, height: 900 },
    storageState: await context.storageState(),
  });
  const p = await ctx.newPage();
  watch(p);
  await p.goto(`${platform.url}${url}`);
  await prepare?.(p);
  await p.waitForLoadState('networkidle');
  // A full-page shot shows what is below the fold too: load lazy images there first.
  await p.evaluate(
    `Promise.all(Array.from(document.images, (img) => { img.loading = 'eager'; return img.decode().catch(() => {}); }))`,
  );
  // Nothing wider than the screen (a horizontal scrollbar means something is cut off).
  const overflow = await p.evaluate('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
  await p.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  await ctx.close();
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(ROOT, 'web', 'dist', 'index.html')))
    throw new Error('web/dist is missing: run `npm run build -w web` before the e2e tests');
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  platform = await startPlatform('embedded');
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  watch(page);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('web app (embedded platform, Chromium)', () => {
  it('registers a user through /auth', async () => {
    await page.goto(`${platform.url}/auth`);
    await page.getByRole('tab', { name: 'Qeydiyyat' }).click();
    await page.getByLabel('İstifadəçi adı').fill(account.username);
    await page.getByLabel('E-poçt').fill(account.email);
    await page.getByLabel('Telefon (istəyə bağlı)').fill(account.phone);
    await page.getByLabel('Şifrə', { exact: false }).first().fill(account.password);
    await page.getByLabel('Şifrəni təsdiqləyin').fill(account.password);
    await page.getByRole('button', { name: 'Qeydiyyatdan keç' }).click();
    await toast(page).getByText('Qeydiyyat tamamlandı').waitFor();
    await toast(page).getByText(`Xoş gəlmisiniz, ${account.username}!`).waitFor();
    await page.waitForURL(`${platform.url}/`);
    await page.getByText(`Salam,`).first().waitFor();
  });

  it('creates a lost announcement with a photo and a reward', async () => {
    await page.getByRole('link', { name: 'Əşyamı itirdim' }).click();
    await page.waitForURL(/\/create\?type=lost$/);
    await page.getByRole('heading', { name: 'İtirilmiş əşya elanı' }).waitFor();
    // Contact info defaults to the user's phone.
    expect(await page.getByLabel('Əlaqə məlumatı').inputValue()).toBe(account.phone);

    await page.getByLabel('Kateqoriya').selectOption('bags');
    await page.getByLabel('Başlıq').fill(lost.title);
    await page.getByLabel('Təsvir').fill(lost.description);
    await page.getByLabel('Yer').fill(lost.location);
    await page
      .getByLabel(/Şəkil seçin/)
      .setInputFiles({ name: 'pulqabi.png', mimeType: 'image/png', buffer: makePng() });
    await toast(page).getByText('Şəkil yükləndi').waitFor();
    await page.getByRole('img', { name: 'Seçilmiş şəkil: pulqabi.png' }).waitFor();
    await page.getByLabel('Mükafat məbləği (AZN)').fill(lost.reward);
    await page.getByLabel('Mükafat haqqında').fill(lost.rewardDescription);
    await page.getByRole('button', { name: 'Elanı yerləşdir' }).click();

    await toast(page).getByText('Elan yaradıldı').waitFor();
    await toast(page).getByText('Elanınız uğurla yaradıldı və aktivdir.').waitFor();
    await page.waitForURL(`${platform.url}/`);
  });

  it('shows it on the home page, photo included', async () => {
    const card = page.getByTestId('announcement-card').filter({ hasText: lost.title });
    await card.waitFor();
    await card.getByText('Mükafat təklifi: 75 AZN').waitFor();
    await card.getByText(lost.rewardDescription).waitFor();
    await card.getByRole('button', { name: 'Ətraflı bax' }).waitFor();
    const photo = card.getByRole('img', { name: lost.title });
    // Cards show the photo's 480×300 thumbnail (made from the 64 px test image when it was posted).
    expect(await photo.getAttribute('src')).toMatch(/^\/objects\/[A-Za-z0-9-]+\/thumbnail$/);
    await photo.scrollIntoViewIfNeeded();
    // The thumbnail really loads (same origin, allowed by the CSP) and decodes at the card's size.
    type Img = { decode(): Promise<void>; naturalWidth: number };
    await photo.evaluate((img) => (img as unknown as Img).decode());
    expect(await photo.evaluate((img) => (img as unknown as Img).naturalWidth)).toBe(480);

    // Details (signed in): contact info from GET /api/announcements/:id.
    await card.click();
    const dialog = page.getByRole('dialog', { name: lost.title });
    await dialog.getByText(account.phone).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('/rewards counts it with the right totals', async () => {
    // Two more through the API (same session), so totals and filters have something to chew on.
    const post = (body: Record<string, unknown>) =>
      page.evaluate(
        async (b) =>
          (
            await fetch('/api/announcements', {
              method: 'POST',
              credentials: 'include',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(b),
            })
          ).status,
        body,
      );
    expect(
      await post({
        type: 'lost',
        title: `Ağ iPhone 13 ${run}`,
        description: 'Ağ rəngli iPhone 13, şəffaf örtükdə, arxasında stiker var.',
        category: 'phones',
        location: 'Gənclik Mall',
        rewardAmount: 120,
      }),
    ).toBe(201);
    expect(
      await post({
        type: 'found',
        title: `Açar dəsti tapıldı ${run}`,
        description: 'Üç açardan ibarət dəst, mavi brelokla, parkda tapıldı.',
        category: 'keys',
        location: 'Dənizkənarı bulvar',
      }),
    ).toBe(201);

    // Queries never go stale on their own (spec §9): a reload picks up what the API added.
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Əsas naviqasiya' })
      .getByRole('link', { name: 'Mükafatlar' })
      .click();
    await page.getByRole('heading', { name: 'Mükafatlı elanlar' }).waitFor();
    await page.getByTestId('reward-count').getByText('2', { exact: true }).waitFor();
    expect(await page.getByTestId('reward-total').textContent()).toBe('195 AZN');
    expect(await page.getByTestId('reward-average').textContent()).toBe('98 AZN');
    // The figures come first, the cards a moment later.
    await page.getByTestId('announcement-card').nth(1).waitFor();
    const titles = await page.getByTestId('announcement-card').getByRole('heading').allTextContents();
    expect(titles).toEqual([`Ağ iPhone 13 ${run}`, lost.title]);
  });

  it('search and category filters narrow the home list', async () => {
    await page.goto(`${platform.url}/`);
    const cards = page.getByTestId('announcement-card');
    await page.getByText('3 elan tapıldı').waitFor();
    await page.getByRole('searchbox', { name: 'Axtarış' }).fill('pulqabı');
    await page.getByRole('searchbox', { name: 'Axtarış' }).press('Enter');
    await page.getByText('1 elan tapıldı').waitFor();
    expect(await cards.getByRole('heading').allTextContents()).toEqual([lost.title]);

    await page.getByRole('searchbox', { name: 'Axtarış' }).fill('');
    await page.getByRole('button', { name: 'Axtar', exact: true }).click();
    await page.getByText('3 elan tapıldı').waitFor();
    await page.getByRole('combobox', { name: 'Kateqoriya' }).selectOption('keys');
    await page.getByText('1 elan tapıldı').waitFor();
    expect(await cards.getByRole('heading').allTextContents()).toEqual([`Açar dəsti tapıldı ${run}`]);

    // Cleared once the URL has no filters left: a switch clicked before that is reset with them.
    await page.getByRole('button', { name: 'Bütün elanları göstər' }).click();
    await page.waitForURL(`${platform.url}/`);
    await page.getByText('3 elan tapıldı').waitFor();
    const rewardsOnly = page.getByRole('switch', { name: 'Yalnız mükafatlı elanlar' });
    await rewardsOnly.click();
    await page.getByText('2 elan tapıldı').waitFor();
    await page.getByLabel('2 mükafatlı elan').waitFor();
    expect(await rewardsOnly.isChecked()).toBe(true);
  });

  it('filter by a metro station: typed without Azerbaijani letters, chosen from the suggestions, kept in the URL', async () => {
    await page.goto(`${platform.url}/`);
    const cards = page.getByTestId('announcement-card');
    await page.getByText('3 elan tapıldı').waitFor();
    // Each card shows the place its location names as a chip.
    await cards
      .filter({ hasText: lost.title })
      .getByTestId('place-chip')
      .getByText('28 May metrosu')
      .waitFor();
    await page.getByRole('combobox', { name: 'Məkan' }).fill('28 may');
    await page
      .getByRole('listbox', { name: 'Məkanlar' })
      .getByRole('button', { name: '28 May metrosu' })
      .click();
    await page.getByText('1 elan tapıldı').waitFor();
    expect(await cards.getByRole('heading').allTextContents()).toEqual([lost.title]);
    await page.getByRole('button', { name: 'Filtri sil: Məkan: 28 May metrosu' }).waitFor();
    expect(new URL(page.url()).searchParams.get('place')).toBe('m-28-may');

    // The filter opens from its link, named, with the date filter beside it.
    await page.goto(`${platform.url}/?place=m-28-may&posted=24h`);
    await page.getByText('1 elan tapıldı').waitFor();
    await page.getByRole('button', { name: 'Filtri sil: Məkan: 28 May metrosu' }).waitFor();
    await page.getByRole('button', { name: 'Filtri sil: Son 24 saat' }).click();
    await page.getByRole('button', { name: 'Filtri sil: Məkan: 28 May metrosu' }).click();
    await page.getByText('3 elan tapıldı').waitFor();
  });

  it('the map (/xerite) from the home link on a 320 px phone, tiles blocked: a marker opens its card, the list stays', async () => {
    const ctx = await browser.newContext({
      viewport: { width: 320, height: 720 },
      isMobile: true,
      hasTouch: true,
    });
    // No tile server in the test: every tile request fails, as it does offline.
    await ctx.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    const p = await ctx.newPage();
    const errors: string[] = [];
    p.on('pageerror', (error) => errors.push(error.message));
    await p.goto(`${platform.url}/?place=m-28-may`);
    await p.getByText('1 elan tapıldı').waitFor();
    await p.getByRole('link', { name: 'Xəritə' }).click();
    await p.waitForURL(`${platform.url}/xerite?place=m-28-may`);
    await p.getByRole('heading', { name: 'Elanların xəritəsi' }).waitFor();
    // The tiles failed: said so, and the places are listed under the map.
    await p.getByText('Xəritənin təsviri yüklənmədi: yerlər və elanlar aşağıdakı siyahıdadır.').waitFor();
    await p.getByTestId('map-places').getByText('28 May metrosu — 1 elan').waitFor();
    // Leaflet's own CSS came with the page (its panes are positioned by it).
    expect(await p.locator('.leaflet-map-pane').evaluate((e) => getComputedStyle(e).position)).toBe(
      'absolute',
    );

    await p.getByRole('button', { name: '28 May metrosu: 1 elan' }).click();
    const chosen = p.getByTestId('map-chosen');
    await chosen.getByRole('heading', { name: '28 May metrosu' }).waitFor();
    await chosen.getByRole('link', { name: lost.title }).click();
    await p.waitForURL(/\/elan\/[0-9a-f-]{36}$/);
    await p.getByRole('heading', { name: lost.title }).waitFor();

    // A pickup point is a marker of its own.
    await p.goBack();
    await p.getByRole('button', { name: 'Təhvil məntəqəsi: 28 Mall' }).click();
    await p.getByTestId('map-chosen').getByText('Birinci mərtəbədə, məlumat masasının yanında.').waitFor();
    expect(await p.evaluate('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(
      0,
    );
    await p.screenshot({ path: path.join(SCREENSHOTS, 'map-320.png'), fullPage: true });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('home, create and rewards at 375 and 1280 px show what they should, inside the screen (and are saved as screenshots)', async () => {
    /** Every box of the locator lies within the viewport's width (nothing cut off at the right). */
    const insideWidth = async (p: Page, locator: ReturnType<Page['locator']>, width: number) => {
      for (const box of await locator.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right, width: r.width };
        }),
      )) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(width);
      }
    };
    for (const width of [375, 1280]) {
      await screenshot('home', width, '/', async (p) => {
        await p.getByText('3 elan tapıldı').waitFor();
        const cards = p.getByTestId('announcement-card');
        // The count can come before the cards (at 1280 px they were not drawn yet): wait for the third.
        await cards.nth(2).waitFor();
        expect(await cards.count()).toBe(3);
        expect(await cards.getByRole('heading').allTextContents()).toEqual(
          expect.arrayContaining([lost.title, `Açar dəsti tapıldı ${run}`]),
        );
        await p.getByRole('searchbox', { name: 'Axtarış' }).waitFor();
        await insideWidth(p, cards, width);
        // One column on a phone, several side by side on a desktop.
        const lefts = await cards.evaluateAll((els) =>
          els.map((el) => Math.round(el.getBoundingClientRect().left)),
        );
        if (width === 375) expect(new Set(lefts).size).toBe(1);
        else expect(new Set(lefts).size).toBeGreaterThan(1);
      });
      await screenshot('create', width, '/create?type=lost', async (p) => {
        await p.getByRole('heading', { name: 'İtirilmiş əşya elanı' }).waitFor();
        for (const label of ['Başlıq', 'Yer']) await p.getByLabel(label, { exact: false }).first().waitFor();
        await insideWidth(p, p.getByRole('textbox'), width);
        await p.getByRole('button', { name: 'Elanı yerləşdir' }).waitFor();
      });
      await screenshot('rewards', width, '/rewards', async (p) => {
        const cards = p.getByTestId('announcement-card');
        await cards.first().waitFor();
        // Only announcements with a reward: two of the three.
        expect(await cards.count()).toBe(2);
        await insideWidth(p, cards, width);
      });
    }
  });

  it('logs out; a visitor clicking a card gets the login modal', async () => {
    await page.getByRole('button', { name: 'Çıxış' }).click();
    await toast(page).getByText('Çıxış edildi').waitFor();
    await toast(page).getByText('Təhlükəsiz şəkildə çıxış etdiniz').waitFor();
    await page.getByRole('link', { name: 'Daxil ol' }).first().waitFor();

    const card = page.getByTestId('announcement-card').filter({ hasText: lost.title });
    await card.getByRole('button', { name: 'Ətraflı bax (Giriş tələb olunur)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Daxil ol' });
    await dialog.waitFor();
    // Signing in from the modal closes it.
    await dialog.getByLabel('E-poçt və ya istifadəçi adı').fill(account.username);
    await dialog.getByLabel('Şifrə').fill(account.password);
    await dialog.getByRole('button', { name: 'Daxil ol' }).click();
    await toast(page).getByText('Uğurla daxil oldunuz').waitFor();
    await dialog.waitFor({ state: 'detached' });
  });

  it("a 'user' on /super-admin sees 'Giriş icazəniz yoxdur'", async () => {
    await page.goto(`${platform.url}/super-admin`);
    await page.getByRole('heading', { name: 'Giriş icazəniz yoxdur' }).waitFor();
    await page.getByText('Bu səhifəyə giriş üçün icazəniz yoxdur.').waitFor();
  });

  it('the super admin lands on /super-admin one second after logging in', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    watch(p);
    await p.goto(`${platform.url}/auth`);
    await p.getByLabel('E-poçt və ya istifadəçi adı').fill(SUPER_ADMIN.username);
    await p.getByLabel('Şifrə').fill(SUPER_ADMIN.password);
    await p.getByRole('button', { name: 'Daxil ol' }).last().click();
    await p.waitForURL(`${platform.url}/super-admin`);
    await p.getByRole('heading', { name: 'Super admin paneli' }).waitFor();
    await ctx.close();
  });

  it('an unknown path shows the 404 page', async () => {
    await page.goto(`${platform.url}/no-such-page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
  });

  it('raised no script errors and no CSP violations', () => {
    expect(problems).toEqual([]);
  });
});
