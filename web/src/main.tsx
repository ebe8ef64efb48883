import './lib/zod-jitless';
import { QueryClientProvider } from '@tanstack/react-query';
import { GUEST_HINT_COOKIE } from '@waco/contracts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { seedFromBootData } from './app/boot-data';
import { noteEarlyChoices } from './app/early-input';
import { createQueryClient } from './app/query-client';
import { BrowserRouter } from './app/router';
import { isFeedLink } from './app/routes';
import { currentUserQuery, hasSignedInHint } from './features/auth/hooks/current-user';
import { filtersFrom } from './features/feed/filters';
import { bootFeedQuery, feedQuery } from './features/feed/hooks/posts';
import { LanguageRoot } from './i18n/LanguageRoot';
import { preferredLanguage } from './i18n/language';
import { activateLanguage, startLanguage } from './i18n/load-language';
import { hasGuestFlag, setGuestFlag } from './lib/storage';
import { loadParts } from './ui/lazy-part';
import { setServerView, whenHydrated } from './ui/server-view';
import './styles.css';

const queryClient = createQueryClient();
// The gateway rendered the page (services/gateway/src/web-app/server-render.ts): React hydrates
// its HTML, rendering first as the server did (its language, theme, guest cookie: server-view.ts).
const root = document.getElementById('root');
if (!root) throw new Error('missing #root element');
const serverRendered = root.hasAttribute('data-hydrate-root');
const serverLanguage = document.documentElement.lang === 'es' ? 'es' : 'en';
if (serverRendered) {
  setServerView({
    guest: new RegExp(`(?:^|;\\s*)${GUEST_HINT_COOKIE}=`).test(document.cookie),
    theme: document.documentElement.classList.contains('dark') ? 'dark' : 'light',
    language: serverLanguage,
    now: Number(root.dataset.renderedAt) || undefined,
  });
}
// The gateway's page holds who is signed in and the feed's first page (boot-data.ts): the first
// screen renders from them without a request. On a page the browser renders itself (no server
// HTML), what is missing is asked for before React renders: who is signed in decides the first
// screen, and on the feed's addresses the first page of posts and the feed's code are asked for at
// the same time, not one after the other.
const seeded = seedFromBootData(queryClient);
// A guest flagged before its cookie existed gets the cookie (and each visit renews it).
if (hasGuestFlag()) setGuestFlag();
// A page the server rendered without them hydrates without them too (it rendered them as loading):
// filled in before hydrating, the cache would make the first render differ from the server's HTML
// and React would throw that HTML away. They are asked for as the page mounts instead.
if (!seeded.user && !serverRendered) void queryClient.prefetchQuery(currentUserQuery);
// Only where the feed is the first view: a first-time guest on `/` gets the welcome page.
const feedFirst = hasSignedInHint() || hasGuestFlag() || isFeedLink(window.location.search);
if (
  !serverRendered &&
  feedFirst &&
  (window.location.pathname === '/' || window.location.pathname === '/home')
) {
  const params = new URLSearchParams(window.location.search);
  const filters = filtersFrom(params);
  const filtered = Object.keys(filters).length > 0;
  if (params.get('mode') !== 'post' && (filtered ? !seeded.search : !seeded.feed)) {
    void queryClient.prefetchInfiniteQuery(filtered ? feedQuery(filters) : bootFeedQuery());
  }
}

/** The app's stylesheet is fetched without blocking the splash; it is switched on before the first render. */
async function appStylesheet() {
  const link = document.getElementById('app-css') as HTMLLinkElement | null;
  if (!link) return; // the dev server injects styles itself
  if (!link.sheet) {
    await new Promise((resolve) => {
      link.addEventListener('load', resolve, { once: true });
      link.addEventListener('error', resolve, { once: true });
    });
  }
  link.media = 'all';
}

// No top-level await here: it would make the bundler split the shared code into many small
// chunks (a module with top-level await cannot be imported back by the lazy chunks).
function render() {
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LanguageRoot>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </LanguageRoot>
      </QueryClientProvider>
    </StrictMode>
  );
  if (serverRendered) {
    // In a transition too: hydration then yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page (total blocking time); what the reader does
    // meanwhile waits in the head script (early-input.ts).
    noteEarlyChoices();
    startTransition(() => {
      hydrateRoot(root as HTMLElement, app, {
        onRecoverableError: (error) => console.error('hydration', error),
      });
    });
    // Then the language this browser chose, if the server guessed another.
    const language = preferredLanguage();
    if (language !== serverLanguage) whenHydrated(() => void activateLanguage(language));
    return;
  }
  // A transition: the first render yields to the browser instead of holding the main thread.
  startTransition(() => {
    createRoot(root as HTMLElement).render(app);
  });
}

// The reader's language's texts are loaded alongside the stylesheet (language.ts). The first
// render runs in a task of its own: when both are at hand already, it would otherwise run in the
// task that evaluated the app's modules, one long task instead of two shorter ones (on a phone
// with the CPU slowed 4x, Lighthouse's total blocking time fell from about 260 to 180 ms).
// A server-rendered page hydrates in the language it was rendered in, with the code of the lazy
// parts it holds at hand (ui/lazy-part.ts says why).
const lazyParts = root.dataset.lazyParts?.split(' ') ?? [];
void Promise.all([
  appStylesheet(),
  serverRendered ? activateLanguage(serverLanguage).catch(() => undefined) : startLanguage(),
  loadParts(lazyParts).catch(() => undefined),
]).then(() => setTimeout(render, 0));
