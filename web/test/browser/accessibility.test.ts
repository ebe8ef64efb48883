import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { testPhoto, uploadPhoto } from './api';
import { axeEachThemeAndPage } from './axe';
import { webStackForFile } from './file-stack';
import { addSession, type DESKTOP, newContext, type PHONE, storeBeforeLoad } from './harness';

let postId: string;
let posterId: string;
let posterCookie: string;
let conversationId: string;
let groupId: string;
let eventId: string;
let businessId: string;

const web = webStackForFile(async (api) => {
  const poster = await api.signup('Carlos', 'Rivera', `carlos-${Date.now()}@example.com`);
  const photo = await uploadPhoto(api, poster.cookie, await testPhoto(3));
  await api.createPost(poster.cookie, {
    category: 'event',
    title: 'Jazz on the lawn',
    description: 'Bring a blanket. Food trucks from 6.',
    eventDate: '2030-06-06T18:00:00-05:00',
    address: 'Indian Spring Park',
    imagePaths: [photo],
  });
  const post = await api.createPost(poster.cookie, {
    category: 'sale',
    title: 'Record collection: soul, blues and Texas',
    description: 'About 120 LPs, mostly very good. Will not split.',
    price: '300',
    neighborhood: 'sanger_heights',
    imagePaths: [
      await uploadPhoto(api, poster.cookie, await testPhoto(4)),
      await uploadPhoto(api, poster.cookie, await testPhoto(5)),
    ],
  });
  postId = post.id;
  posterId = poster.id;
  posterCookie = poster.cookie;
  // A neighbour likes the record collection and asks about it: a notification and a conversation.
  const buyer = await api.signup('Dana', 'Brooks', `dana-${Date.now()}@example.com`);
  await api.likePost(buyer.cookie, post.id);
  // About the post: the list row and the thread's header show it.
  conversationId = await api.writeTo(buyer.cookie, poster.id, 'Are the blues records still there?', post.id);
  await api.createPost(poster.cookie, {
    category: 'job',
    title: 'Line cook',
    description: 'Evenings.',
    company: 'Magnolia Table',
    salary: '$17/hr',
  });
  // A group with a full event: the poster goes, the neighbour waits on the waitlist.
  groupId = (
    await api.request(poster.cookie, 'POST', '/api/groups', {
      name: 'Sanger Heights Book Club',
      description: 'One book a month, on a porch.',
      neighborhood: 'sanger_heights',
    })
  ).id as string;
  await api.request(buyer.cookie, 'POST', `/api/groups/${groupId}/join`);
  eventId = (
    await api.request(poster.cookie, 'POST', '/api/events', {
      title: 'Book night',
      location: '1900 Sanger Ave',
      startDate: '2030-06-06T19:00:00-05:00',
      groupId,
      maxAttendees: 1,
    })
  ).id as string;
  await api.request(poster.cookie, 'POST', `/api/events/${eventId}/attend`);
  await api.request(buyer.cookie, 'POST', `/api/events/${eventId}/attend`);
  // A business the neighbour reviewed: the directory and its page, with the review form.
  businessId = (
    await api.request(buyer.cookie, 'POST', '/api/businesses', {
      name: 'Lone Oak Fence & Gate',
      category: 'home_repair',
      description: 'Cedar fences and gates.',
      phone: '(254) 555-0140',
      neighborhood: 'sanger_heights',
    })
  ).id as string;
  await api.request(buyer.cookie, 'POST', `/api/businesses/${businessId}/reviews`, {
    rating: 4,
    comment: 'Fixed our gate in a day.',
  });
});

const PAGES: { name: string; path: string; ready(page: Page): Promise<unknown> }[] = [
  {
    name: 'landing',
    path: '/welcome',
    ready: (p) => p.getByRole('button', { name: 'Continue as Guest' }).waitFor(),
  },
  { name: 'auth', path: '/auth', ready: (p) => p.getByRole('tab', { name: 'Login' }).waitFor() },
  {
    name: 'feed',
    path: '/',
    ready: async (p) => {
      await p.locator('article[data-post-id]').nth(2).waitFor();
      await p.locator('article img').first().waitFor();
    },
  },
  {
    name: 'post detail',
    path: '/?post={id}',
    ready: (p) =>
      p
        .getByRole('dialog')
        .getByRole('heading', { name: 'Record collection: soul, blues and Texas' })
        .waitFor(),
  },
];

/** A browser context of the device given. */
const contextOn = (device: typeof PHONE | typeof DESKTOP) => newContext(web, device);

describe('accessibility (axe-core): no serious or critical violations', () => {
  axeEachThemeAndPage(PAGES, contextOn, async (context, theme, { path, ready }) => {
    await storeBeforeLoad(context, { 'vite-ui-theme': theme, hasVisitedAsGuest: 'true' });
    const page = await context.newPage();
    await page.goto(path.replace('{id}', postId));
    await ready(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      theme === 'dark',
    );
    return page;
  });
});

const MEMBER_PAGES: { name: string; path: () => string; ready(page: Page): Promise<unknown> }[] = [
  {
    name: 'messages',
    path: () => `/messages?conversation=${conversationId}`,
    ready: (p) => p.getByTestId('message').first().waitFor(),
  },
  {
    name: 'notifications',
    path: () => '/notifications',
    ready: (p) => p.locator('[data-notification-id]').first().waitFor(),
  },
  {
    name: 'profile',
    path: () => '/profile',
    ready: (p) => p.locator('article[data-post-id]').first().waitFor(),
  },
  {
    name: 'public profile',
    path: () => `/user/${posterId}`,
    ready: (p) => p.locator('article[data-post-id]').first().waitFor(),
  },
  {
    name: 'groups',
    path: () => '/groups',
    ready: (p) => p.locator('[data-group-id]').first().waitFor(),
  },
  {
    name: 'group',
    path: () => `/groups/${groupId}`,
    ready: async (p) => {
      await p.locator('[data-event-id]').first().waitFor();
      await p.locator('[data-user-id]').nth(1).waitFor();
    },
  },
  {
    name: 'events',
    path: () => '/events',
    ready: (p) => p.locator('[data-event-id]').first().waitFor(),
  },
  {
    name: 'event',
    path: () => `/events/${eventId}`,
    ready: (p) => p.getByTestId('waitlist').locator('[data-user-id]').first().waitFor(),
  },
  {
    name: 'businesses',
    path: () => '/businesses',
    ready: (p) => p.locator('[data-business-id]').first().waitFor(),
  },
  {
    name: 'business',
    path: () => `/businesses/${businessId}`,
    ready: (p) => p.locator('[data-review-id]').first().waitFor(),
  },
];

describe('accessibility (axe-core) of the member pages: no serious or critical violations', () => {
  axeEachThemeAndPage(MEMBER_PAGES, contextOn, async (context, theme, { path }) => {
    await addSession(web, context, posterCookie);
    await storeBeforeLoad(context, { 'vite-ui-theme': theme });
    const page = await context.newPage();
    await page.goto(path());
    return page;
  });
});
