/** Removes index.html's static shell (the app, hidden behind it until then, shows). */
export const removeStaticShell = () => document.getElementById('app-shell')?.remove();

/**
 * Whether the page itself removes the shell once it has what the shell shows: the announcement
 * page's photo (gateway/src/share-pages.ts), kept on screen while the page fetches the announcement
 * instead of giving way to a spinner and coming back.
 */
export const pageRemovesStaticShell = () => document.documentElement.dataset.firstScreen === '/elan';
