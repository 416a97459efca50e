/**
 * Matching and an announcement's life end to end in Debian's Chromium against the embedded
 * platform (built web app): A posts a lost wallet in Azerbaijani, B a found one in Russian; A sees
 * B's in the matches of their own announcement with the reasons, opens it and claims it. Then the
 * profile's actions: A edits and deletes theirs, B closes theirs as returned.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { field, launchChromium, toast } from './support/browser';
import { ROOT, startPlatform, type Platform } from '../support/platform';

jest.setTimeout(300_000);

const run = Date.now().toString(36);
const person = (name: string, digits: string) => ({
  username: `${name}_${run}`,
  email: `${name}_${run}@example.az`,
  phone: `+99455${digits}${String(Date.now()).slice(-5)}`,
  password: 'Parol-12345',
});
const owner = person('aysel', '11');
const finder = person('sergey', '22');

const lost = {
  category: 'bags',
  title: `Qara dəri pulqabı itirilib ${run}`,
  description:
    '28 May metrosunda qara dəri pulqabımı itirdim, içində şəxsiyyət vəsiqəsi və bank kartları var.',
  location: '28 May metrosu',
};
const found = {
  category: 'bags',
  title: `Найден чёрный кожаный кошелёк ${run}`,
  description: 'На станции метро 28 Мая нашёл чёрный кожаный кошелёк, внутри удостоверение и карты.',
  location: 'метро 28 Мая',
};

let platform: Platform;
let browser: Browser;
const problems: string[] = [];

/** A form control by name (the page's <meta name="description"> is not one). */
const actionsOf = (p: Page, title: string) => p.getByRole('group', { name: `${title}: idarəetmə` });

/** A new browser context (its own cookies) with a freshly registered, signed-in user. */
async function signedIn(who: typeof owner): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const p = await context.newPage();
  p.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  p.on('response', (response) => {
    if (response.status() >= 400 && response.status() !== 401)
      problems.push(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  p.on('console', (message) => {
    // A visitor's GET /api/user answers 401 and the browser logs every 4xx resource.
    if (message.type() === 'error' && !/status of 401/.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
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
    who,
  );
  expect(status).toBe(201);
  return p;
}

async function post(p: Page, type: 'lost' | 'found', item: typeof lost) {
  await p.goto(`${platform.url}/create?type=${type}`);
  await field(p, 'category').selectOption(item.category);
  await field(p, 'title').fill(item.title);
  await field(p, 'description').fill(item.description);
  await field(p, 'location').fill(item.location);
  await p.getByRole('button', { name: 'Elanı yerləşdir' }).click();
  await toast(p).getByText('Elan yaradıldı').waitFor();
}

let ownerPage: Page;
let finderPage: Page;

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

describe('matching and the announcement life (embedded platform, Chromium)', () => {
  it('A posts a lost wallet in Azerbaijani, B a found one in Russian', async () => {
    ownerPage = await signedIn(owner);
    await post(ownerPage, 'lost', lost);
    finderPage = await signedIn(finder);
    await post(finderPage, 'found', found);
  });

  it("A sees B's wallet in the matches of their announcement, with the reasons, and claims it", async () => {
    const p = ownerPage;
    await p.goto(`${platform.url}/profile?tab=announcements`);
    // Matching runs on the events after the post: reload until the count is there.
    const count = actionsOf(p, lost.title).getByTestId('match-count');
    for (let i = 0; ; i++) {
      await count.waitFor();
      if ((await count.textContent()) === '1 uyğun elan') break;
      if (i === 30) throw new Error(`no match after 15 s: ${await count.textContent()}`);
      await p.waitForTimeout(500);
      await p.reload();
    }

    await p
      .getByTestId('announcement-card')
      .filter({ hasText: lost.title })
      .getByRole('button', { name: 'Ətraflı bax' })
      .click();
    const details = p.getByRole('dialog', { name: lost.title });
    const match = details.getByTestId('announcement-match').filter({ hasText: found.title });
    await match.getByText('Çox oxşar').waitFor();
    await match.getByText('Eyni kateqoriya').waitFor();
    await match.getByText('Oxşar yer: 28 May metrosu').waitFor();
    await match.getByText(/^Ortaq sözlər: .*pulqabı/).waitFor();

    await match.getByRole('button', { name: 'Ətraflı bax' }).click();
    const theirs = p.getByRole('dialog', { name: found.title });
    await theirs.getByText(finder.phone).waitFor();
    await theirs.getByRole('button', { name: 'Bu əşya mənimdir' }).click();
    const claim = p.getByRole('dialog', { name: 'Bu əşya mənimdir' });
    await field(claim, 'contactMethod').selectOption('phone');
    await field(claim, 'message').fill('Bu mənim pulqabımdır, içində vəsiqəm var.');
    await claim.getByRole('button', { name: 'Müraciəti göndər' }).click();
    await toast(p).getByText('Müraciətiniz göndərildi').waitFor();

    await p.goto(`${platform.url}/profile?tab=requests`);
    await p.getByTestId('my-request').filter({ hasText: found.title }).waitFor();
  });

  it('A edits the announcement from the profile', async () => {
    const p = ownerPage;
    await p.goto(`${platform.url}/profile?tab=announcements`);
    await actionsOf(p, lost.title).getByRole('link', { name: 'Redaktə et' }).click();
    await p.getByRole('heading', { level: 1, name: 'Elanı redaktə et' }).waitFor();
    expect(await field(p, 'title').inputValue()).toBe(lost.title);
    lost.title = `Qara dəri pulqabı (Nizami) ${run}`;
    await field(p, 'title').fill(lost.title);
    await p.getByRole('button', { name: 'Dəyişiklikləri yadda saxla' }).click();
    await toast(p).getByText('Elan redaktə edildi').waitFor();
    await p.waitForURL(`${platform.url}/profile?tab=announcements`);
    await actionsOf(p, lost.title).waitFor();
  });

  it("B closes theirs as returned: badge 'Sahibinə qaytarıldı', gone from the home page", async () => {
    const p = finderPage;
    await p.goto(`${platform.url}/profile?tab=announcements`);
    await actionsOf(p, found.title).getByRole('button', { name: 'Bağla' }).click();
    const dialog = p.getByRole('dialog', { name: 'Elanı bağla' });
    await field(dialog, 'outcome').selectOption('returned');
    await dialog.getByRole('button', { name: 'Elanı bağla' }).click();
    await toast(p).getByText('Elan bağlandı').waitFor();
    await actionsOf(p, found.title).getByText('Sahibinə qaytarıldı').waitFor();
    expect(await actionsOf(p, found.title).getByRole('button', { name: 'Bağla' }).count()).toBe(0);

    await p.goto(`${platform.url}/`);
    await p.getByTestId('announcement-card').first().waitFor();
    expect(await p.getByTestId('announcement-card').filter({ hasText: found.title }).count()).toBe(0);
  });

  it('A deletes theirs after confirming: gone from the profile', async () => {
    const p = ownerPage;
    await actionsOf(p, lost.title).getByRole('button', { name: 'Sil' }).click();
    const dialog = p.getByRole('dialog', { name: 'Elanı sil' });
    await dialog.getByText(/Elanı silmək istədiyinizə əminsiniz\?/).waitFor();
    await dialog.getByRole('button', { name: 'Bəli, sil' }).click();
    await toast(p).getByText('Elan silindi').waitFor();
    await p.getByText('Hələ heç bir elanınız yoxdur.').waitFor();
  });

  it('raised no script errors', () => {
    expect(problems).toEqual([]);
  });
});
