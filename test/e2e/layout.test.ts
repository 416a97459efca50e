/**
 * Layout on phones and the first load (issue 16, points 1 and 6), in Debian's Chromium against the
 * embedded platform serving the built app (`npm run build -w web` first): no sideways scrolling at
 * 320 px on any route, the header's controls whole, nothing jumping while a page loads, the sticky
 * header never over the focused element, and the files a browser asks for by name being real.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addSessionCookies, launchChromium } from './support/browser';
import { HttpClient } from '../support/http-client';
import { registerUser, signInSuperAdmin } from '../support/accounts';
import { postAnnouncement } from '../support/requests';
import { startPlatform, type Platform } from '../support/platform';

jest.setTimeout(300_000);

const PUBLIC_ROUTES = [
  '/',
  '/auth',
  '/rewards',
  '/apply-organization',
  '/accept-invitation?token=abc',
  '/pickup-points',
  '/thank-you-wall',
  '/support',
  '/about',
  '/terms',
  '/privacy',
  '/help-center',
  '/complaints',
  '/no-such-page',
];
const USER_ROUTES = [
  '/create?type=lost',
  '/profile',
  '/profile?tab=announcements',
  '/profile?tab=requests',
  '/profile?tab=incoming',
];
const SUPER_ADMIN_ROUTES = ['/super-admin', '/admin'];

let platform: Platform;
let browser: Browser;
/** Session cookies of a signed-in user and of the super admin, for their pages. */
let userCookie: string;
let adminCookie: string;
/** An announcement's own page (`/elan/:id`). */
let announcementPage: string;

async function contextFor(width: number, cookie?: string, height = 800): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height }, isMobile: width < 768 });
  if (cookie) await addSessionCookies(context, platform.url, cookie);
  return context;
}

/** A slower network for this page (Chromium's emulation): round-trip latency and throughput in kbit/s. */
async function emulateNetwork(page: Page, n: { latencyMs: number; downKbit: number; upKbit: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: n.latencyMs,
    downloadThroughput: (n.downKbit * 1024) / 8,
    uploadThroughput: (n.upKbit * 1024) / 8,
  });
}

/**
 * Loaded: no request in flight and the route's chunk and data rendered. On the emulated 4G a wide
 * page's first row of photos took over 30 s (Playwright's default) on a CI machine at a load of 10:
 * this test is about layout, not speed (that is the Lighthouse bench's).
 */
async function open(page: Page, route: string) {
  await page.goto(`${platform.url}${route}`, { waitUntil: 'networkidle', timeout: 120_000 });
  await page.locator('main#main').waitFor();
}

beforeAll(async () => {
  platform = await startPlatform('embedded');
  browser = await launchChromium();
  const user = await registerUser(platform.url, 'duzen');
  // Cards on the lists, some with a reward, so the pages are measured with content.
  for (let i = 0; i < 7; i++) {
    const posted = await postAnnouncement(
      user.client,
      i % 2 ? {} : { reward: 50 + i, rewardDescription: 'Nağd pul' },
    );
    announcementPage = `/elan/${posted.id}`;
  }
  userCookie = user.client.cookieHeader;
  adminCookie = (await signInSuperAdmin(platform.url)).cookieHeader;
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('layout at 320 px', () => {
  const overflowOf = (page: Page) =>
    page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));

  it.each([
    ['a visitor', [...PUBLIC_ROUTES, 'announcement page'], undefined],
    ['a signed-in user', USER_ROUTES, () => userCookie],
    ['the super admin', SUPER_ADMIN_ROUTES, () => adminCookie],
  ] as const)('no route scrolls sideways for %s', async (_who, routes, cookie) => {
    const context = await contextFor(320, cookie?.());
    const page = await context.newPage();
    const wide: string[] = [];
    for (const name of routes) {
      const route = name === 'announcement page' ? announcementPage : name;
      await open(page, route);
      const { scrollWidth, innerWidth } = await overflowOf(page);
      if (scrollWidth > innerWidth) wide.push(`${route}: ${scrollWidth} > ${innerWidth}`);
    }
    await context.close();
    expect(wide).toEqual([]);
  });

  it('shows the whole menu button, and it opens the menu', async () => {
    for (const cookie of [undefined, userCookie]) {
      const context = await contextFor(320, cookie);
      const page = await context.newPage();
      await open(page, '/');
      const menu = page.getByRole('button', { name: 'Menyu' });
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      // Nothing in the header paints over it.
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent,
        [box.x + box.width - 4, box.y + box.height / 2],
      );
      expect(onTop).toContain('Menyu');
      await menu.click();
      await page.getByRole('navigation', { name: 'Mobil naviqasiya' }).waitFor();
      await context.close();
    }
  });
});

describe('layout at 375 px', () => {
  it("keeps 'Daxil ol' on one line", async () => {
    const context = await contextFor(375);
    const page = await context.newPage();
    await open(page, '/');
    const login = page.getByRole('banner').getByRole('link', { name: 'Daxil ol' });
    await login.waitFor();
    // One line box: every fragment of the text has the same top.
    const lineTops = await login.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return [...new Set([...range.getClientRects()].map((r) => Math.round(r.top)))];
    });
    expect(lineTops).toHaveLength(1);
    const box = (await login.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await context.close();
  });
});

describe('first load', () => {
  /**
   * Before the app's code runs: layout shifts as the browser reports them (what CLS adds up), and
   * every position of the footer while any of it is on screen.
   */
  const WATCH_LOAD = `
    window.__shifts = [];
    window.__footerInView = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
    const watch = () => {
      const footer = document.querySelector('footer');
      if (footer) {
        const top = footer.getBoundingClientRect().top;
        if (top < window.innerHeight) window.__footerInView.push(Math.round(top + window.scrollY));
      }
      if (!window.__stopWatching) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  `;

  it.each([
    ['/', 412],
    ['/rewards', 412],
    ['/auth', 412],
    ['/', 1280],
    ['/rewards', 1280],
    ['/about', 412],
    ['announcement page', 412],
  ])('%s at %i px: the footer never jumps and the layout shifts ≤ 0.05', async (name, width) => {
    const route = name === 'announcement page' ? announcementPage : name;
    const context = await contextFor(width, undefined, 823);
    await context.addInitScript(WATCH_LOAD);
    const page = await context.newPage();
    // A phone's network: the code and the data arrive late, as they would on 4G.
    await emulateNetwork(page, { latencyMs: 150, downKbit: 1.6 * 1024, upKbit: 750 });
    await open(page, route);
    await page.waitForTimeout(500);
    const { shifts, footerInView } = await page.evaluate(() => {
      const w = window as unknown as {
        __shifts: number[];
        __footerInView: number[];
        __stopWatching: boolean;
      };
      w.__stopWatching = true;
      return { shifts: w.__shifts, footerInView: w.__footerInView };
    });
    await context.close();
    const cls = shifts.reduce((sum, value) => sum + value, 0);
    expect(cls).toBeLessThanOrEqual(0.05);
    // Whenever the footer was on screen, it stood where it ends up.
    expect(new Set(footerInView).size).toBeLessThanOrEqual(1);
  });

  it("on Slow 3G the shell's hero stays on screen until the app draws its own: never a blank or a spinner between", async () => {
    const hero = 'İtirdiyini tap, tapdığını qaytar';
    const context = await contextFor(412, undefined, 823);
    // Every change of the visible top heading and whose it is, from the first frame (none: '').
    await context.addInitScript(`
      window.__headings = [];
      const watch = () => {
        const shown = [...document.querySelectorAll('h1')].find((h) => h.getClientRects().length > 0);
        const text = shown ? (shown.closest('#app-shell') ? 'shell: ' : 'app: ') + shown.textContent.trim() : '';
        if (window.__headings[window.__headings.length - 1] !== text) window.__headings.push(text);
        if (!window.__stopWatching) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    `);
    const page = await context.newPage();
    // Chromium DevTools' 'Slow 3G' preset.
    await emulateNetwork(page, { latencyMs: 2000, downKbit: 400, upKbit: 400 });
    await page.goto(`${platform.url}/`, { waitUntil: 'commit' });
    // The app's own hero (the shell is aria-hidden and removed when the page has rendered).
    await page.locator('#app-shell').waitFor({ state: 'detached', timeout: 120_000 });
    await page.getByRole('heading', { level: 1, name: hero }).waitFor();
    const headings = await page.evaluate(() => {
      const w = window as unknown as { __headings: string[]; __stopWatching: boolean };
      w.__stopWatching = true;
      return w.__headings;
    });
    await context.close();
    // The shell's hero (the gateway names the first screen in the HTML: no script before it paints),
    // swapped for the app's; never a blank or a spinner between.
    expect(headings.filter((h) => h !== '')).toEqual([`shell: ${hero}`, `app: ${hero}`]);
    expect(headings.slice(headings.indexOf(`shell: ${hero}`))).toEqual([`shell: ${hero}`, `app: ${hero}`]);
  });

  it('preloads the home route with the entry and uses card thumbnails with their size', async () => {
    const html = await (await fetch(`${platform.url}/`)).text();
    expect(html).toMatch(/<link rel="modulepreload"[^>]+href="\/assets\/home-[^"]+\.js"/);
    const context = await contextFor(412, undefined, 823);
    const page = await context.newPage();
    await open(page, '/');
    const images = await page.locator('[data-testid="announcement-card"] img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
      })),
    );
    for (const image of images) expect(image).toMatchObject({ width: '480', height: '300' });
    await context.close();
  });
});

describe('the sticky header and the outline', () => {
  it('never covers the element keyboard focus moved to', async () => {
    for (const width of [375, 1280]) {
      const context = await contextFor(width, undefined, 640);
      const page = await context.newPage();
      await open(page, '/help-center');
      // From the bottom of the page upwards: each focused element above the screen is scrolled to.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.locator('footer a').last().focus();
      const covered: string[] = [];
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press('Shift+Tab');
        // Where the (smooth) scroll to the focused element ends.
        await page.evaluate(
          () =>
            new Promise<void>((resolve) => {
              let last = -1;
              const check = () => {
                if (window.scrollY === last) return resolve();
                last = window.scrollY;
                setTimeout(check, 120);
              };
              check();
            }),
        );
        const hidden = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          const header = document.querySelector('header');
          if (!el || !header || header.contains(el) || el === document.body) return null;
          const top = el.getBoundingClientRect().top;
          const headerBottom = header.getBoundingClientRect().bottom;
          return top < headerBottom ? `${el.tagName} '${el.textContent?.trim().slice(0, 30)}'` : null;
        });
        if (hidden) covered.push(`${width}px: ${hidden}`);
      }
      await context.close();
      expect(covered).toEqual([]);
    }
  });

  it('shows the statistics figures of /about and /thank-you-wall at their size', async () => {
    const context = await contextFor(1280);
    const page = await context.newPage();
    for (const route of ['/about', '/thank-you-wall']) {
      await open(page, route);
      const figure = page
        .locator('main')
        .getByText(/^\d{1,3}(,\d{3})*$/)
        .first();
      await figure.waitFor();
      const style = await figure.evaluate((el) => {
        const s = getComputedStyle(el);
        return { size: parseFloat(s.fontSize), weight: Number(s.fontWeight) };
      });
      // font.size.xxl: 2rem on a wide screen; the body text is 1rem, the panels' text 0.875rem.
      expect(style.size).toBe(32);
      expect(style.weight).toBe(700);
    }
    await context.close();
  });

  it('/rewards and every profile tab have headings in order (no level skipped)', async () => {
    const context = await contextFor(1280, userCookie);
    const page = await context.newPage();
    const skipped: string[] = [];
    for (const route of ['/rewards', ...USER_ROUTES.filter((r) => r.startsWith('/profile'))]) {
      await open(page, route);
      // The page's title heading is drawn with its data; under load that comes after network idle.
      await page.locator('main h1').first().waitFor();
      const levels = await page.evaluate(() =>
        [...document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')].map((h) =>
          Number(h.tagName[1]),
        ),
      );
      expect(levels[0]).toBe(1);
      levels.forEach((level, i) => {
        if (i > 0 && level > levels[i - 1]! + 1) skipped.push(`${route}: h${levels[i - 1]} → h${level}`);
      });
    }
    await context.close();
    expect(skipped).toEqual([]);
  });
});

describe('files a browser asks for by name', () => {
  const anonymous = () => new HttpClient(platform.url);

  it('/robots.txt is a robots file', async () => {
    const res = await anonymous().get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^User-agent: \*$/m);
    expect(res.text).toMatch(/^Disallow: \/api\/$/m);
    expect(res.text).toMatch(/^Allow: \/objects\/\*\/thumbnail$/m);
    expect(res.text).toMatch(new RegExp(`^Sitemap: ${platform.url}/sitemap\\.xml$`, 'm'));
    expect(res.text).not.toContain('<div id="root">');
  });

  it('/favicon.ico is an icon', async () => {
    const res = await fetch(`${platform.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), at least one image.
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
  });

  it('/manifest.webmanifest is the web app manifest, its icons real PNGs', async () => {
    const res = await anonymous().get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(res.text);
    expect(manifest).toMatchObject({
      short_name: 'Tapıntı',
      lang: 'az',
      start_url: '/',
      display: 'standalone',
    });
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons.filter((i: { type: string }) => i.type === 'image/png')) {
      const image = await fetch(`${platform.url}${icon.src}`);
      expect(image.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await image.arrayBuffer());
      expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([width, height]);
    }
    // The page links them.
    const html = await anonymous().get('/');
    expect(html.text).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(html.text).toContain('href="/favicon.ico"');
  });
});
