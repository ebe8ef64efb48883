import { describe, expect, it } from 'vitest';
import { testPhoto, uploadPhoto } from './api';
import { webStackForFile } from './file-stack';
import { hydrated, PHONE, signedInContext } from './harness';

// A page never scrolls sideways on a phone: long names, addresses and a section's action button
// beside its heading wrap or shrink within the screen (a grid's column sized to its content once
// pushed a group's page 32 px past a 390 px screen).

const LONG_PLACE = 'Cameron Park Pavilion, 2601 N University Parks Dr, Waco, Texas 76708 (by the big oak)';
let paths: string[] = [];
let cookie = '';

const web = webStackForFile(async (api) => {
  const member = await api.seedMember('Wide', 'Pages');
  cookie = member.cookie;
  // A wide photo, as groups and businesses have.
  const photo = await uploadPhoto(api, cookie, await testPhoto(3, 1600, 900));
  const group = await api.request(cookie, 'POST', '/api/groups', {
    imageUrl: photo,
    name: 'Cameron Park Trail Crew and Friends of the River Trail',
    description: 'Hikers, runners and mountain bikers who love the trails of Cameron Park.',
    neighborhood: 'cameron_park',
    isPublic: true,
  });
  // Another member: the admin's list of members then has its actions (promote, remove).
  const neighbour = await api.seedMember('Maximiliana', 'Featherstonehaugh-Wolfeschlegel');
  await api.request(neighbour.cookie, 'POST', `/api/groups/${group.id}/join`);
  const startDate = new Date(Date.now() + 7 * 86_400_000).toISOString().replace('Z', '+00:00');
  const event = await api.request(cookie, 'POST', '/api/events', {
    title: 'Saturday sunrise trail run along the river and back up the ladder',
    location: LONG_PLACE,
    startDate,
    groupId: group.id,
    maxAttendees: 4,
  });
  const business = await api.request(cookie, 'POST', '/api/businesses', {
    name: 'Riverbend Bike Works and Friendly Neighbourhood Repair Shop',
    category: 'shopping',
    imageUrl: await uploadPhoto(api, cookie, await testPhoto(5, 1600, 900)),
    address: LONG_PLACE,
    website: 'https://example.com/a-very-long-address-for-the-riverbend-bike-works-shop',
  });
  paths = [
    `/groups/${group.id}`,
    `/events/${event.id}`,
    `/businesses/${business.id}`,
    '/groups',
    '/events',
    '/businesses',
  ];
});

describe('on a phone', () => {
  it('a group, an event and a business page, and their lists, fit the screen', async () => {
    const { context, errors } = await signedInContext(web, cookie, PHONE);
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(path);
      await hydrated(page);
      await page.locator('main h1').first().waitFor();
      // The photos in: a loaded one has its own width, which a grid sized to its content follows.
      await page.waitForFunction(() =>
        [...document.images].every((img) => img.complete && img.naturalWidth > 0),
      );
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect({ path, widths }).toEqual({ path, widths: [widths[1], widths[1]] });
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
