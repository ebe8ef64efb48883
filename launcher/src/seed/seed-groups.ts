import { uploadSeedPhoto } from './photos';
import type { SeedMember as Member, SeedClient } from './seed-client';

/**
 * The seed's groups and their events: a few Waco groups with members, one private, and
 * upcoming events, one of them small and full with a waitlist. `by`, `members` and
 * `attendees` are indexes into SEED_USERS; an event's date is `days` from the seeding day at
 * `time`, Waco time.
 */
export interface SeedGroup {
  by: number;
  name: string;
  description: string;
  neighborhood: 'cameron_park' | 'sanger_heights' | 'downtown' | 'brazos_park' | 'creek_meadows' | 'other';
  isPublic: boolean;
  photo: string;
  /** In the order they join (a private group's: ask, then its admin approves). */
  members: number[];
  events: SeedGroupEvent[];
}

export interface SeedGroupEvent {
  title: string;
  description: string;
  location: string;
  days: number;
  time: string;
  hours: number;
  maxAttendees: number | null;
  /** In the order they sign up: past the capacity they are waitlisted, in that order. */
  attendees: number[];
}

// biome-ignore format: one group a block, one event a line, reads as the seed it is
export const SEED_GROUPS: SeedGroup[] = [
  { by: 3, name: 'Cameron Park Trail Crew', neighborhood: 'cameron_park', isPublic: true, photo: 'trail-run',
    description: 'Hikers, runners and mountain bikers who love the trails of Cameron Park. Weekend rides, trail work days and sunrise runs up Jacob\'s Ladder.',
    members: [9, 1, 5, 0, 6],
    events: [
      { title: 'Saturday sunrise trail run', description: 'An easy 5 miles from the Pavilion, all paces welcome. Coffee after.', location: 'Cameron Park Pavilion, 2601 N University Parks Dr', days: 3, time: '07:00', hours: 2, maxAttendees: null, attendees: [3, 9, 1, 5] },
      { title: 'Trail work morning: River Trail', description: 'Clearing brush and fixing drainage on the River Trail. Gloves and tools provided; we are only a few, so sign up.', location: 'Cameron Park, Lovers Leap trailhead', days: 10, time: '08:30', hours: 3, maxAttendees: 4, attendees: [3, 9, 1, 5, 0, 6] },
    ] },
  { by: 4, name: 'Sanger Heights Book Club', neighborhood: 'sanger_heights', isPublic: true, photo: 'book-stack',
    description: 'We read one book a month, fiction and not, and meet on a porch in Sanger Heights to talk it over. New readers always welcome.',
    members: [6, 7, 2, 8],
    events: [
      { title: 'Book club: this month\'s novel', description: 'Bring the book, a snack if you like, and your opinions.', location: '1900 block of Sanger Ave (the porch with the string lights)', days: 12, time: '19:00', hours: 2, maxAttendees: 12, attendees: [4, 6, 7, 2] },
    ] },
  { by: 2, name: 'Downtown Waco Farmers Market Friends', neighborhood: 'downtown', isPublic: true, photo: 'market-stalls',
    description: 'Shoppers, growers and bakers of the Saturday market downtown: what is in season, who is selling what, and volunteer shifts.',
    members: [0, 5, 8, 1, 7, 9],
    events: [
      { title: 'Market volunteer shift', description: 'Help set up stalls and the info booth. Early, but there are kolaches.', location: 'Downtown Waco Farmers Market, 400 S University Parks Dr', days: 5, time: '06:30', hours: 3, maxAttendees: 8, attendees: [2, 0, 5] },
      { title: 'Fall harvest potluck', description: 'Cook something with what you bought at the market, and share it.', location: 'Heritage Square, downtown Waco', days: 19, time: '17:30', hours: 3, maxAttendees: null, attendees: [2, 8, 1, 7, 9] },
    ] },
  { by: 7, name: 'Sanger Heights Neighbourhood Watch', neighborhood: 'sanger_heights', isPublic: false, photo: 'string-lights',
    description: 'For residents of Sanger Heights: street safety, lost pets, and the monthly walk. Ask to join with your street.',
    members: [4, 6],
    events: [
      { title: 'Monthly evening walk', description: 'We walk the neighbourhood together and note broken street lights.', location: 'Corner of Sanger Ave and N 19th St', days: 8, time: '19:30', hours: 1, maxAttendees: null, attendees: [7, 4] },
    ] },
];

export interface GroupSeedCounts {
  groups: number;
  events: number;
}

/**
 * Makes the seed's groups, their members and events, and the sign-ups, through the API as
 * members would. What an interrupted seed already made is found and not made again: each
 * group by its name and creator, each membership and sign-up by the member's own state, each
 * event by its title in its group.
 */
export async function seedGroups(
  client: SeedClient,
  users: Member[],
  options: {
    photos: boolean;
    wacoTime(days: number, time: string): string;
    progress(done: number, total: number): void;
  },
): Promise<GroupSeedCounts> {
  const counts: GroupSeedCounts = { groups: 0, events: 0 };
  for (const [i, seed] of SEED_GROUPS.entries()) {
    const admin = users[seed.by] as Member;
    let groupId = await client.findId(
      admin.cookie,
      `/api/groups?search=${encodeURIComponent(seed.name)}&limit=50`,
      (g: { name: string; creatorId: string }) => g.name === seed.name && g.creatorId === admin.id,
    );
    if (!groupId) {
      const imageUrl = options.photos ? await uploadSeedPhoto(client, admin.cookie, seed.photo) : null;
      // Groups waits for media's word of the upload itself (its photo check).
      groupId = await client.createId(admin.cookie, '/api/groups', {
        name: seed.name,
        description: seed.description,
        neighborhood: seed.neighborhood,
        isPublic: seed.isPublic,
        imageUrl,
      });
      counts.groups++;
    }
    for (const m of seed.members) await join(client, groupId, users[m] as Member, admin);
    counts.events += await seedEvents(client, groupId, seed.events, users, options.wacoTime);
    options.progress(i + 1, SEED_GROUPS.length);
  }
  return counts;
}

/** Joins a public group, or asks to join a private one and has its admin approve. */
async function join(client: SeedClient, groupId: string, member: Member, admin: Member) {
  const group = await client.expect(200, 'GET', `/api/groups/${groupId}`, { cookie: member.cookie });
  let status: string = group.body.membership.status;
  if (status === 'none') {
    const joined = await client.expect(200, 'POST', `/api/groups/${groupId}/join`, {
      cookie: member.cookie,
      json: {},
    });
    status = joined.body.membership.status;
  }
  if (status === 'requested') {
    await client.expect(200, 'POST', `/api/groups/${groupId}/requests/${member.id}`, {
      cookie: admin.cookie,
      json: { approve: true },
    });
  }
}

async function seedEvents(
  client: SeedClient,
  groupId: string,
  events: SeedGroupEvent[],
  users: Member[],
  wacoTime: (days: number, time: string) => string,
) {
  let made = 0;
  for (const seed of events) {
    const organiser = users[seed.attendees[0] ?? 0] as Member;
    let eventId = await client.findId(
      organiser.cookie,
      `/api/events?groupId=${groupId}&limit=50`,
      (e: { title: string }) => e.title === seed.title,
    );
    if (!eventId) {
      const startDate = wacoTime(seed.days, seed.time);
      eventId = await client.createId(organiser.cookie, '/api/events', {
        title: seed.title,
        description: seed.description,
        location: seed.location,
        startDate,
        endDate: new Date(new Date(startDate).getTime() + seed.hours * 3_600_000).toISOString(),
        groupId,
        maxAttendees: seed.maxAttendees,
      });
      made++;
    }
    // One at a time, in order: the waitlist's order is the order of the sign-ups.
    for (const a of seed.attendees) {
      const attendee = users[a] as Member;
      const event = await client.expect(200, 'GET', `/api/events/${eventId}`, { cookie: attendee.cookie });
      if (event.body.myStatus === null) {
        await client.expect(200, 'POST', `/api/events/${eventId}/attend`, {
          cookie: attendee.cookie,
          json: {},
        });
      }
    }
  }
  return made;
}
