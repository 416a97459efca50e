import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium (no browser download on this machine), headless, nothing running in the background. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** The app's toast (success and error messages). */
export const toast = (page: Page) => page.getByTestId('toast');

/** A form control by its `name` in a page or a dialog. */
export const field = (scope: Page | Locator, name: string) =>
  scope.locator(`:is(input, textarea, select)[name="${name}"]`);

/** The announcement card with this title. */
export const cardOf = (page: Page, title: string) =>
  page.getByTestId('announcement-card').filter({ hasText: title });

/**
 * Signs a browser context in with an API client's cookies (a Cookie header: the session and, since
 * sign-in remembers devices, the device cookie), without walking the login form.
 */
export async function addSessionCookies(context: BrowserContext, baseUrl: string, cookieHeader: string) {
  const cookies = cookieHeader.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name: name!, value: value.join('='), url: baseUrl };
  });
  await context.addCookies(cookies);
}
