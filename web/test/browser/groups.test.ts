import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testPhoto } from './api';
import { webStackForFile } from './file-stack';
import {
  DESKTOP,
  hydrated,
  newContext,
  PHONE,
  returningGuestContext,
  screenshots,
  signedInContext,
} from './harness';

// Groups and community events in the browser, on a phone and a desktop: a member starts a group,
// a neighbour joins it, an event with one place fills and the neighbour waits on its waitlist,
// the place frees and the neighbour has it; a private group shows an outsider its name only.

const web = webStackForFile();
const shot = screenshots('groups', { fullPage: true });

/** A Waco wall time `days` from now at 18:00, as a datetime-local input takes it. */
function wacoEvening(days: number) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
  return `${day}T18:00`;
}

async function member(first: string, last: string, device: typeof PHONE | typeof DESKTOP) {
  const seeded = await web.api.seedMember(first, last);
  const { context, errors } = await signedInContext(web, seeded.cookie, device);
  return { ...seeded, context, errors, page: await context.newPage() };
}

const placesOf = (page: Page) => page.getByTestId('event-places');

async function journey(device: typeof PHONE | typeof DESKTOP, size: string) {
  const ann = await member('Ann', `Organiser${size}`, device);
  const ben = await member('Ben', `Neighbour${size}`, device);

  // Ann starts a group from the groups page.
  await ann.page.goto('/groups');
  await ann.page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
  await ann.page.getByRole('button', { name: 'Create a group' }).click();
  const groupForm = ann.page.getByRole('form', { name: 'Create a group' });
  const groupName = `Cameron Park Walkers ${size}`;
  await groupForm.getByLabel('Name').fill(groupName);
  await groupForm.getByLabel('Description').fill('Morning walks on the River Trail.');
  await groupForm.getByLabel('Neighbourhood').selectOption('cameron_park');
  await groupForm.getByRole('button', { name: 'Create group' }).click();
  await ann.page.waitForURL(/\/groups\/[0-9a-f-]{36}$/);
  const groupPath = new URL(ann.page.url()).pathname;
  await ann.page.getByRole('heading', { name: groupName, level: 1 }).waitFor();
  await ann.page.getByTestId('members-count').getByText('1 member').waitFor();

  // Ben finds it and joins.
  await ben.page.goto('/groups');
  await ben.page.getByRole('button', { name: `Join ${groupName}` }).click();
  await ben.page.getByRole('button', { name: `Leave ${groupName}` }).waitFor();
  await ben.page.goto(groupPath);
  await ben.page.getByTestId('members-count').getByText('2 members').waitFor();
  await ben.page.getByRole('link', { name: `Ben Neighbour${size}` }).waitFor();

  // Ann plans an event in the group with one place, and takes it.
  await ann.page.reload();
  await ann.page.getByRole('button', { name: 'Create an event' }).click();
  const eventForm = ann.page.getByRole('form', { name: 'Create an event' });
  await eventForm.getByLabel('Title').fill(`Sunrise walk ${size}`);
  await eventForm.getByLabel('Location').fill('Cameron Park Pavilion');
  await eventForm.getByLabel('Starts (Waco time)').fill(wacoEvening(3));
  await eventForm.getByLabel('Places (leave empty for no limit)').fill('1');
  // Its photo, through the one photo uploader; the event's page shows it.
  await eventForm
    .getByLabel('Event photo')
    .setInputFiles({ name: 'pavilion.jpg', mimeType: 'image/jpeg', buffer: await testPhoto(3) });
  await eventForm.locator('img[src*="/objects/"]').waitFor({ timeout: 20_000 });
  await eventForm.getByRole('button', { name: 'Create event' }).click();
  await ann.page.waitForURL(/\/events\/[0-9a-f-]{36}$/);
  const eventPath = new URL(ann.page.url()).pathname;
  // Shown at the hour it was typed, in Waco's zone, whatever the browser's.
  expect(await ann.page.getByTestId('event-start').textContent()).toMatch(/6:00\sPM C[SD]T/);
  await placesOf(ann.page).getByText('0 of 1 going').waitFor();
  await ann.page.locator('article img[src*="/objects/"]').first().waitFor();
  await ann.page.getByRole('button', { name: "I'm going" }).click();
  await ann.page.getByTestId('my-place').getByText("You're going").waitFor();
  await placesOf(ann.page).getByText('1 of 1 going').waitFor();

  // Full: Ben waits on the waitlist.
  await ben.page.goto(eventPath);
  await ben.page.getByRole('button', { name: 'Join the waitlist' }).click();
  await ben.page.getByTestId('my-place').getByText("You're #1 on the waitlist").waitFor();
  await placesOf(ben.page).getByText('1 of 1 going · 1 on the waitlist').waitFor();
  await shot(ben.page, `waitlist-${size}`);

  // Ann cannot go after all: Ben has her place.
  await ann.page.getByRole('button', { name: "I can't go" }).click();
  // Her place went to Ben: the event is full again for her.
  await ann.page.getByRole('button', { name: 'Join the waitlist' }).waitFor();
  // Ben's open page shows it without a reload: the promotion's notification comes by the live stream.
  await ben.page.getByTestId('my-place').getByText("You're going").waitFor({ timeout: 20_000 });
  await placesOf(ben.page).getByText('1 of 1 going').waitFor();
  await ben.page
    .getByTestId('going-list')
    .getByRole('link', { name: `Ben Neighbour${size}` })
    .waitFor();
  await shot(ben.page, `promoted-${size}`);

  // The group's page lists the event; the events page has it in the list and on the month.
  await ann.page.goto(groupPath);
  await ann.page.getByRole('link', { name: `Sunrise walk ${size}` }).waitFor();
  await shot(ann.page, `group-${size}`);
  await ann.page.goto('/events');
  await ann.page.getByRole('link', { name: `Sunrise walk ${size}` }).waitFor();
  await ann.page.getByRole('button', { name: 'Month' }).click();
  const month = ann.page
    .locator('section')
    .filter({ has: ann.page.getByRole('button', { name: 'Next month' }) });
  const inThisMonth = wacoEvening(3).slice(0, 7) === wacoEvening(0).slice(0, 7);
  if (!inThisMonth) await month.getByRole('button', { name: 'Next month' }).click();
  await month
    .getByRole('link', { name: `Sunrise walk ${size}` })
    .first()
    .waitFor();
  await shot(ann.page, `calendar-${size}`);

  expect(ann.errors).toEqual([]);
  expect(ben.errors).toEqual([]);
  await ann.context.close();
  await ben.context.close();
}

async function privateGroupHidden(device: typeof PHONE | typeof DESKTOP, size: string) {
  const owner = await member('Olive', `Owner${size}`, device);
  const outsider = await member('Oscar', `Outsider${size}`, device);
  const call = (path: string, body: unknown) =>
    fetch(`${web.url}${path}`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (res) => {
      expect(res.status).toBe(201);
      return (await res.json()) as { id: string };
    });
  const group = await call('/api/groups', {
    name: `Quiet Street Watch ${size}`,
    description: 'Our street only: the spare key list.',
    isPublic: false,
  });
  const event = await call('/api/events', {
    title: `Private porch meeting ${size}`,
    location: '12 Quiet St',
    startDate: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    groupId: group.id,
    isPublic: false,
  });

  // The outsider sees its name and may ask to join; nothing else.
  await outsider.page.goto(`/groups/${group.id}`);
  await outsider.page.getByRole('heading', { name: `Quiet Street Watch ${size}`, level: 1 }).waitFor();
  await outsider.page.getByText('This group is private', { exact: false }).waitFor();
  expect(await outsider.page.getByText('spare key list', { exact: false }).count()).toBe(0);
  expect(await outsider.page.getByText(`Private porch meeting ${size}`).count()).toBe(0);
  await shot(outsider.page, `private-${size}`);
  // What an outsider sees of it, they may report; its owner has no Report.
  await outsider.page.getByRole('button', { name: 'Report group' }).click();
  const reportDialog = outsider.page.getByRole('dialog', { name: 'Report this group' });
  await reportDialog.getByLabel('Spam').check();
  await reportDialog.getByRole('button', { name: 'Send report' }).click();
  await outsider.page.getByText('Thanks for reporting', { exact: true }).waitFor();
  await owner.page.goto(`/groups/${group.id}`);
  await owner.page.getByRole('heading', { name: `Quiet Street Watch ${size}`, level: 1 }).waitFor();
  expect(await owner.page.getByRole('button', { name: 'Report group' }).count()).toBe(0);
  await outsider.page.goto(`/events/${event.id}`);
  await outsider.page.getByRole('heading', { name: 'Event not found' }).waitFor();
  await outsider.page.goto('/events');
  await outsider.page.getByRole('heading', { name: 'Events near you' }).waitFor();
  await expect.poll(() => outsider.page.getByText(`Private porch meeting ${size}`).count()).toBe(0);

  // Asking to join: the owner approves, and then it opens.
  await outsider.page.goto(`/groups/${group.id}`);
  await outsider.page.getByRole('button', { name: `Ask to join Quiet Street Watch ${size}` }).click();
  await outsider.page.getByText('Requested').waitFor();
  await owner.page.goto(`/groups/${group.id}`);
  await owner.page.getByRole('button', { name: `Approve Oscar Outsider${size}` }).click();
  await owner.page.getByTestId('members-count').getByText('2 members').waitFor();
  await outsider.page.reload();
  await outsider.page.getByText('spare key list', { exact: false }).waitFor();
  await outsider.page.getByRole('link', { name: `Private porch meeting ${size}` }).waitFor();

  // A member now, Oscar writes in the group's feed: Olive finds it on the group's page and in
  // her home feed; a guest finds it nowhere, not even at its address.
  await outsider.page.getByRole('button', { name: 'Write a post' }).click();
  const postForm = outsider.page.getByRole('form', { name: 'Post in this group' });
  await postForm.getByText('For Sale', { exact: true }).click();
  await postForm.getByLabel('Title').fill(`Spare key rota ${size}`);
  await postForm.getByLabel('Description').fill('Who holds which key this month: see the list.');
  await postForm.getByRole('button', { name: 'Publish Post' }).click();
  await outsider.page.locator('.toast-root', { hasText: 'Post created!' }).waitFor({ timeout: 20_000 });
  const groupFeed = outsider.page.getByRole('region', { name: 'Posts in this group' });
  await groupFeed.getByRole('heading', { name: `Spare key rota ${size}` }).waitFor();
  const postId = await groupFeed.locator('article[data-post-id]').first().getAttribute('data-post-id');
  await owner.page.reload();
  await owner.page
    .getByRole('region', { name: 'Posts in this group' })
    .getByRole('heading', { name: `Spare key rota ${size}` })
    .waitFor();
  await shot(owner.page, `group-feed-${size}`);
  await owner.page.goto('/');
  await owner.page
    .getByRole('heading', { name: `Spare key rota ${size}` })
    .first()
    .waitFor();
  const guest = await newContext(web, device);
  const guestPage = await guest.context.newPage();
  await guestPage.goto(`/post/${postId}`);
  await guestPage.getByText('This post is no longer here').waitFor();
  expect(await guestPage.getByText(`Spare key rota ${size}`).count()).toBe(0);
  await guest.context.close();

  expect(owner.errors).toEqual([]);
  expect(outsider.errors).toEqual([]);
  await owner.context.close();
  await outsider.context.close();
}

/** A guest finds groups and events from the header, browses a public group, and is asked to sign in to join. */
async function guestBrowses(device: typeof PHONE | typeof DESKTOP, size: string) {
  const owner = await web.api.seedMember('Gail', `Guide${size}`);
  const res = await fetch(`${web.url}/api/groups`, {
    method: 'POST',
    headers: { cookie: owner.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Open Trail Walkers ${size}`,
      description: 'Everyone welcome on Saturdays.',
    }),
  });
  expect(res.status).toBe(201);
  const { context, errors } = await returningGuestContext(web, device);
  const page = await context.newPage();
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('link', { name: 'Groups and events' }).click();
  await page.getByRole('heading', { name: 'Events near you', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Groups', exact: true }).first().click();
  await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
  await page
    .getByRole('link', { name: `Open Trail Walkers ${size}` })
    .first()
    .click();
  await page.getByText('Everyone welcome on Saturdays.').waitFor();
  await page.getByRole('button', { name: `Join Open Trail Walkers ${size}` }).click();
  await page.getByRole('dialog', { name: /Join Waco Commons to join this group/ }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
}

/** The journeys of a member, the same on a phone and on a desktop (`size` names the screenshots). */
function memberJourneys(device: typeof PHONE | typeof DESKTOP, size: string) {
  it(
    'a group, a neighbour joins, a full event, the waitlist, a place freed',
    () => journey(device, size),
    120_000,
  );
  it(
    'a private group shows an outsider its name only, until approved',
    () => privateGroupHidden(device, size),
    90_000,
  );
}

describe('on a phone', () => {
  it(
    'a guest finds groups and events, browses a public group, and is asked to sign in to join',
    () => guestBrowses(PHONE, '390'),
    60_000,
  );
  memberJourneys(PHONE, '390');
});

describe('on a desktop', () => memberJourneys(DESKTOP, '1280'));
