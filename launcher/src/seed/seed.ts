import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { uploadSeedPhoto } from './photos';
import { SeedClient, sessionCookie } from './seed-client';
import { SEED_FOLLOWS, SEED_THREADS, type SeedThread } from './seed-community';
import { seedDirectory } from './seed-directory';
import { seedGroups } from './seed-groups';
import { SEED_POSTS, type SeedPost } from './seed-posts';
import { SEED_PASSWORD, SEED_USERS, type SeedUser } from './seed-users';

export interface SeedOptions {
  /** The gateway's base URL, e.g. http://127.0.0.1:3000. */
  gatewayUrl: string;
  log: (line: string) => void;
  /**
   * The gateway's rate-limit exemption (its `rateLimitExemptToken`), when the seeding process
   * started it: the seed then spends none of the limit of the address browsers come from.
   */
  unlimitedToken?: string;
  /** Upload photos for the posts that have some (default true); needs the media service. */
  photos?: boolean;
  /**
   * A file that says a seed was begun and not finished (`npm start`: DATA_DIR/seed-state.json).
   * A start that finds one finishes that seed, though the feed is no longer empty.
   */
  stateFile?: string;
  /** Told after each step of the seed: its name, how many are done and how many in all. */
  progress?: (step: string, done: number, total: number) => void;
}

export interface SeedResult {
  seeded: boolean;
  users: number;
  posts: number;
  photos: number;
  likes: number;
  saves: number;
  responses: number;
  comments: number;
  follows: number;
  groups: number;
  events: number;
  businesses: number;
  reviews: number;
}

/**
 * A believable Waco feed on a first start: neighbours sign up, post (with photos), like, save
 * and answer events, all through the gateway's HTTP API as a browser would, so that events,
 * projections and notifications see it like any other activity. Does nothing when the feed
 * already has posts, unless `stateFile` says that a seed was begun there and not finished (the
 * first start was stopped during it): then it finishes that seed, doing only what is missing.
 */
export async function seedIfEmpty(options: SeedOptions): Promise<SeedResult> {
  const client = new SeedClient(options.gatewayUrl, options.log, options.unlimitedToken);
  const result: SeedResult = {
    seeded: false,
    users: 0,
    posts: 0,
    photos: 0,
    likes: 0,
    saves: 0,
    responses: 0,
    comments: 0,
    follows: 0,
    groups: 0,
    events: 0,
    businesses: 0,
    reviews: 0,
  };
  const unfinished = options.stateFile !== undefined && readState(options.stateFile) === 'started';
  const feed = await client.expect(200, 'GET', '/api/posts?limit=1');
  if (feed.body.posts.length > 0 && !unfinished) return result;

  const started = Date.now();
  options.log(
    unfinished
      ? 'seed: an earlier start was stopped while seeding; finishing the seed'
      : `seed: the feed is empty; seeding ${SEED_USERS.length} neighbours and ${SEED_POSTS.length} posts`,
  );
  if (options.stateFile) writeState(options.stateFile, 'started');
  const progress = options.progress ?? (() => {});
  const users: SeededUser[] = [];
  for (const user of SEED_USERS) {
    users.push(await signIn(client, user));
    progress('Seeding neighbours', users.length, SEED_USERS.length);
  }
  result.users = users.length;

  const random = seededRandom(1849); // Waco's founding year: the same feed every time
  const posts: { id: string; category: string; by: number; title: string }[] = [];
  for (const post of interleaved(SEED_POSTS)) {
    const author = users[post.by] as SeededUser;
    const existing = author.posts.get(post.title);
    if (existing) {
      posts.push({ id: existing, category: post.category, by: post.by, title: post.title });
      progress('Seeding posts', posts.length, SEED_POSTS.length);
      continue;
    }
    const imagePaths: string[] = [];
    if (options.photos !== false) {
      for (const name of post.photos ?? []) {
        imagePaths.push(await uploadSeedPhoto(client, author.cookie, name));
        result.photos++;
      }
    }
    const created = await createPost(client, author.cookie, post, imagePaths, options.log);
    posts.push({ id: created.id, category: post.category, by: post.by, title: post.title });
    result.posts++;
    progress('Seeding posts', posts.length, SEED_POSTS.length);
  }

  // Everyone browses: likes and saves on others' posts, answers to events. Likes and saves are
  // toggles: one an interrupted seed already made is left as it is. The draws are made whatever
  // is skipped, so that a finished seed is the same feed as one made in one go.
  for (const [u, user] of users.entries()) {
    for (const post of posts) {
      if (post.by === u) continue;
      if (random() < 0.28 && !user.liked.has(post.id)) {
        await client.expect(200, 'POST', `/api/posts/${post.id}/like`, { cookie: user.cookie });
        result.likes++;
      }
      if (random() < 0.1 && !user.saved.has(post.id)) {
        await client.expect(200, 'POST', `/api/posts/${post.id}/save`, { cookie: user.cookie });
        result.saves++;
      }
      if (post.category === 'event' && random() < 0.2) {
        const status = random() < 0.5 ? 'interested' : 'going';
        // Setting an answer again is harmless: it is a state, not a toggle.
        await client.expect(200, 'POST', '/api/event-attendance', {
          cookie: user.cookie,
          json: { postId: post.id, status },
        });
        result.responses++;
      }
    }
    progress('Seeding likes, saves and event answers', u + 1, users.length);
  }
  // Questions and answers under some posts, then who follows whom.
  for (const thread of SEED_THREADS) {
    const post = posts.find((p) => p.title === thread.post);
    if (!post) throw new Error(`seed: a thread names a post the seed does not have: "${thread.post}"`);
    result.comments += await seedThread(client, users, post.id, thread.comments);
    progress('Seeding comment threads', SEED_THREADS.indexOf(thread) + 1, SEED_THREADS.length);
  }
  for (const [follower, followed] of SEED_FOLLOWS) {
    const target = users[followed] as SeededUser;
    // Following again only sets the follow's alerts: an interrupted seed's follows are harmless.
    await client.expect(200, 'POST', `/api/users/${target.id}/follow`, {
      cookie: (users[follower] as SeededUser).cookie,
      json: {},
    });
    result.follows++;
  }
  // Groups with their members, and their upcoming events with sign-ups (one full, with a waitlist).
  const made = await seedGroups(client, users, {
    photos: options.photos !== false,
    wacoTime: (days, time) => wacoTime(days, time),
    progress: (done, total) => progress('Seeding groups and events', done, total),
  });
  result.groups = made.groups;
  result.events = made.events;
  // Local businesses, with their reviews and a claim waiting for a moderator.
  const directory = await seedDirectory(client, users, (done, total) =>
    progress('Seeding local businesses', done, total),
  );
  result.businesses = directory.businesses;
  result.reviews = directory.reviews;
  if (options.stateFile) writeState(options.stateFile, 'done');
  result.seeded = true;
  options.log(
    `seed: done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.users} users, ${result.posts} posts, ` +
      `${result.photos} photos, ${result.likes} likes, ${result.saves} saves, ${result.responses} event answers, ` +
      `${result.comments} comments, ${result.follows} follows, ${result.groups} groups, ${result.events} events, ` +
      `${result.businesses} businesses, ${result.reviews} reviews ` +
      `(password for every seeded account: ${SEED_PASSWORD})`,
  );
  return result;
}

function readState(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')).state;
  } catch {
    return undefined;
  }
}

function writeState(file: string, state: 'started' | 'done') {
  writeFileSync(file, `${JSON.stringify({ state, at: new Date().toISOString() })}\n`);
}

interface SeededUser {
  id: string;
  cookie: string;
  /** What an earlier, interrupted seed already did as this user: posts by title, likes, saves. */
  posts: Map<string, string>;
  liked: Set<string>;
  saved: Set<string>;
}

/** Signs the neighbour up, or in when an earlier, interrupted seed already did. */
async function signIn(client: SeedClient, user: SeedUser): Promise<SeededUser> {
  let res = await client.request('POST', '/api/signup', { json: { ...user, password: SEED_PASSWORD } });
  const existed = res.status === 409;
  if (existed) {
    res = await client.request('POST', '/api/login', {
      json: { email: user.email, password: SEED_PASSWORD },
    });
  }
  const cookie = sessionCookie(res);
  if (res.status >= 300 || !cookie) {
    throw new Error(`seed: could not sign ${user.email} in: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const me = await client.expect(200, 'GET', '/api/user', { cookie });
  const seeded: SeededUser = { id: me.body.id, cookie, posts: new Map(), liked: new Set(), saved: new Set() };
  if (existed) {
    for (const post of await allPosts(client, cookie, '/api/users/me/posts'))
      seeded.posts.set(post.title, post.id);
    for (const post of await allPosts(client, cookie, '/api/users/me/liked')) seeded.liked.add(post.id);
    for (const post of await allPosts(client, cookie, '/api/users/me/saved')) seeded.saved.add(post.id);
  }
  return seeded;
}

/** Every page of one of the signed-in user's lists. */
async function allPosts(client: SeedClient, cookie: string, path: string) {
  const posts: { id: string; title: string }[] = [];
  for (let cursor: string | null = null; ; ) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = await client.expect(200, 'GET', `${path}?limit=50${query}`, { cookie });
    posts.push(...page.body.posts);
    cursor = page.body.nextCursor;
    if (!cursor) return posts;
  }
}

/**
 * Writes a post's thread in its order, each reply under the comment above it one level up. A
 * comment an interrupted seed already wrote (the same writer, text and parent) is not written
 * again. Answers how many it wrote.
 */
async function seedThread(
  client: SeedClient,
  users: SeededUser[],
  postId: string,
  comments: SeedThread['comments'],
) {
  const written = new Map<string, string>();
  for (let cursor: string | null = null; ; ) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = await client.expect(200, 'GET', `/api/posts/${postId}/comments?limit=50${query}`);
    for (const c of page.body.comments) written.set(commentKey(c.userId, c.content, c.parentId), c.id);
    cursor = page.body.nextCursor;
    if (!cursor) break;
  }
  let count = 0;
  // The last comment written at each depth: a reply's parent is the one a level up.
  const last: string[] = [];
  for (const [depth, by, text] of comments) {
    const writer = users[by] as SeededUser;
    const parentId = depth > 1 ? (last[depth - 2] ?? null) : null;
    let id = written.get(commentKey(writer.id, text, parentId));
    if (!id) {
      id = await client.createId(writer.cookie, `/api/posts/${postId}/comments`, {
        content: text,
        parentId,
        mentions: mentionsIn(text, users),
      });
      count++;
    }
    last[depth - 1] = id;
  }
  return count;
}

/** The seeded neighbours a text names as `@First Last`, as the composer sends them. */
function mentionsIn(text: string, users: SeededUser[]) {
  return SEED_USERS.flatMap((user, i) => {
    const name = `${user.firstName} ${user.lastName}`;
    return text.includes(`@${name}`) ? [{ userId: (users[i] as SeededUser).id, name }] : [];
  });
}

const commentKey = (userId: string, content: string, parentId: string | null) =>
  `${userId}\n${parentId ?? ''}\n${content}`;

// Posts hears of an upload through media's event a few milliseconds later, normally; the relay
// can be held back longer by a long transaction elsewhere on the same Postgres.
const PHOTO_RULE_WAIT_MS = 60_000;

async function createPost(
  client: SeedClient,
  cookie: string,
  post: SeedPost,
  imagePaths: string[],
  log: (line: string) => void,
) {
  // The form's fields as the seed gives them; one it leaves out is null to posts, as a blank one.
  const { by, photos, event, ...fields } = post;
  const body = { ...fields, eventDate: event ? wacoTime(event.days, event.time) : null, imagePaths };
  const deadline = Date.now() + PHOTO_RULE_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    const res = await client.request('POST', '/api/posts', { cookie, json: body });
    if (res.status === 201) return res.body as { id: string };
    // Posts learns of an upload from media's event, a moment after the upload: wait for it.
    if (res.status === 400 && res.body?.field === 'imagePaths' && Date.now() < deadline) {
      if (attempt === 10) log(`seed: waiting for posts to hear of the photos of "${post.title}"`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    throw new Error(
      `seed: POST /api/posts "${post.title}" answered ${res.status}: ${JSON.stringify(res.body)}`,
    );
  }
}

/** `days` from today at `time` ("19:30") in Waco (America/Chicago), as an ISO timestamp. */
export function wacoTime(days: number, time: string, now = new Date()): string {
  const day = new Date(now.getTime() + days * 86_400_000);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(day); // YYYY-MM-DD
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', timeZoneName: 'longOffset' })
    .formatToParts(day)
    .find((p) => p.type === 'timeZoneName')
    ?.value.replace('GMT', '');
  return new Date(`${date}T${time}:00${offset || '-06:00'}`).toISOString();
}

/** Sales, jobs and events taken in turn, so that the newest page of the feed shows all three. */
function interleaved(posts: SeedPost[]): SeedPost[] {
  const byCategory = ['sale', 'job', 'event'].map((c) => posts.filter((p) => p.category === c));
  const out: SeedPost[] = [];
  for (let i = 0; out.length < posts.length; i++) {
    for (const list of byCategory) {
      const post = list[i];
      if (post) out.push(post);
    }
  }
  return out;
}

/** A small seeded PRNG (mulberry32): the same sequence for the same seed. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// For tests that need a member with a photographed post, the way the seed makes them.
export { uploadSeedPhoto } from './photos';
export { SeedClient, sessionCookie } from './seed-client';
