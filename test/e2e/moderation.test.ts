/**
 * Moderation end to end in Debian's Chromium against the embedded platform (built web app): a user
 * reports another's announcement with 'Şikayət et' in its details, the super admin hides it with a
 * reason in the /admin «Moderasiya» tab, it leaves the home page, and its author sees why in the
 * profile.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { cardOf, field, launchChromium, toast } from './support/browser';
import { ROOT, startPlatform, SUPER_ADMIN, type Platform } from '../support/platform';

jest.setTimeout(300_000);

const run = Date.now().toString(36);
const person = (name: string, digits: string) => ({
  username: `${name}_${run}`,
  email: `${name}_${run}@example.az`,
  phone: `+99455${digits}${String(Date.now()).slice(-5)}`,
  password: 'Parol-12345',
});
const author = person('rauf', '33');
const reporter = person('leyla', '44');

const found = {
  category: 'phones',
  title: `Qara telefon tapılıb ${run}`,
  description: 'Nizami küçəsində skamyanın üstündə qara smartfon tapdım, sahibi yazsın.',
  location: 'Nizami küçəsi',
};
const reason = 'Saxta elan: şikayətlərə görə yoxlanıldı';

let platform: Platform;
let browser: Browser;
const problems: string[] = [];

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const p = await context.newPage();
  p.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  p.on('console', (message) => {
    if (message.type() === 'error' && !/status of 401/.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  return p;
}

/** A new browser context with a freshly registered, signed-in user. */
async function registered(who: typeof author): Promise<Page> {
  const p = await newPage();
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
    { ...who, confirmPassword: who.password },
  );
  expect(status).toBe(201);
  return p;
}

let authorPage: Page;
let reporterPage: Page;

beforeAll(async () => {
  if (!fs.existsSync(path.join(ROOT, 'web', 'dist', 'index.html')))
    throw new Error('web/dist is missing: run `npm run build -w web` before the e2e tests');
  platform = await startPlatform('embedded');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('reports and the moderation queue (embedded platform, Chromium)', () => {
  it('the author posts a found phone: live at once', async () => {
    authorPage = await registered(author);
    const p = authorPage;
    await p.goto(`${platform.url}/create?type=found`);
    await field(p, 'category').selectOption(found.category);
    await field(p, 'title').fill(found.title);
    await field(p, 'description').fill(found.description);
    await field(p, 'location').fill(found.location);
    await p.getByRole('button', { name: 'Elanı yerləşdir' }).click();
    await toast(p).getByText('Elanınız uğurla yaradıldı və aktivdir.').waitFor();
  });

  it("another user reports it with 'Şikayət et' in its details", async () => {
    reporterPage = await registered(reporter);
    const p = reporterPage;
    await p.goto(`${platform.url}/`);
    await cardOf(p, found.title).getByRole('button', { name: 'Ətraflı bax' }).click();
    const details = p.getByRole('dialog', { name: found.title });
    await details.getByRole('button', { name: 'Şikayət et' }).click();
    const dialog = p.getByRole('dialog', { name: 'Elandan şikayət et' });
    await dialog.getByRole('button', { name: 'Şikayəti göndər' }).click();
    await dialog.getByText('Şikayət növünü seçin').waitFor();
    await field(dialog, 'type').selectOption('fake');
    await field(dialog, 'note').fill('Bu telefonun şəkli başqa saytdan götürülüb.');
    await dialog.getByRole('button', { name: 'Şikayəti göndər' }).click();
    await toast(p).getByText('Şikayət göndərildi').waitFor();
    await toast(p).getByText('Şikayətiniz qəbul edildi. Moderator elanı yoxlayacaq.').waitFor();
  });

  it('the super admin sees the report in the «Moderasiya» tab of /admin and hides it with a reason', async () => {
    const p = await newPage();
    await p.goto(`${platform.url}/auth`);
    await field(p, 'username').fill(SUPER_ADMIN.username);
    await field(p, 'password').fill(SUPER_ADMIN.password);
    await p.getByRole('button', { name: 'Daxil ol' }).last().click();
    await toast(p).getByText('Uğurla daxil oldunuz').waitFor();
    await p.goto(`${platform.url}/admin`);
    await p.getByRole('tab', { name: 'Moderasiya' }).click();
    const item = p.getByRole('article', { name: found.title });
    await item.getByText('Şikayətlər: 1').waitFor();
    await item.getByText('Saxta elan: 1').waitFor();
    await item.getByText('«Bu telefonun şəkli başqa saytdan götürülüb.»').waitFor();
    await item.getByRole('button', { name: 'Gizlət' }).click();
    await field(item, 'reason').fill(reason);
    await item.getByRole('button', { name: 'Gizlətməni təsdiqlə' }).click();
    await toast(p).getByText('Elan gizlədildi').waitFor();
    await item.getByText('Gizlədilib').waitFor();
    await item.getByRole('button', { name: 'Bərpa et' }).waitFor();
  });

  it('it leaves the home page; its author sees the state and the reason in the profile', async () => {
    const p = reporterPage;
    await p.goto(`${platform.url}/`);
    // A fresh platform: this was its only announcement.
    await p.getByText('Heç bir elan tapılmadı').waitFor();
    expect(await cardOf(p, found.title).count()).toBe(0);

    await authorPage.goto(`${platform.url}/profile?tab=announcements`);
    const actions = authorPage.getByRole('group', { name: `${found.title}: idarəetmə` });
    await actions.getByText('Gizlədilib').waitFor();
    await actions.getByText(`Səbəb: ${reason}`).waitFor();
  });

  it('raised no script errors', () => {
    expect(problems).toEqual([]);
  });
});
