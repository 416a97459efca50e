/**
 * The site in three languages, in Debian's Chromium against the embedded platform (built web app):
 * Azerbaijani by default; the header's selector switches to Russian (texts, `<html lang>`, a card's
 * date) and the choice survives a reload; back to Azerbaijani the spec's texts and dd.MM.yyyy return.
 */
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { registerUser } from '../support/accounts';
import { startPlatform, type Platform } from '../support/platform';

jest.setTimeout(240_000);

const title = `Göy çətir itirilib ${Date.now().toString(36)}`;

let platform: Platform;
let browser: Browser;
let page: Page;
const problems: string[] = [];

const htmlLang = (p: Page) => p.evaluate(() => document.documentElement.lang);
const mainNav = (p: Page) => p.getByRole('navigation', { name: /^(Əsas naviqasiya|Основная навигация)$/ });
const cardDate = (p: Page) =>
  p.getByTestId('announcement-card').filter({ hasText: title }).locator('time').first();

beforeAll(async () => {
  platform = await startPlatform('embedded');
  const author = await registerUser(platform.url, 'dil');
  const created = await author.client.post('/api/announcements', {
    type: 'lost',
    title,
    description: 'Nizami küçəsində göy rəngli qatlanan çətirimi itirmişəm, sapı taxtadandır.',
    category: 'other',
    location: 'Nizami küçəsi, Bakı',
  });
  if (created.status !== 201) throw new Error(`announcement: ${created.status} ${created.text}`);
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A visitor's GET /api/user answers 401 and the browser logs every 4xx resource.
    if (message.type() === 'error' && !/status of 401/.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('languages', () => {
  it('Azerbaijani by default: the spec texts, <html lang="az">, dd.MM.yyyy', async () => {
    await page.goto(`${platform.url}/`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'İtirdiyini tap, tapdığını qaytar',
    );
    expect(await htmlLang(page)).toBe('az');
    await mainNav(page).getByRole('link', { name: 'Elanlar' }).waitFor();
    await cardDate(page).waitFor();
    expect(await cardDate(page).textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(await page.getByRole('combobox', { name: 'Dil', exact: true }).inputValue()).toBe('az');
  });

  it('the header switches the whole page to Russian, dates included', async () => {
    await page.getByRole('combobox', { name: 'Dil', exact: true }).selectOption('ru');
    await page.waitForFunction(() => document.documentElement.lang === 'ru');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Найди потерянное, верни найденное',
    );
    await mainNav(page).getByRole('link', { name: 'Объявления' }).waitFor();
    await mainNav(page).getByRole('link', { name: 'Вознаграждения' }).waitFor();
    await page.getByRole('link', { name: 'Войти' }).first().waitFor();
    // The footer and the announcement card follow too.
    await page.getByRole('link', { name: 'Политика конфиденциальности' }).waitFor();
    expect(await page.getByTestId('announcement-card').filter({ hasText: title }).textContent()).toContain(
      'Потеряно',
    );
    // Russian dates name the month: "23 нояб. 2026 г.".
    expect(await cardDate(page).textContent()).toMatch(/^\d{1,2} [а-я]+\.? \d{4}( г\.)?$/);
    expect(await page.title()).toBe('Tapıntı — потерянные и найденные вещи');
  });

  it('the choice is remembered in this browser after a reload', async () => {
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'ru');
    await mainNav(page).getByRole('link', { name: 'Объявления' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Язык', exact: true }).inputValue()).toBe('ru');
    expect(await page.evaluate(() => localStorage.getItem('tapinti.language'))).toBe('ru');
    await cardDate(page).waitFor();
    expect(await cardDate(page).textContent()).toMatch(/^\d{1,2} [а-я]+\.? \d{4}( г\.)?$/);
  });

  it('back to Azerbaijani: the spec texts and dd.MM.yyyy again', async () => {
    await page.getByRole('combobox', { name: 'Язык', exact: true }).selectOption('az');
    await page.waitForFunction(() => document.documentElement.lang === 'az');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'İtirdiyini tap, tapdığını qaytar',
    );
    await mainNav(page).getByRole('link', { name: 'Elanlar' }).waitFor();
    expect(await cardDate(page).textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    await page.reload();
    await mainNav(page).getByRole('link', { name: 'Elanlar' }).waitFor();
    expect(await htmlLang(page)).toBe('az');
    expect(problems).toEqual([]);
  });
});
