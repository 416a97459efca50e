/**
 * What the gateway and the web app agree on about `web/index.html`'s static shell: the paths whose
 * first screen it holds (`.shell-screen[data-path]`, in Azerbaijani), and the cookie in which the web
 * app names a visitor's chosen language, so the gateway names the first screen on `<html>` only for
 * a visitor who reads Azerbaijani (the shell paints it before any script has arrived).
 */
export const FIRST_SCREEN_PATHS: readonly string[] = ['/', '/rewards'];
export const LANGUAGE_COOKIE = 'tapinti_language';
