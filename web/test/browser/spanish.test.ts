import { testClient } from '@waco/platform/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { webStackForFile } from './file-stack';
import { addSession, DESKTOP, newContext, PHONE } from './harness';

let postId: string;
let posterCookie: string;
let conversationId: string;

const web = webStackForFile(async (api) => {
  const poster = await api.signup('Lucía', 'Hernández', `lucia-${Date.now()}@example.com`);
  const post = await api.createPost(poster.cookie, {
    category: 'sale',
    title: 'Oak rocking chair',
    description: 'Sturdy, a little worn.',
    price: '25',
    neighborhood: 'downtown',
  });
  await api.createPost(poster.cookie, {
    category: 'event',
    title: 'Fiesta on the square',
    description: 'Music and food.',
    eventDate: '2030-06-06T18:00:00-05:00',
    address: 'Heritage Square',
  });
  postId = post.id;
  posterCookie = poster.cookie;
  const buyer = await api.signup('Mateo', 'Gómez', `mateo-${Date.now()}@example.com`);
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${web.url}${path}`, {
      method,
      headers: { cookie: buyer.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }).then((r) => r.json() as Promise<Record<string, string>>);
  const started = await call('POST', '/api/conversations', { recipientId: poster.id, postId: post.id });
  conversationId = started.conversationId ?? '';
  await call('POST', '/api/messages', {
    recipientId: poster.id,
    content: '¿Sigue disponible?',
    postId: post.id,
  });
});

const SPANISH = { locale: 'es-US' };

/** A guest's context whose browser asks for Spanish. */
async function spanishGuest(
  device: typeof PHONE | typeof DESKTOP = PHONE,
  theme: 'light' | 'dark' = 'light',
) {
  const made = await newContext(web, { ...device, ...SPANISH });
  await made.context.addInitScript((t) => {
    try {
      localStorage.setItem('vite-ui-theme', t);
      localStorage.setItem('hasVisitedAsGuest', 'true');
    } catch {
      // A document without storage (about:blank): nothing to set there.
    }
  }, theme);
  return made;
}

describe('Spanish', () => {
  it('a Spanish browser gets the feed in Spanish; the switch turns it to English without a reload, remembered', async () => {
    const { context, errors } = await spanishGuest();
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('article[data-post-id]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    const chips = page.getByRole('group', { name: 'Categorías', exact: true });
    for (const chip of ['Todo', 'En venta', 'Empleos', 'Eventos']) {
      await chips.getByRole('button', { name: chip, exact: true }).waitFor();
    }
    const card = page.locator(`article[data-post-id="${postId}"]`);
    const price = await page.evaluate(() =>
      new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(25),
    );
    await card.getByText(price, { exact: true }).waitFor();
    await card.getByText('En venta', { exact: true }).first().waitFor();
    const event = page.locator('article[data-post-id]', { hasText: 'Fiesta on the square' });
    const date = await page.evaluate(() =>
      new Intl.DateTimeFormat('es-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(new Date('2030-06-06T18:00:00-05:00')),
    );
    await event.getByText(date, { exact: true }).waitFor();

    // The switch: no reload (a mark on the window survives), texts change, the choice is kept.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page
      .getByRole('group', { name: 'Categories', exact: true })
      .getByRole('button', { name: 'For Sale' })
      .waitFor();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('en');
    await page.reload();
    await page
      .getByRole('group', { name: 'Categories', exact: true })
      .getByRole('button', { name: 'All' })
      .waitFor();
    await card.getByText('$25.00', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('the welcome page and a member’s profile menu have the switch', async () => {
    const { context } = await newContext(web, { ...PHONE, ...SPANISH });
    const page = await context.newPage();
    await page.goto('/welcome');
    await page.getByRole('button', { name: 'Continuar como invitado' }).waitFor();
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.getByRole('button', { name: 'Continue as Guest' }).waitFor();
    await page.getByRole('button', { name: 'Español', exact: true }).click();
    await page.getByRole('button', { name: 'Continuar como invitado' }).waitFor();

    await addSession(web, context, posterCookie);
    await page.goto('/');
    await page.getByRole('button', { name: /Abrir el menú de perfil/ }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('button', { name: 'Mis publicaciones' }).waitFor();
    await menu.getByRole('button', { name: 'English', exact: true }).click();
    await page.getByRole('button', { name: /Open profile menu/ }).waitFor();

    // A member's choice goes to their profile: their mails and pushes follow it, and so does a
    // browser of theirs that never chose.
    const languageOf = async () =>
      (await testClient(web.url)('GET', '/api/user', { headers: { cookie: posterCookie } })).body as {
        language: string;
      };
    expect((await languageOf()).language).toBe('en');
    await page.getByRole('button', { name: /Open profile menu/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Español', exact: true }).click();
    await expect.poll(async () => (await languageOf()).language).toBe('es');
    await context.close();

    const other = await newContext(web, PHONE);
    await addSession(web, other.context, posterCookie);
    const elsewhere = await other.context.newPage();
    await elsewhere.goto('/');
    await elsewhere.getByRole('button', { name: /Abrir el menú de perfil/ }).waitFor();
    await other.context.close();
  }, 60_000);
});

const PAGES: { name: string; path: () => string; member: boolean; ready(page: Page): Promise<unknown> }[] = [
  {
    name: 'feed',
    path: () => '/',
    member: false,
    ready: (p) => p.locator('article[data-post-id]').nth(1).waitFor(),
  },
  {
    name: 'post',
    path: () => `/?post=${postId}`,
    member: false,
    ready: (p) => p.getByRole('dialog').getByRole('heading', { name: 'Oak rocking chair' }).waitFor(),
  },
  {
    name: 'messages',
    path: () => `/messages?conversation=${conversationId}`,
    member: true,
    ready: (p) => p.getByTestId('message').first().waitFor(),
  },
];

async function open(context: BrowserContext, entry: (typeof PAGES)[number], theme: 'light' | 'dark') {
  if (entry.member) await addSession(web, context, posterCookie);
  const page = await context.newPage();
  await page.goto(entry.path());
  await entry.ready(page);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
    theme === 'dark',
  );
  return page;
}

describe('accessibility in Spanish (axe-core): no serious or critical violations', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const entry of PAGES) {
      it(`${entry.name}, ${theme} theme`, async () => {
        for (const device of [PHONE, DESKTOP]) {
          const { context } = await spanishGuest(device, theme);
          const page = await open(context, entry, theme);
          expect(await seriousViolations(page)).toEqual([]);
          await context.close();
        }
      }, 60_000);
    }
  }
});
