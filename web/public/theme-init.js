// Runs before the first paint: the build writes it into the page (inlineHeadScript), and the
// gateway's CSP allows it by its hash (services/gateway/src/browser-security/inline-scripts.ts).
// 1. Applies the stored theme.
try {
  if (localStorage.getItem('vite-ui-theme') === 'dark') document.documentElement.classList.add('dark');
} catch (_) {}
const guestFlag = () => {
  try {
    return localStorage.getItem('hasVisitedAsGuest') === 'true';
  } catch (_) {
    return false;
  }
};
// 2. Asks for the feed's first page while the code loads, only where the feed is the first view:
// `/` or `/home` without filters, for a member (the `signed_in` hint cookie) or a returning guest
// (`hasVisitedAsGuest`), and only when the gateway did not put it in the page already (its boot
// data, just before this script, names its parts). Other pages never fetch posts they do not
// show. The address is the app's BOOT_FEED_PATH (web/test/client.test.ts keeps the two equal).
(() => {
  const boot = document.getElementById('boot-data');
  if (boot && (boot.getAttribute('data-parts') || '').split(',').includes('feed')) return;
  const bootParams = new URLSearchParams(location.search);
  const bootFeed =
    (location.pathname === '/' || location.pathname === '/home') &&
    !['search', 'category', 'neighborhood', 'mode'].some((name) => bootParams.has(name)) &&
    (/(^|;\s*)signed_in=/.test(document.cookie) || guestFlag());
  if (bootFeed) {
    const preload = document.createElement('link');
    preload.rel = 'preload';
    preload.as = 'fetch';
    preload.crossOrigin = 'use-credentials';
    preload.href = '/api/posts?limit=15&offset=0';
    document.head.appendChild(preload);
  }
})();
// 3. Warms Intl off the main thread (warm-intl.js says why), in the reader's locale: the chosen
// language (localStorage `lang`), else the browser's first that is English or Spanish
// (web/src/i18n/language.ts decides the same way).
try {
  let lang = localStorage.getItem('lang');
  if (lang !== 'en' && lang !== 'es') {
    lang = 'en';
    for (const tag of navigator.languages || []) {
      const primary = tag.toLowerCase().split('-')[0];
      if (primary === 'en' || primary === 'es') {
        lang = primary;
        break;
      }
    }
  }
  new Worker(`/warm-intl.js?locale=${lang}-US`);
} catch (_) {}
// 4. Holds what the reader does on a server-rendered page before the app has taken it over: a
// form sent then would be sent by the browser itself (reloading the page, what was typed lost),
// a button pressed would do nothing. Both wait here; web/src/app/early-input.ts replays them,
// with the text typed meanwhile, once the page is hydrated (<html data-hydrated>).
(() => {
  const held = [];
  const hold = (event) => {
    if (document.documentElement.hasAttribute('data-hydrated')) return;
    if (event.type === 'submit') {
      event.preventDefault();
      // Held only: React, which may already listen while it hydrates, must not act on it too
      // (it would then happen twice: now, and when replayed).
      event.stopPropagation();
      // Once each: a second press while waiting is the reader's impatience, not a second wish.
      if (!held.some((h) => h.form === event.target))
        held.push({ form: event.target, submitter: event.submitter || null });
      return;
    }
    const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
    if (!button) return;
    event.stopPropagation();
    // A menu opens on the press itself (pointerdown), a tab on the mouse's (mousedown), a plain
    // button on the click: the press is held too. A press held whose click comes once the app
    // runs is replayed as a press alone (that click reaches the app itself); one missed would
    // leave a menu shut.
    const press = held.find((h) => h.button === button);
    if (press) press.clicked = press.clicked || event.type === 'click';
    else held.push({ button, clicked: event.type === 'click' });
  };
  document.addEventListener('submit', hold, true);
  document.addEventListener('pointerdown', hold, true);
  document.addEventListener('mousedown', hold, true);
  document.addEventListener('click', hold, true);
  window.__heldInput = {
    held,
    stop: () => {
      document.removeEventListener('submit', hold, true);
      document.removeEventListener('pointerdown', hold, true);
      document.removeEventListener('mousedown', hold, true);
      document.removeEventListener('click', hold, true);
    },
  };
})();
