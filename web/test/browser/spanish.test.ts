import { changeModerator, databasesOf } from '@waco/launcher/ops/moderators';
import { testClient, waitFor } from '@waco/platform/testing';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { englishWordsIn } from '../english-words';
import { testPhoto, uploadPhoto } from './api';
import { axeEachThemeAndPage } from './axe';
import { webStackForFile } from './file-stack';
import { addSession, DESKTOP, hydrated, newContext, PHONE, storeBeforeLoad } from './harness';

let postId: string;
let posterCookie: string;
let conversationId: string;
/** A post of the buyer's with two photos (its carousel's labels), which the poster reported. */
let photoPostId: string;
let buyerId: string;
let moderatorCookie: string;
let formerConversationId: string;
let groupId: string;
let eventId: string;

/** What members wrote, and their names: shown as written, in any language. */
const USER_CONTENT = [
  'Lucía Hernández',
  'Mateo Gómez',
  'Elena Ruiz',
  'Rodrigo Salinas',
  'Meg Moderadora',
  'Oak rocking chair',
  'Sturdy, a little worn.',
  'Fiesta on the square',
  'Music and food.',
  'Heritage Square',
  '¿Sigue disponible?',
  'Bicicleta de montaña',
  'Rodada 26, frenos nuevos.',
  'Hola, ¿todavía la tienes?',
  'Parece una estafa',
  'Club de lectura',
  'Un libro al mes.',
  'Noche de libros',
  'Calle Sanger 1900',
];

const web = webStackForFile(async (api, stack) => {
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
  buyerId = buyer.id;
  const as = (cookie: string) => (method: string, path: string, body?: unknown) =>
    api.request(cookie, method, path, body);
  conversationId = await api.writeTo(buyer.cookie, poster.id, '¿Sigue disponible?', post.id);
  await api.likePost(buyer.cookie, post.id);

  // The buyer's post with two photos, in Cameron Park.
  const photos = [
    await uploadPhoto(api, buyer.cookie, await testPhoto(1)),
    await uploadPhoto(api, buyer.cookie, await testPhoto(2)),
  ];
  const bike = await api.createPost(buyer.cookie, {
    category: 'sale',
    title: 'Bicicleta de montaña',
    description: 'Rodada 26, frenos nuevos.',
    price: '120',
    neighborhood: 'cameron_park',
    imagePaths: photos,
  });
  photoPostId = bike.id;

  // A member who wrote to the poster, then deleted their account: "Former member", "Message deleted".
  const leaving = await api.signup('Elena', 'Ruiz', `elena-${Date.now()}@example.com`);
  formerConversationId = await api.writeTo(leaving.cookie, poster.id, 'Hola, ¿todavía la tienes?');
  await as(leaving.cookie)('DELETE', '/api/user', { password: leaving.password });

  // Someone the poster blocked (the Blocked people list).
  const blocked = await api.signup('Rodrigo', 'Salinas', `rodrigo-${Date.now()}@example.com`);
  await as(poster.cookie)('POST', `/api/users/${blocked.id}/block`);

  // The poster reports the bike; a moderator reviews it: a moderation notification.
  const moderator = await api.signup('Meg', 'Moderadora', `meg-${Date.now()}@example.com`);
  moderatorCookie = moderator.cookie;
  await changeModerator(databasesOf(stack.stack.services), moderator.email, true);
  const report = await as(poster.cookie)('POST', '/api/reports', {
    targetType: 'post',
    targetId: bike.id,
    reason: 'scam',
    details: 'Parece una estafa',
  });
  await as(moderator.cookie)('POST', `/api/moderation/reports/${report.id}/resolve`, { action: 'dismiss' });

  // A group with a full event: the poster goes, the buyer waits on the waitlist.
  groupId = (
    await as(poster.cookie)('POST', '/api/groups', {
      name: 'Club de lectura',
      description: 'Un libro al mes.',
    })
  ).id as string;
  eventId = (
    await as(poster.cookie)('POST', '/api/events', {
      title: 'Noche de libros',
      location: 'Calle Sanger 1900',
      startDate: '2030-06-06T19:00:00-05:00',
      groupId,
      maxAttendees: 1,
    })
  ).id as string;
  await as(poster.cookie)('POST', `/api/events/${eventId}/attend`);
  await as(buyer.cookie)('POST', `/api/events/${eventId}/attend`);

  // Everything has reached the poster's lists before a page shows them.
  await waitFor(
    async () => {
      const { notifications: list } = (await as(poster.cookie)('GET', '/api/notifications')) as unknown as {
        notifications: { type: string }[];
      };
      return list.some((n) => n.type === 'report_resolved') && list.some((n) => n.type === 'like');
    },
    30_000,
    "the poster's notifications",
  );
  await waitFor(
    async () => {
      const list = (await as(poster.cookie)('GET', '/api/messages')) as unknown as {
        otherUser: { firstName: string | null };
        lastMessage: string;
      }[];
      return list.some((c) => c.otherUser.firstName === 'Former' && c.lastMessage === 'Message deleted');
    },
    30_000,
    'the deleted account in the conversations',
  );
}, 180_000);

const SPANISH = { locale: 'es-US' };

/** A guest's context whose browser asks for Spanish. */
async function spanishGuest(
  device: typeof PHONE | typeof DESKTOP = PHONE,
  theme: 'light' | 'dark' = 'light',
) {
  const made = await newContext(web, { ...device, ...SPANISH });
  await storeBeforeLoad(made.context, { 'vite-ui-theme': theme, hasVisitedAsGuest: 'true' });
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
    await page.getByRole('button', { name: 'English, EN', exact: true }).click();
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

async function open(context: BrowserContext, theme: 'light' | 'dark', entry: (typeof PAGES)[number]) {
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
  axeEachThemeAndPage(PAGES, spanishGuest, open);
});

/** A name in English or Spanish: the walk reaches each screen whatever language it is in. */
const either = (english: string, spanish: string) =>
  new RegExp(`^(${[english, spanish].map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);

/** What a person reads or hears on the page: its title, lines of text, and the labels of its elements. */
function shownTexts(page: Page) {
  return page.evaluate(() => {
    const texts: { where: string; text: string }[] = [{ where: 'document.title', text: document.title }];
    for (const line of document.body.innerText.split('\n')) texts.push({ where: 'text', text: line });
    const ATTRIBUTES = [
      'placeholder',
      'aria-label',
      'title',
      'alt',
      'aria-roledescription',
      'aria-valuetext',
    ];
    for (const element of document.querySelectorAll('*')) {
      for (const name of ATTRIBUTES) {
        const value = element.getAttribute(name);
        if (value) texts.push({ where: `${element.tagName.toLowerCase()}[${name}]`, text: value });
      }
      if (element instanceof HTMLInputElement && ['submit', 'button'].includes(element.type))
        texts.push({ where: 'input[value]', text: element.value });
      if (element.tagName.toLowerCase() === 'title' && element.closest('svg'))
        texts.push({ where: 'svg title', text: element.textContent ?? '' });
    }
    return texts.filter(({ text }) => text.trim() !== '');
  });
}

/** The English on the page, as "screen where: text → words"; members' own words aside. */
async function englishOn(page: Page, screen: string): Promise<string[]> {
  expect(await page.evaluate(() => document.documentElement.lang), screen).toBe('es');
  const found: string[] = [];
  for (const { where, text } of await shownTexts(page)) {
    let rest = text;
    for (const own of USER_CONTENT) rest = rest.split(own).join(' ');
    // Tags (#furniture) search posts by their words; email addresses are a member's own.
    rest = rest.replace(/#[\p{L}\d_]+/gu, ' ').replace(/\S+@\S+\.\w+/g, ' ');
    const words = englishWordsIn(rest);
    if (words.length > 0) found.push(`${screen} ${where}: "${text.slice(0, 140)}" → ${words.join(', ')}`);
  }
  return [...new Set(found)];
}

/**
 * Texts that run past the screen's right edge (Spanish is longer than English): controls and
 * headings whose box ends beyond the viewport, outside the rows meant to scroll sideways and the
 * carousels' other photos.
 */
function cutTexts(page: Page, screen: string) {
  return page.evaluate((screen) => {
    const width = document.documentElement.clientWidth;
    const scrolls = (element: Element) =>
      ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) || element.matches('[data-carousel]');
    const cut: string[] = [];
    for (const element of document.querySelectorAll('button, a, h1, h2, h3, label, p, [role="tab"]')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1 || element.closest('[aria-hidden="true"]')) continue;
      let parent = element.parentElement;
      while (parent && !scrolls(parent)) parent = parent.parentElement;
      if (parent) continue;
      const text = (element.textContent ?? '').trim() || element.getAttribute('aria-label') || '';
      cut.push(`${screen}: "${text.slice(0, 60)}" ends at ${Math.round(box.right)} px of ${width}`);
    }
    // A one-line box's placeholder wider than the box is cut too.
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (input.value || input.getBoundingClientRect().width === 0) continue;
      const style = getComputedStyle(input);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needed = context.measureText(input.placeholder).width;
      if (needed > room + 1)
        cut.push(
          `${screen}: placeholder "${input.placeholder}" needs ${Math.round(needed)} px of ${Math.round(room)}`,
        );
    }
    return cut;
  }, screen);
}

/** A member's context who chose Spanish on this device (her account may still say English). */
async function spanishMember(cookie: string, device: typeof PHONE | typeof DESKTOP) {
  const made = await newContext(web, { ...device, ...SPANISH });
  await addSession(web, made.context, cookie);
  await storeBeforeLoad(made.context, { lang: 'es' });
  return made;
}

const EMAIL = 'input[type="email"]';
const PASSWORD = 'input[type="password"]';

/** Fills a form's fields (each named by its selector) and sends it. */
async function send(form: Locator, fields: Record<string, string> = {}) {
  for (const [selector, value] of Object.entries(fields)) await form.locator(selector).fill(value);
  await form.locator('button[type="submit"]').click();
}

/** A toast's text, once it shows. */
const toastShown = (page: Page) => page.locator('.toast-root').first().waitFor();

describe('every screen in Spanish', () => {
  it('has no English but names and what members wrote', async () => {
    const english: string[] = [];
    const check = async (page: Page, screen: string) => {
      english.push(...(await englishOn(page, screen)), ...(await cutTexts(page, screen)));
      // A look at each screen for a person: /tmp/spanish-<screen>.png.
      await page.screenshot({ path: `/tmp/spanish-${screen.replace(/\W+/g, '-')}.png`, fullPage: true });
    };
    /** Sends `fields` in `form` on `page`, and checks the screen once the form marks what it refused. */
    const refused = async (page: Page, form: Locator, fields: Record<string, string>, screen: string) => {
      await send(form, fields);
      await form.locator('[aria-invalid="true"]').first().waitFor();
      await check(page, screen);
    };
    /** Opens `path` on `page`, waits for the first element of each of `shown`, and checks the screen. */
    const visited = async (page: Page, path: string, shown: string[], screen: string) => {
      await page.goto(path);
      for (const selector of shown) await page.locator(selector).first().waitFor();
      await check(page, screen);
    };
    /** Opens the search on `page`, checks it, and closes it. */
    const searchChecked = async (page: Page, screen: string) => {
      await page
        .getByRole('button', { name: either('Search', 'Buscar') })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('searchbox').waitFor();
      await check(page, screen);
      await page.keyboard.press('Escape');
    };

    // A guest: welcome, sign in and sign up with their errors, forgot and reset password, 404.
    const guest = await newContext(web, { ...PHONE, ...SPANISH });
    const page = await guest.context.newPage();
    await page.goto('/welcome');
    await page.getByRole('button', { name: 'English', exact: true }).waitFor();
    await check(page, 'welcome');

    await page.goto('/auth');
    const login = page.locator('form').first();
    await login.locator(EMAIL).waitFor();
    await check(page, 'sign-in');
    await refused(page, login, {}, 'sign-in, empty');
    await send(login, { [EMAIL]: 'lucia-nobody@example.com', [PASSWORD]: 'not her password' });
    await toastShown(page);
    await check(page, 'sign-in, wrong password');

    await page.goto('/auth?tab=signup');
    const signup = page.locator('form').first();
    await signup.locator('input[autocomplete="given-name"]').waitFor();
    await refused(page, signup, { [EMAIL]: 'not an email', [PASSWORD]: 'short' }, 'sign-up, invalid');

    await page.goto('/forgot-password');
    const forgot = page.locator('form').first();
    await refused(page, forgot, { [EMAIL]: 'nope' }, 'forgot password, invalid');
    await send(forgot, { [EMAIL]: 'someone@example.com' });
    await page.locator('p[role="status"]').waitFor();
    await check(page, 'forgot password, sent');

    await page.goto('/reset-password?token=not-a-token');
    const reset = page.locator('form').first();
    await refused(page, reset, { [PASSWORD]: 'short' }, 'reset password, short');
    await send(reset, { [PASSWORD]: 'a long enough new password' });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[aria-invalid="true"], .toast-root')].some((e) =>
        /\p{L}{4}/u.test(e.closest('div')?.textContent ?? ''),
      ),
    );
    await check(page, 'reset password, bad link');

    await page.goto('/no-such-page');
    await page.locator('h1').first().waitFor();
    await check(page, '404');

    // A guest's feed, search (recent searches, quick filters) and a post with two photos.
    await page.evaluate(() => localStorage.setItem('hasVisitedAsGuest', 'true'));
    await page.goto('/');
    await page.locator('article[data-post-id]').nth(1).waitFor();
    await check(page, 'feed, guest');
    await page
      .locator('article[data-post-id]')
      .first()
      .getByRole('button', { name: /^(Like|Me gusta), / })
      .click();
    await page.getByRole('dialog').waitFor();
    await check(page, 'sign-in prompt');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await searchChecked(page, 'search');
    await page.goto(`/?post=${photoPostId}`);
    await page.getByRole('dialog').locator('[data-carousel]').waitFor();
    await check(page, 'post, guest');
    await visited(page, '/?category=sale', ['article[data-post-id]'], 'feed, a category');
    await visited(page, '/?search=silla', ['main h1, main h2'], 'search results');
    await guest.context.close();

    // The poster: feed, report dialog, create post with the uploader, messages, notifications,
    // profile, Edit Profile, settings, a public profile, Blocked people.
    const member = await spanishMember(posterCookie, PHONE);
    const mine = await member.context.newPage();
    await mine.goto('/');
    await mine.locator('article[data-post-id]').nth(1).waitFor();
    await check(mine, 'feed, member');

    await mine.goto(`/?post=${photoPostId}`);
    const detail = mine.getByRole('dialog');
    await detail.locator('[data-carousel]').waitFor();
    await check(mine, 'post, member');
    // A menu pressed before the app runs is early-input's subject: this walk acts on the app's page.
    await hydrated(mine);
    await detail.getByRole('button', { name: either('More options', 'Más opciones') }).click();
    await mine.getByRole('menuitem').first().waitFor();
    await check(mine, 'post menu');
    await mine.getByRole('menuitem', { name: /^(Report|Reportar) / }).click();
    await mine.getByRole('radio').first().waitFor();
    await check(mine, 'report dialog');
    await mine.keyboard.press('Escape');

    await mine.goto('/');
    await searchChecked(mine, 'search, member');

    await mine.goto(`/?post=${postId}`);
    await hydrated(mine);
    await mine
      .getByRole('dialog')
      .getByRole('button', { name: either('Manage your post', 'Administra tu publicación') })
      .click();
    await mine.getByRole('menuitem').first().waitFor();
    await check(mine, 'own post, its menu');
    await mine.keyboard.press('Escape');

    await mine.goto('/?mode=post');
    const uploader = mine.getByTestId('photo-uploader');
    await uploader.locator('.uppy-Dashboard-AddFiles').waitFor();
    await check(mine, 'create post, uploader');
    await uploader
      .locator('input[type="file"]')
      .first()
      .setInputFiles({
        name: 'silla.jpg',
        mimeType: 'image/jpeg',
        buffer: await testPhoto(3),
      });
    await uploader.locator('.uppy-Dashboard-Item').first().waitFor();
    await check(mine, 'create post, a photo chosen');
    await mine.locator('label', { has: mine.locator('input[name="category"][value="sale"]') }).click();
    await mine.locator('form button[type="submit"]').last().click();
    await mine.locator('form [aria-invalid="true"]').first().waitFor();
    await check(mine, 'create post, missing fields');

    await mine.goto('/messages');
    await mine.getByTestId('conversation-list').waitFor();
    await mine.getByTestId('conversation-list').locator('li').nth(1).waitFor();
    await check(mine, 'messages');
    await mine.goto(`/messages?conversation=${conversationId}`);
    await mine.getByTestId('message').first().waitFor();
    await check(mine, 'a conversation');
    await mine.goto(`/messages?conversation=${formerConversationId}`);
    await mine.getByTestId('message').first().waitFor();
    await check(mine, 'a conversation with a deleted account');

    await mine.goto('/notifications');
    await mine.getByTestId('notification-list').locator('li').nth(2).waitFor();
    await check(mine, 'notifications');

    await visited(mine, '/profile', ['h1', 'article[data-post-id]'], 'profile');
    await mine.goto('/profile?edit=1');
    const edit = mine.getByRole('dialog');
    await refused(mine, edit, { 'input[autocomplete="given-name"]': ' ' }, 'edit profile, empty name');
    await mine.keyboard.press('Escape');

    await mine.goto('/settings');
    const settings = mine.locator('form').first();
    await settings.waitFor();
    await check(mine, 'settings');
    await settings.locator('input[type="password"]').nth(0).fill('not my password');
    await settings.locator('input[type="password"]').nth(1).fill('a brand new password');
    await settings.locator('button[type="submit"]').click();
    await settings.locator('[aria-invalid="true"]').first().waitFor();
    await check(mine, 'settings, wrong password');

    await visited(mine, `/user/${buyerId}`, ['h1', 'article[data-post-id]'], 'public profile');

    await mine.getByRole('button', { name: /^(Open profile menu for|Abrir el menú de perfil de) / }).click();
    await mine.getByRole('dialog').waitFor();
    await check(mine, 'profile menu');
    await mine.getByRole('button', { name: either('Blocked people', 'Personas bloqueadas') }).click();
    await mine.getByRole('list').filter({ hasText: 'Rodrigo Salinas' }).waitFor();
    await check(mine, 'blocked people');

    // Groups and events: the list, a group's page, the events as a list and a month, an event.
    await visited(mine, '/groups', ['[data-group-id]'], 'groups');
    await visited(mine, `/groups/${groupId}`, ['[data-event-id]', '[data-user-id]'], 'a group');
    await mine.getByRole('button', { name: either('Create an event', 'Crear un evento') }).click();
    await mine.getByRole('dialog').waitFor();
    await check(mine, 'create an event');
    await mine.keyboard.press('Escape');
    await visited(mine, '/events', ['[data-event-id]'], 'events');
    await mine.getByRole('button', { name: either('Month', 'Mes') }).click();
    await mine.getByRole('button', { name: either('Next month', 'Mes siguiente') }).waitFor();
    await check(mine, 'events, a month');
    await mine.goto(`/events/${eventId}`);
    await mine.getByTestId('waitlist').locator('[data-user-id]').first().waitFor();
    await check(mine, 'an event');

    await member.context.close();

    // A moderator's queue: its resolved reports and the audit list.
    const moderator = await spanishMember(moderatorCookie, PHONE);
    const queue = await moderator.context.newPage();
    await queue.goto('/moderation');
    await queue.locator('select').selectOption('resolved');
    await queue.getByTestId('moderation-case').first().waitFor();
    await check(queue, 'moderation, resolved');

    // On a desktop: the feed with its side panels, a post, the messages' two panes.
    await queue.setViewportSize(DESKTOP.viewport);
    await queue.goto('/');
    await queue.locator('article[data-post-id]').nth(1).waitFor();
    await check(queue, 'desktop feed');
    await queue.goto(`/?post=${photoPostId}`);
    await queue.getByRole('dialog').locator('[data-carousel]').waitFor();
    await check(queue, 'desktop post');
    await moderator.context.close();
    const desktop = await spanishMember(posterCookie, DESKTOP);
    const wide = await desktop.context.newPage();
    await wide.goto(`/messages?conversation=${conversationId}`);
    await wide.getByTestId('message').first().waitFor();
    await check(wide, 'desktop messages');
    await desktop.context.close();

    expect(english).toEqual([]);
    expect([...guest.errors, ...member.errors, ...moderator.errors, ...desktop.errors]).toEqual([]);
  }, 240_000);
});
