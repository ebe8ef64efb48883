import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GUEST_HINT_COOKIE, SIGNED_IN_HINT_COOKIE } from '@waco/contracts';
import { startEmbeddedStore } from '@waco/launcher/object-store';
import { type RunningStack, startStack } from '@waco/launcher/stack';
import { createMediaService } from '@waco/media';
import { createNotificationsService, vapidKeysKeptIn } from '@waco/notifications';
import { InProcessBus, type ServiceDefinition } from '@waco/platform';
import {
  CHROMIUM_ARGS,
  dropSchema,
  freePort,
  requireChromium,
  requirePostgres,
  TEST_DATABASE_URL,
  testLogger,
  uniqueName,
} from '@waco/platform/testing';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
const WEB = join(REPO_ROOT, 'web');
export const WEB_DIST = join(WEB, 'dist');
const SERVICE_NAMES = ['identity', 'posts', 'messaging', 'notifications', 'media', 'moderation'];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function isFresh(): boolean {
  const manifest = join(WEB_DIST, '.vite', 'manifest.json');
  // The app's sources, and what the build makes of them: the service worker and the build's plugins.
  const sources = Math.max(
    newestMtime(join(WEB, 'src')),
    newestMtime(join(WEB, 'public')),
    newestMtime(join(WEB, 'sw')),
    // The shared contracts are bundled into the app too.
    newestMtime(join(REPO_ROOT, 'libs', 'contracts', 'src')),
    ...['index.html', 'vite.config.ts', 'build-plugins.ts', 'pwa-build.ts', 'i18n-build.ts']
      .filter((file) => existsSync(join(WEB, file)))
      .map((file) => statSync(join(WEB, file)).mtimeMs),
  );
  return existsSync(manifest) && statSync(manifest).mtimeMs >= sources;
}

/**
 * Builds web/dist when it is missing or older than the sources, so the browser sees this code.
 * Test files run in parallel: a lock directory lets one of them build while the others wait.
 */
export async function ensureFreshWebBuild() {
  if (isFresh()) return;
  const lock = join(WEB, '.dist-build.lock');
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${lock} is held for too long: remove it if no build runs`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    if (isFresh()) return;
    // NODE_ENV is "test" under vitest, and Vite would then build React's development bundle.
    const result = spawnSync('npm', ['run', 'build', '-w', 'web'], {
      cwd: REPO_ROOT,
      stdio: 'pipe',
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0)
      throw new Error(`npm run build -w web failed:\n${result.stdout}\n${result.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The JavaScript files (under web/dist) a page of the app loads before it can paint: the entry,
 * the page's chunk (`page` is its source, as src/pages/FeedPage.tsx) and their static imports,
 * as the build's manifest lists them.
 */
export function firstViewFiles(page: string): string[] {
  const manifest = JSON.parse(readFileSync(join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit(page);
  return [...seen].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'));
}

export interface WebStack {
  url: string;
  stack: RunningStack;
  browser: Browser;
  stop(): Promise<void>;
}

/**
 * The whole app as `npm start` runs it (all services, the in-process bus, the embedded object
 * store, the gateway serving web/dist) on the machine's Postgres in fresh schemas, and Chromium.
 * The limits per member are off unless `memberLimits` is set: files seed feeds of many alike
 * posts from one account (member-limits.test.ts turns them on).
 */
export async function startWebStack(options: { memberLimits?: boolean } = {}): Promise<WebStack> {
  const executablePath = requireChromium();
  await requirePostgres();
  await ensureFreshWebBuild();
  const suffix = `_${uniqueName('web').split('_')[1]}`;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'waco-web-s3-'));
  const store = await startEmbeddedStore({ dataDir, maxBodyBytes: 10 * 1024 * 1024 });
  let stack: RunningStack;
  try {
    stack = await startStack({
      databaseUrl: TEST_DATABASE_URL,
      bus: new InProcessBus(testLogger),
      logger: testLogger,
      port,
      host: '127.0.0.1',
      appOrigins: [url],
      webDist: WEB_DIST,
      schemaSuffix: suffix,
      storageUpstream: store.origin,
      rateLimits: { general: 100_000, auth: 10_000 },
      // These tests check what a page holds, on a machine that may be loaded: the page waits for
      // its data and render as long as it takes (the cut-offs are services/gateway/test/boot-data.test.ts's).
      pageWaits: { bootPartMs: 20_000, renderMs: 20_000 },
      memberLimits: options.memberLimits ?? false,
      definitions: {
        media: createMediaService({ storage: store.storage }) as ServiceDefinition<unknown>,
        // Push keys, as `npm start` makes them: the profile menu's push switch is there.
        notifications: createNotificationsService({
          webPush: vapidKeysKeptIn(join(dataDir, 'vapid-keys.json'), {}),
        }) as ServiceDefinition<unknown>,
      },
    });
  } catch (err) {
    await store.stop();
    throw err;
  }
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  return {
    url,
    stack,
    browser,
    async stop() {
      await browser.close();
      await stack.stop();
      await store.stop();
      rmSync(dataDir, { recursive: true, force: true });
      for (const name of SERVICE_NAMES) await dropSchema(`${name}${suffix}`);
    },
  };
}

export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
export const DESKTOP = { viewport: { width: 1280, height: 860 } };

/** A browser context that fails the test on any page error. */
export async function newContext(web: WebStack, options: Parameters<Browser['newContext']>[0] = PHONE) {
  const context: BrowserContext = await web.browser.newContext({ baseURL: web.url, ...options });
  const errors: string[] = [];
  context.on('weberror', (error) => errors.push(error.error().message));
  return { context, errors };
}

/** Gives a browser context a member's session (their `name=value` cookie) and its readable hint. */
export async function addSession(web: WebStack, context: BrowserContext, cookie: string) {
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([
    { name, value, url: web.url },
    { name: SIGNED_IN_HINT_COOKIE, value: '1', url: web.url },
  ]);
}

/** A browser context (as `newContext`) signed in with a member's session cookie. */
export async function signedInContext(
  web: WebStack,
  cookie: string,
  options: Parameters<Browser['newContext']>[0] = PHONE,
) {
  const made = await newContext(web, options);
  await addSession(web, made.context, cookie);
  return made;
}

/**
 * Two members side by side, as the two-member tests watch them: the first on a desktop, the
 * second on a phone, each signed in in its own context with one page open; `errors` are each
 * page's errors.
 */
export async function twoMembers(web: WebStack, desktopCookie: string, phoneCookie: string) {
  const one = await signedInContext(web, desktopCookie, DESKTOP);
  const two = await signedInContext(web, phoneCookie, PHONE);
  return {
    contexts: [one.context, two.context] as const,
    pages: [await one.context.newPage(), await two.context.newPage()] as const,
    errors: [one.errors, two.errors],
  };
}

/** Waits for the page that does not exist, shown to a member at `path` (a role's page they lack). */
export async function expectNotFoundPage(web: WebStack, cookie: string, path: string) {
  const { context } = await signedInContext(web, cookie, PHONE);
  const page = await context.newPage();
  await page.goto(path);
  await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  await context.close();
}

/**
 * Members' browsers opened on a post, each signed in with its own context: `open` answers the
 * page once the post's dialog shows `title`; `errors` gathers the pages' errors; `close` ends them.
 */
export function postPages(web: WebStack, post: () => { id: string; title: string }) {
  const contexts: BrowserContext[] = [];
  const errors: string[][] = [];
  return {
    errors,
    async open(cookie: string, device: Parameters<Browser['newContext']>[0]): Promise<Page> {
      const made = await signedInContext(web, cookie, device);
      contexts.push(made.context);
      errors.push(made.errors);
      const page = await made.context.newPage();
      const { id, title } = post();
      await page.goto(`/post/${id}`);
      await page.getByRole('dialog').getByRole('heading', { name: title }).waitFor();
      return page;
    },
    /** Keeps a context made elsewhere, to close it with the others. */
    keep(context: BrowserContext) {
      contexts.push(context);
    },
    async close() {
      for (const context of contexts) await context.close();
    },
  };
}

/**
 * Puts `entries` in localStorage before any of the page's scripts run, as a browser that was
 * here before holds them. (Not on about:blank, where the script runs too and there is no storage.)
 */
export async function storeBeforeLoad(context: BrowserContext, entries: Record<string, string>) {
  await context.addInitScript((stored) => {
    if (!location.protocol.startsWith('http')) return;
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  }, entries);
}

/** A browser context (as `newContext`) of a returning guest: the app's flag, and its cookie for the server. */
export async function returningGuestContext(
  web: WebStack,
  options: Parameters<Browser['newContext']>[0] = PHONE,
) {
  const made = await newContext(web, options);
  await made.context.addCookies([{ name: GUEST_HINT_COOKIE, value: '1', url: web.url }]);
  await storeBeforeLoad(made.context, { hasVisitedAsGuest: 'true' });
  return made;
}

/** The API paths (with their query) a page asks for, and the errors and warnings it logs. */
export function watchPage(page: Page) {
  const requests: string[] = [];
  const console: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push(url.pathname + url.search);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') console.push(message.text());
  });
  return { requests, console };
}

/** A file's screenshots, to look at after a run: `/tmp/<file>-<name>.png`. */
export const screenshots =
  (file: string, { fullPage = false } = {}) =>
  (page: Page, name: string) =>
    page.screenshot({ path: `/tmp/${file}-${name}.png`, fullPage });

/** The category of each post card on the page, in order (the cards' `data-category` badges). */
export const cardCategories = (page: Page) =>
  page
    .locator('article[data-post-id] [data-category]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-category')));

/** Waits until the app has taken the page over (it marks <html data-hydrated>). */
export async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** A new page of `context`, watched from its first request (`watchPage`), opened at `path` and hydrated. */
export async function openHydrated(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const watched = watchPage(page);
  await page.goto(path);
  await hydrated(page);
  return { page, ...watched };
}

/** A new context (as `newContext`) with one page opened at `path`; `response` is the page's. */
export async function openPage(
  web: WebStack,
  path: string,
  options: Parameters<Browser['newContext']>[0] = PHONE,
) {
  const { context, errors } = await newContext(web, options);
  const page = await context.newPage();
  const response = await page.goto(path);
  return { context, errors, page, response };
}

/** Holds every script of the app until the returned function is called. */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A new page of `context` opened at `path` with the app's scripts held until `release` is called. */
export async function openHeld(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  return { page, release };
}

/**
 * Waits until what `locator` shows has stopped moving: every finite animation in it (a sheet
 * sliding in, a dialog fading) has finished. Looping ones (a spinner) are not waited for.
 */
export async function settled(locator: Locator) {
  await locator.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
