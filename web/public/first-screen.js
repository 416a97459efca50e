// Names this path on <html> as soon as it arrives (async: ≈ one round trip after the page, long before
// the app's code), so index.html's static shell shows the page's first screen
// (`.shell-screen[data-path]`) until the app's layout removes the shell on its first commit. Only in
// Azerbaijani, the shell's language: a visitor who chose another one sees the app's own first paint.
/* global document, location */
(function () {
  try {
    var language = localStorage.getItem('tapinti.language');
    if (language && language !== 'az') return;
  } catch {
    // storage blocked: the default language
  }
  document.documentElement.setAttribute('data-first-screen', location.pathname);
})();
