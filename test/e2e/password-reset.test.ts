/**
 * Issue 15 end to end in Debian's Chromium against the embedded platform (built web app): the
 * login form's 'forgot password' link, the e-mail it sends (read from DATA_DIR/mail), a new
 * password on the linked page, and a sign-in with it (the old one refused).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { registerUser, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient } from '../support/http-client';
import { mailboxOf } from '../support/mailbox';
import { ROOT, startPlatform, type Platform } from '../support/platform';

jest.setTimeout(300_000);

const NEW_PASSWORD = 'Yeni-Parol-2468';

let platform: Platform;
let browser: Browser;
let user: TestUser;
const problems: string[] = [];

function watch(p: Page) {
  p.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  p.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A visitor's GET /api/user answers 401 and the browser logs every 4xx resource.
    if (/status of 401/.test(message.text())) return;
    problems.push(`console: ${message.text()}`);
  });
}

const field = (p: Page, name: string) => p.locator(`[name="${name}"]`);

beforeAll(async () => {
  if (!fs.existsSync(path.join(ROOT, 'web', 'dist', 'index.html')))
    throw new Error('web/dist is missing: run `npm run build -w web` before the e2e tests');
  platform = await startPlatform('embedded');
  browser = await launchChromium();
  user = await registerUser(platform.url, 'unutqan');
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('forgot password (embedded platform, Chromium)', () => {
  it('forgot password → e-mail → new password → login', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await context.newPage();
    watch(p);

    await p.goto(`${platform.url}/auth`);
    await p.getByRole('link', { name: 'Şifrəni unutmusunuz?' }).first().click();
    await p.waitForURL(`${platform.url}/forgot-password`);
    await field(p, 'email').fill(user.email);
    await p.getByRole('button', { name: 'Bərpa linkini göndər' }).click();
    await p.getByText('Bu e-poçt ünvanı ilə hesab varsa, şifrəni bərpa etmək üçün link göndərildi').waitFor();

    const token = await eventually(
      async () => {
        const mails = await mailboxOf(platform).to(user.email);
        const mail = mails.find((m) => m.subject.includes('Şifrənin bərpası'));
        const match = /\/reset-password\?token=([A-Za-z0-9._~%-]+)/.exec(mail?.text ?? '');
        if (!match) throw new Error('no reset e-mail yet');
        return decodeURIComponent(match[1]!);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );

    await p.goto(`${platform.url}/reset-password?token=${encodeURIComponent(token)}`);
    await field(p, 'password').fill(NEW_PASSWORD);
    await field(p, 'confirmPassword').fill(NEW_PASSWORD);
    await p.getByRole('button', { name: 'Şifrəni dəyiş' }).click();
    await p.getByText('Şifrəniz dəyişdirildi').waitFor();

    await p.getByRole('link', { name: 'Daxil ol' }).last().click();
    await p.waitForURL(`${platform.url}/auth`);
    await field(p, 'username').fill(user.username);
    await field(p, 'password').fill(NEW_PASSWORD);
    await p.getByRole('button', { name: 'Daxil ol' }).last().click();
    await p.getByTestId('toast').getByText('Uğurla daxil oldunuz').waitFor();

    // The old password no longer works; the link worked once.
    const old = await new HttpClient(platform.url).post('/api/login', {
      username: user.username,
      password: user.password,
    });
    expect(old.status).toBe(401);
    await p.goto(`${platform.url}/reset-password?token=${encodeURIComponent(token)}`);
    await field(p, 'password').fill('Baska-Parol-97531');
    await field(p, 'confirmPassword').fill('Baska-Parol-97531');
    await p.getByRole('button', { name: 'Şifrəni dəyiş' }).click();
    await p.getByText('Bu link artıq istifadə olunub. Yeni link istəyin').waitFor();

    await context.close();
    expect(problems.filter((p) => !/status of 410/.test(p))).toEqual([]);
  });
});
