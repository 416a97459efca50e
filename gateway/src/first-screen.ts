import { parse as parseCookies } from 'cookie';
import { FIRST_SCREEN_PATHS, LANGUAGE_COOKIE } from '@tapinti/contracts/web-shell';

/**
 * index.html with the path whose first screen its static shell shows named on `<html>`
 * (`data-first-screen`), for `/` and `/rewards` when the visitor has not chosen a language other
 * than Azerbaijani (the shell's): the page's largest text then paints in the first frame, before
 * any script arrives. Otherwise the page as it is (the app paints its own first screen).
 */
export function withFirstScreen(html: string, pathname: string, cookieHeader: string | undefined): string {
  if (!FIRST_SCREEN_PATHS.includes(pathname)) return html;
  const language = parseCookies(cookieHeader ?? '')[LANGUAGE_COOKIE];
  if (language && language !== 'az') return html;
  return namingFirstScreen(html, pathname);
}

/** index.html showing its static shell's first screen `name` (`.shell-screen[data-path]`). */
export const namingFirstScreen = (html: string, name: string) =>
  html.replace(/<html([^>]*)>/, `<html$1 data-first-screen="${name}">`);

/** Whether the answer for this path depends on the visitor's cookies (`Vary: Cookie`). */
export const hasFirstScreen = (pathname: string) => FIRST_SCREEN_PATHS.includes(pathname);
