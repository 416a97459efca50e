/**
 * The organisation side end to end in Debian's Chromium against the embedded platform (built web
 * app): an anonymous application, its approval in /super-admin, the invitation e-mail read from
 * DATA_DIR/mail, the invited admin's account and /org-admin, a found item with a room number and a
 * security question, a claim from the home page, its handling, what the claimant then sees, and
 * the super admin's live KPIs, audit rows and CSV export. Screenshots at 375 and 1280 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { launchChromium, toast } from './support/browser';
import { makePng } from './support/png';
import { eventually } from '../support/eventually';
import { invitationTokenMailedTo } from '../support/invitation-mail';
import { ROOT, startPlatform, SUPER_ADMIN, type Platform } from '../support/platform';

jest.setTimeout(420_000);

const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots');
const WIDTHS = [375, 1280] as const;

const run = Date.now().toString(36);
const organization = {
  name: `Hilton Baku ${run}`,
  address: 'Azadlıq prospekti 1B, Bakı',
  contactPerson: 'Nigar Əliyeva',
  email: `nigar_${run}@hilton.example.az`,
};
const admin = { username: `nigar_${run}`, password: 'Admin-Parol-12345' };
const claimant = {
  username: `kamran_${run}`,
  email: `kamran_${run}@example.az`,
  phone: `+99455${String(Date.now()).slice(-7)}`,
  password: 'Parol-12345',
};
const item = {
  title: `Qara iPhone 13 tapıldı ${run}`,
  description: 'Lobbidəki divanın üstündə qara rəngli iPhone 13 tapıldı, örtüyü var.',
  location: 'Hilton Baku, lobbi',
  room: '204',
  question: 'Telefonun örtüyü hansı rəngdədir?',
  expected: 'Bənövşəyi',
};

let platform: Platform;
let browser: Browser;
/** One browser context (its own cookies) per person. */
const contexts: Partial<Record<'visitor' | 'superAdmin' | 'orgAdmin' | 'claimant', BrowserContext>> = {};
const pages: Partial<Record<keyof typeof contexts, Page>> = {};
const problems: string[] = [];

function watch(p: Page) {
  p.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  p.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // A visitor's GET /api/user answers 401 and the browser logs every 4xx resource.
    if (/status of 401/.test(text)) return;
    problems.push(`console: ${text}`);
  });
}

async function open(who: keyof typeof contexts): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  watch(page);
  contexts[who] = context;
  pages[who] = page;
  return page;
}

const field = (scope: Page | ReturnType<Page['locator']>, name: string) => scope.locator(`[name="${name}"]`);

/** A full-page screenshot in a fresh context with `who`'s cookies; nothing may be wider than the screen. */
async function screenshot(
  who: keyof typeof contexts,
  name: string,
  url: string,
  prepare?: (p: Page) => Promise<void>,
  { fullPage = true, widths = WIDTHS }: { fullPage?: boolean; widths?: readonly number[] } = {},
) {
  for (const width of widths) {
    const ctx = await browser.newContext({
      viewport: { width, height: 900 },
      storageState: await contexts[who]!.storageState(),
    });
    const p = await ctx.newPage();
    watch(p);
    await p.goto(`${platform.url}${url}`);
    await prepare?.(p);
    await p.waitForLoadState('networkidle').catch(() => undefined);
    const overflow = await p.evaluate('document.documentElement.scrollWidth - window.innerWidth');
    expect({ name, width, overflow }).toEqual({ name, width, overflow: 0 });
    // A full page from the top (a sticky header drawn mid-page otherwise); a dialog as the screen shows it.
    if (fullPage) await p.evaluate('window.scrollTo(0, 0)');
    await p.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage });
    await ctx.close();
  }
}

async function signIn(p: Page, username: string, password: string) {
  await p.goto(`${platform.url}/auth`);
  await field(p, 'username').fill(username);
  await field(p, 'password').fill(password);
  await p.getByRole('button', { name: 'Daxil ol' }).last().click();
  await toast(p).getByText('Uğurla daxil oldunuz').waitFor();
}

const kpi = async (p: Page, id: string) => Number(await p.getByTestId(`kpi-${id}`).textContent());

let kpisBefore: { announcements: number; requests: number };

beforeAll(async () => {
  if (!fs.existsSync(path.join(ROOT, 'web', 'dist', 'index.html')))
    throw new Error('web/dist is missing: run `npm run build -w web` before the e2e tests');
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  platform = await startPlatform('embedded');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('organisations, invitations and claims (embedded platform, Chromium)', () => {
  it('an anonymous visitor applies for the organisation', async () => {
    const p = await open('visitor');
    await p.goto(`${platform.url}/apply-organization`);
    await field(p, 'organizationName').fill(organization.name);
    await field(p, 'organizationType').selectOption('hotel');
    await field(p, 'address').fill(organization.address);
    await field(p, 'contactPerson').fill(organization.contactPerson);
    await field(p, 'contactEmail').fill(organization.email);
    await p.getByRole('button', { name: 'Müraciəti göndər' }).click();
    await p.getByRole('heading', { name: 'Müraciətiniz qəbul edildi' }).waitFor();
    await p.getByText('2-3 iş günü').waitFor();
    expect(await p.getByRole('link', { name: 'Ana səhifəyə qayıt' }).getAttribute('href')).toBe('/');
  });

  it('the super admin approves it in /super-admin; the KPIs are noted', async () => {
    const p = await open('superAdmin');
    await signIn(p, SUPER_ADMIN.username, SUPER_ADMIN.password);
    await p.waitForURL(`${platform.url}/super-admin`);
    await p.getByRole('tab', { name: /^Müraciətlər \(\d+\)$/ }).waitFor();
    const card = p.getByRole('article', { name: organization.name });
    await screenshot('superAdmin', 'super-admin', '/super-admin', async (s) => {
      await s
        .getByRole('article', { name: organization.name })
        .getByRole('button', { name: 'Təsdiqlə' })
        .waitFor();
    });
    await card.getByRole('button', { name: 'Təsdiqlə' }).click();
    const dialog = p.getByRole('dialog', { name: 'Müraciəti təsdiqlə' });
    expect(await field(dialog, 'name').inputValue()).toBe(organization.name);
    expect(await field(dialog, 'plan').inputValue()).toBe('basic');
    expect(await field(dialog, 'monthlyPrice').inputValue()).toBe('49.99');
    // Pro: the office below keeps two storage places and prints labels (issue 25 point 8).
    await field(dialog, 'plan').selectOption('pro');
    await dialog.getByRole('button', { name: 'Təsdiqlə' }).click();
    await toast(p).getByText('Müraciət təsdiq edildi və təşkilat yaradıldı').waitFor();
    await p.getByRole('tab', { name: /^Təşkilatlar \(\d+\)$/ }).click();
    await p.getByRole('article', { name: organization.name }).getByText('Aktiv').first().waitFor();
    await screenshot('superAdmin', 'super-admin-organizations', '/super-admin', async (s) => {
      await s.getByRole('tab', { name: /^Təşkilatlar \(\d+\)$/ }).click();
      await s.getByRole('article', { name: organization.name }).waitFor();
    });

    await p.goto(`${platform.url}/admin`);
    await p.getByRole('heading', { level: 1, name: 'Analitika paneli' }).waitFor();
    await p.getByTestId('kpi-requests').filter({ hasText: /^\d+$/ }).waitFor();
    kpisBefore = { announcements: await kpi(p, 'announcements'), requests: await kpi(p, 'requests') };
    // The audit tab stays open: its rows follow the live stream from here on.
    await p.getByRole('tab', { name: 'Audit' }).click();
    await p.getByTestId('audit-stream-status').getByText('Canlı: yeni qeydlər dərhal görünür').waitFor();
  });

  it('the invited person accepts the e-mailed invitation and lands on /org-admin', async () => {
    const token = await invitationTokenMailedTo(platform, organization.email, 60_000);
    const p = await open('orgAdmin');
    await p.goto(`${platform.url}/accept-invitation?token=${encodeURIComponent(token)}`);
    await p.getByRole('heading', { name: organization.name }).waitFor();
    await p.getByText(organization.email).first().waitFor();
    await field(p, 'username').fill(admin.username);
    await field(p, 'password').fill(admin.password);
    await field(p, 'confirmPassword').fill(admin.password);
    await p.getByRole('button', { name: 'Hesab yarat və dəvəti qəbul et' }).click();
    await p.waitForURL(`${platform.url}/org-admin`);
    await p.getByRole('heading', { level: 1, name: organization.name }).waitFor();
  });

  it('the organisation admin sets up the lost-property office on a phone (375 px), logs an item with a photo in at most 6 interactions, prints its label, moves it and hands it to its owner at the desk', async () => {
    const ctx = await browser.newContext({
      viewport: { width: 375, height: 812 },
      storageState: await contexts.orgAdmin!.storageState(),
      acceptDownloads: true,
    });
    const p = await ctx.newPage();
    watch(p);
    const noOverflow = async (name: string) =>
      expect({
        name,
        overflow: await p.evaluate('document.documentElement.scrollWidth - window.innerWidth'),
      }).toEqual({ name, overflow: 0 });
    const accessible = async (name: string) =>
      expect({ name, violations: await seriousViolations(p) }).toEqual({ name, violations: [] });

    // Settings (admins): the prefix and two storage places.
    await p.goto(`${platform.url}/org-admin`);
    await p.getByRole('link', { name: 'İtirilmiş əşyalar bürosu' }).click();
    const office = p.getByRole('navigation', { name: 'Büro bölmələri' });
    await office.getByRole('link', { name: 'Ayarlar' }).click();
    await field(p, 'prefix').fill('HB');
    await p
      .getByRole('form', { name: 'İstinad prefiksi' })
      .getByRole('button', { name: 'Yadda saxla' })
      .click();
    await toast(p).getByText('Prefiks yadda saxlanıldı').first().waitFor();
    for (const [name, kind] of [
      ['Rəf A', 'shelf'],
      ['Seyf 1', 'safe'],
    ] as const) {
      await field(p, 'placeName').fill(name);
      await field(p, 'placeKind').selectOption(kind);
      await p.getByRole('button', { name: 'Əlavə et' }).click();
      await p.getByRole('form', { name: `${name}: adını dəyiş` }).waitFor();
    }
    await noOverflow('inventory-settings');

    // Intake: every interaction that logs the item is counted (the camera's file choice included).
    await office.getByRole('link', { name: 'Qeydə al' }).click();
    await p.getByRole('form', { name: 'Tapılmış əşyanı qeydə al' }).waitFor();
    let interactions = 0;
    const act = async (step: Promise<unknown>) => {
      interactions += 1;
      await step;
    };
    const camera = p.locator('input[type="file"][capture="environment"]');
    await act(camera.setInputFiles({ name: 'telefon.png', mimeType: 'image/png', buffer: makePng() }));
    await act(field(p, 'category').selectOption('phones'));
    expect(await field(p, 'title').inputValue()).toBe('Mobil telefon');
    await act(field(p, 'foundArea').fill('Lobbi, resepsiya'));
    await act(p.getByRole('button', { name: 'Qeydə al' }).click());
    await p.getByTestId('reference-number').getByText('HB-000001').waitFor();
    expect(interactions).toBeLessThanOrEqual(6);
    await noOverflow('inventory-intake');

    // The label opens in a new tab; the intake screen stays.
    const [label] = await Promise.all([
      ctx.waitForEvent('response', (r) => r.url().includes('/label?size=62mm')),
      p.getByRole('link', { name: 'Etiketi çap et (62 mm)' }).click(),
    ]);
    expect(label.status()).toBe(200);
    expect(label.headers()['content-type']).toMatch(/^application\/pdf/);
    // The tab shows it in the browser's viewer; the same URL, with the same session, is the PDF itself.
    const pdf = await ctx.request.get(label.url());
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(new URL(p.url()).pathname).toBe('/org-admin/inventory/new');
    await p.getByRole('button', { name: 'Növbəti əşyanı qeydə al' }).waitFor();

    // The item's page (the QR code's): its custody, then a move.
    await p.getByRole('link', { name: 'Əşyanın səhifəsi' }).click();
    await p.getByTestId('inventory-item').getByText('HB-000001').waitFor();
    await p.getByTestId('custody').getByText('Qeydə alındı: Rəf A').waitFor();
    await p.getByTestId('inventory-item').locator('img[src$="/thumbnail"]').first().waitFor();
    await field(p, 'moveTo').selectOption({ label: 'Seyf 1' });
    await p.getByRole('button', { name: 'Köçür' }).click();
    await toast(p).getByText('Əşya köçürüldü').first().waitFor();
    await p.getByTestId('custody').getByText('Rəf A → Seyf 1').waitFor();
    await noOverflow('inventory-item');
    await p.screenshot({ path: path.join(SCREENSHOTS, 'inventory-item-375.png'), fullPage: true });

    // Every screen of the office fits a 320 px phone too, with no serious or critical axe violation.
    await p.setViewportSize({ width: 320, height: 700 });
    await noOverflow('inventory-item-320');
    await accessible('inventory-item-320');
    for (const [name, url, content] of [
      ['inventory-items-320', '/org-admin/inventory', 'inventory-items'],
      ['inventory-intake-320', '/org-admin/inventory/new', 'reference-number'],
      ['inventory-queue-320', '/org-admin/inventory/queue', null],
      ['inventory-settings-320', '/org-admin/inventory/settings', null],
      ['inventory-reports-320', '/org-admin/inventory/reports', 'report-months'],
      ['org-admin-plan-usage-320', '/org-admin', 'plan-usage'],
    ] as const) {
      await p.goto(`${platform.url}${url}`);
      if (content === 'reference-number')
        await p.getByRole('form', { name: 'Tapılmış əşyanı qeydə al' }).waitFor();
      else if (content) await p.getByTestId(content).waitFor();
      else await p.getByRole('heading', { level: 1 }).waitFor();
      await p.waitForLoadState('networkidle').catch(() => undefined);
      await noOverflow(name);
      await accessible(name);
    }

    // The desk hand-over at 375 px: the owner walks in; found by the reference number typed in lower
    // case, their ID's last 4 characters only, then the receipt opens in a new tab.
    await p.setViewportSize({ width: 375, height: 812 });
    await p.goto(`${platform.url}/org-admin/inventory`);
    await office.getByRole('link', { name: 'Təhvil masası' }).click();
    await field(p, 'deskSearch').fill('hb-000001');
    await p.getByRole('button', { name: 'Tap', exact: true }).click();
    await p.getByTestId('desk-handover').getByText('HB-000001').waitFor();
    await accessible('inventory-desk-handover-form');
    await field(p, 'ownerName').fill('Kamran Məmmədov');
    await field(p, 'documentType').selectOption('id_card');
    await field(p, 'documentLast4').fill('AZE1234567');
    expect(await field(p, 'documentLast4').inputValue()).toBe('');
    await field(p, 'documentLast4').fill('ab12');
    await p.getByRole('button', { name: 'Təhvil ver', exact: true }).click();
    await p.getByText('Şəxsiyyət vəsiqəsi · ****AB12').waitFor();
    await noOverflow('inventory-desk-handover');
    await accessible('inventory-desk-handover');
    const [receipt] = await Promise.all([
      ctx.waitForEvent('response', (r) => r.url().endsWith('/handover-receipt')),
      p.getByRole('link', { name: 'Təhvil qəbzini çap et' }).click(),
    ]);
    expect(receipt.status()).toBe(200);
    expect(receipt.headers()['content-type']).toMatch(/^application\/pdf/);
    expect(new URL(p.url()).pathname).toMatch(/^\/org-admin\/inventory\/[0-9a-f-]+\/handover$/);
    await p.screenshot({ path: path.join(SCREENSHOTS, 'inventory-desk-375.png'), fullPage: true });
    await p.setViewportSize({ width: 320, height: 700 });
    await noOverflow('inventory-desk-handover-320');
    await p.goto(`${platform.url}/org-admin/inventory/desk`);
    await p.getByRole('search', { name: 'Təhvil üçün əşyanı tap' }).waitFor();
    await noOverflow('inventory-desk-320');
    await accessible('inventory-desk-320');
    await ctx.close();
  });

  it('the organisation admin posts a found item with a room number and a security question', async () => {
    const p = pages.orgAdmin!;
    await p.getByRole('button', { name: 'Tapılmış əşya əlavə et' }).click();
    const dialog = p.getByRole('dialog', { name: 'Tapılmış əşya əlavə et' });
    await field(dialog, 'category').selectOption('phones');
    await field(dialog, 'title').fill(item.title);
    await field(dialog, 'description').fill(item.description);
    await field(dialog, 'location').fill(item.location);
    await field(dialog, 'roomNumber').fill(item.room);
    await dialog.getByRole('button', { name: 'Sual əlavə et' }).click();
    await field(dialog, 'securityQuestions.0.question').fill(item.question);
    await field(dialog, 'securityQuestions.0.expectedAnswer').fill(item.expected);
    await dialog.getByRole('button', { name: 'Elanı yerləşdir' }).click();
    await toast(p).getByText('Elan yaradıldı').waitFor();
    const card = p.getByRole('article', { name: item.title });
    await card.getByText(`Otaq ${item.room}`).waitFor();
  });

  it('a user claims it from the home page, answering the question', async () => {
    const p = await open('claimant');
    await p.goto(`${platform.url}/`);
    const status = await p.evaluate(
      async (body) =>
        (
          await fetch('/api/register', {
            method: 'POST',
            credentials: 'include',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      claimant,
    );
    expect(status).toBe(201);
    await p.reload();
    await p.getByText('Salam,').first().waitFor({ state: 'attached' });

    const openClaim = async (s: Page) => {
      const card = s.getByTestId('announcement-card').filter({ hasText: item.title });
      await card.getByRole('button', { name: 'Ətraflı bax' }).click();
      const details = s.getByRole('dialog', { name: item.title });
      await details.getByText(`otaq ${item.room}`).waitFor();
      await details.getByRole('button', { name: 'Bu əşya mənimdir' }).click();
      const claim = s.getByRole('dialog', { name: 'Bu əşya mənimdir' });
      await claim.getByLabel(item.question).waitFor();
      return claim;
    };
    await screenshot(
      'claimant',
      'claim-dialog',
      '/',
      async (s) => {
        await openClaim(s);
      },
      { fullPage: false },
    );

    const claim = await openClaim(p);
    await field(claim, 'contactMethod').selectOption('phone');
    await field(claim, 'roomNumber').fill('311');
    await field(claim, 'message').fill('Dünən axşam lobbidə unutmuşam.');
    await claim.getByLabel(item.question).fill(item.expected);
    await claim.getByRole('button', { name: 'Müraciəti göndər' }).click();
    await toast(p).getByText('Müraciətiniz göndərildi').waitFor();
  });

  it('the organisation admin sees the answer, marks it contacted, then resolved_claimed', async () => {
    const p = pages.orgAdmin!;
    // Posting the item left the page on its 'Elanlar' tab (the tab is in the URL): open the claims.
    await p.goto(`${platform.url}/org-admin`);
    const request = p.getByTestId('request').filter({ hasText: item.title });
    await request.getByText(claimant.username).waitFor();
    await request.getByText(item.question).waitFor();
    await request.getByText(`Gözlənilən cavab: ${item.expected}`).waitFor();
    await request.getByText(`Telefon: ${claimant.phone}`).waitFor();
    await screenshot('orgAdmin', 'org-admin', '/org-admin', async (s) => {
      await s.getByTestId('request').first().waitFor();
    });

    for (const [status, label] of [
      ['contacted', 'Əlaqə saxlanıldı'],
      ['resolved_claimed', 'Qəbul edildi: təhvil gözlənilir'],
    ] as const) {
      await request.getByRole('button', { name: 'Statusu yenilə' }).click();
      const dialog = p.getByRole('dialog', { name: 'Sorğunun statusunu yenilə' });
      await field(dialog, 'status').selectOption(status);
      await dialog.getByRole('button', { name: 'Yadda saxla' }).click();
      await toast(p).getByText('Sorğu statusu yeniləndi').waitFor();
      await request.getByText(label).waitFor();
    }
  });

  it('the user sees the new status in /profile and a notification in the bell', async () => {
    const p = pages.claimant!;
    await p.goto(`${platform.url}/profile?tab=requests`);
    const mine = p.getByTestId('my-request').filter({ hasText: item.title });
    await mine.getByText('Qəbul edildi: təhvil gözlənilir').waitFor();
    // The bell reads its count on every page change (no timers): reload until the notification is there.
    const bell = p.getByRole('button', { name: /^Bildirişlər: \d+ oxunmamış$/ });
    await eventually(
      async () => {
        await p.reload();
        await bell.waitFor({ timeout: 2000 });
      },
      { timeoutMs: 20_000, intervalMs: 500 },
    );
    await bell.click();
    await p
      .getByRole('region', { name: 'Bildiriş qutusu' })
      .getByText('Müraciətinizin statusu yeniləndi')
      .first()
      .waitFor();
  });

  it('the super admin sees the KPIs and the audit rows move, and exports a CSV with the item', async () => {
    const p = pages.superAdmin!;
    // Live: the status changes arrived on the audit stream without a reload.
    await p
      .getByTestId('audit-log')
      .getByText('Müraciətin statusu dəyişdirildi')
      .first()
      .waitFor({ timeout: 20_000 });
    // The KPI cards refresh every 30 s.
    await eventually(async () => expect(await kpi(p, 'requests')).toBeGreaterThan(kpisBefore.requests), {
      timeoutMs: 45_000,
      intervalMs: 1000,
    });
    expect(await kpi(p, 'announcements')).toBeGreaterThan(kpisBefore.announcements);

    await p.getByRole('tab', { name: 'İxrac' }).click();
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      p.getByRole('button', { name: 'Yüklə: Elanlar (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tapinti-announcements-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const csv = fs.readFileSync(file!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain(item.title);
    await toast(p).getByText('Fayl yükləndi').waitFor();
  });

  it('every /admin tab opens from its own URL and shows its content inside the screen, light and dark (screenshots saved)', async () => {
    // Each tab's URL, its label, and what it must show.
    const tabs: [string, string, (s: Page) => ReturnType<Page['locator']>][] = [
      [
        'overview',
        'Ümumi baxış',
        (s) =>
          s
            .getByRole('region', { name: 'Bu həftə' })
            .getByText(/^İndi: \d+$/)
            .first(),
      ],
      ['organizations', 'Təşkilatlar', (s) => s.getByTestId('organizations-table')],
      ['announcements', 'Elanlar', (s) => s.getByTestId('announcements-table')],
      ['requests', 'Sorğular', (s) => s.getByRole('combobox', { name: 'Təşkilat' })],
      ['subscriptions', 'Abunələr', (s) => s.getByTestId('monthly-revenue')],
      ['notifications', 'Bildirişlər', (s) => s.getByTestId('notifications-sent')],
      ['audit', 'Audit', (s) => s.getByTestId('audit-log').getByRole('row').nth(1)],
      ['inventoryReports', 'Büro hesabatları', (s) => s.getByTestId('report-organizations')],
      ['exports', 'İxrac', (s) => s.getByRole('button', { name: 'Yüklə: Elanlar (CSV)' })],
    ];
    for (const [slug, label, content] of tabs) {
      // Each tab on a phone, where its table or cards could overflow; the overview (the same KPI cards
      // and tab row every tab has) on a desktop too: a desktop screen of each tab cost a minute of CI.
      const widths = slug === 'overview' ? WIDTHS : [375];
      await screenshot(
        'superAdmin',
        `admin-${slug}`,
        `/admin?tab=${slug}`,
        async (s) => {
          await s.getByTestId('kpi-requests').filter({ hasText: /^\d+$/ }).waitFor();
          expect(await s.getByRole('tab', { name: label }).getAttribute('aria-selected')).toBe('true');
          await content(s).waitFor();
          // The plan control (subscriptions) and the office reports are screens of issue 25: axe too.
          if (slug === 'subscriptions' || slug === 'inventoryReports')
            expect({ slug, violations: await seriousViolations(s) }).toEqual({ slug, violations: [] });
          const width = s.viewportSize()!.width;
          // The KPI cards and the tab row stay within the screen; the cards never overlap.
          const boxes = await s
            .getByTestId('kpis')
            .locator('dd[data-testid^="kpi-"]')
            .evaluateAll((els) =>
              els.map((el) => el.closest('div')!.getBoundingClientRect().toJSON() as DOMRect),
            );
          expect(boxes).toHaveLength(4);
          for (const b of boxes) expect(b.right).toBeLessThanOrEqual(width);
          for (const [i, a] of boxes.entries())
            for (const b of boxes.slice(i + 1))
              expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top).toBe(
                true,
              );
          const tablist = await s.getByRole('tablist', { name: 'Analitika bölmələri' }).boundingBox();
          expect(tablist!.x + tablist!.width).toBeLessThanOrEqual(width);
        },
        { widths },
      );
    }
    await screenshot('superAdmin', 'admin-dark-en', '/admin', async (s) => {
      await s.getByRole('button', { name: 'Qaranlıq rejim' }).click();
      await s.getByRole('button', { name: 'EN', exact: true }).click();
      await s.getByRole('heading', { level: 1, name: 'Analytics dashboard' }).waitFor();
      await s.getByTestId('kpi-requests').filter({ hasText: /^\d+$/ }).waitFor();
      expect(await s.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await s.getByRole('button', { name: 'Light mode' }).waitFor();
      await s.getByRole('tab', { name: 'Overview' }).waitFor();
    });
  });

  it('raised no script errors and no CSP violations', () => {
    expect(problems).toEqual([]);
  });
});
