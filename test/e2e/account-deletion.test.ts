import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { conversationIdOf, MESSAGE_DELETED } from '@waco/contracts';
import { SERVICE_NAMES, SERVICES } from '@waco/launcher/services';
import type { RunningStack } from '@waco/launcher/stack';
import { ObjectStore } from '@waco/media/object-store';
import { createBus, rebuildProjections } from '@waco/platform';
import {
  deleteTestStreams,
  dropSchema,
  requireNats,
  signUpAt,
  TEST_DATABASE_URL,
  TEST_NATS_URL,
  testClient,
  testLogger,
  uniqueName,
  waitFor,
} from '@waco/platform/testing';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmbeddedTestStack, type TestStack } from './support/embedded-test-stack';

// A deleted account leaves nothing readable. A member uses every feature;
// after the deletion, none of what they wrote or were called is found in any column of any
// table of any schema of the run, in any message of any JetStream stream of the run, in the
// mail catcher's store or in the object store; nor after every service's read tables are
// rebuilt from its event log. Before it, the event logs and the streams hold it sealed only.

const suffix = `_del${randomBytes(3).toString('hex')}`;
const busPrefix = uniqueName('del').replace('_', '');
const mark = randomBytes(4).toString('hex');
const alice = {
  firstName: `Zephyrine${mark}`,
  lastName: `Quillfeather${mark}`,
  email: `zephyrine.${mark}@example.com`,
  password: 'correct horse battery',
};
/** Everything Alice writes, each with the run's mark so that nothing else can match it. */
const wrote = {
  bio: `Restores canoes on the Brazos ${mark}`,
  location: `Castle Heights ${mark}`,
  title: `Porch concert with fiddles ${mark}`,
  editedTitle: `Porch concert moved indoors ${mark}`,
  description: `Bring a folding chair and lemonade ${mark}`,
  editedDescription: `Bring earplugs and a cushion ${mark}`,
  address: `1417 Columbus Avenue ${mark}`,
  phone: `254-555-${randomInt(1000, 9999)}`,
  company: `Quillfeather Boatworks ${mark}`,
  salary: `Twenty an hour ${mark}`,
  savedSearch: `vintage canoe paddle ${mark}`,
  searchTerm: `cedarstrip${mark}`,
  message: `Meet me by the suspension bridge ${mark}`,
  report: `He keeps posting the same hose ${mark}`,
  rating: `Hose leaked at the tap ${mark}`,
  pushEndpoint: `https://push.example.com/send/${mark}`,
  groupName: `Castle Heights canoe club ${mark}`,
  groupAbout: `We paddle the Bosque on Sundays ${mark}`,
  eventTitle: `Moonlight paddle ${mark}`,
  eventPlace: `Cameron Park boat ramp ${mark}`,
  eventNotes: `Headlamps required ${mark}`,
  businessAbout: `Saddles mended while you wait ${mark}`,
  review: `They restitched my old saddle ${mark}`,
  claimNote: `Ask for the owner at the counter ${mark}`,
  pushP256dh: randomBytes(65).toString('base64url'),
  pushAuth: randomBytes(16).toString('base64url'),
};
const NEEDLES = [alice.email, alice.firstName, alice.lastName, ...Object.values(wrote)];
const lowerNeedles = NEEDLES.map((n) => n.toLowerCase());

let test: TestStack;
let stack: RunningStack;
let pool: pg.Pool;
const mailDir = mkdtempSync(join(tmpdir(), 'waco-del-mail-'));

beforeAll(async () => {
  await requireNats();
  // JetStream as the distributed mode has it, so that its streams can be searched too.
  const bus = await createBus({
    kind: 'nats',
    natsUrl: TEST_NATS_URL,
    prefix: busPrefix,
    logger: testLogger,
  });
  test = await startEmbeddedTestStack({ schemaSuffix: suffix, bus, mailDir, webPush: true });
  stack = test.stack;
  pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await test?.stop();
  await deleteTestStreams(busPrefix).catch(() => {});
  for (const name of SERVICE_NAMES) await dropSchema(`${name}${suffix}`).catch(() => {});
  rmSync(mailDir, { recursive: true, force: true });
});

/** Which needles a text holds (case-insensitive). */
const found = (text: string) =>
  NEEDLES.filter((_, i) => text.toLowerCase().includes(lowerNeedles[i] as string));

/** Every column (any type, as text; bytea as its bytes) of every table of every schema of the run. */
async function searchDatabase(): Promise<{ searched: number; hits: string[] }> {
  const { rows: columns } = await pool.query<{ s: string; t: string; c: string; type: string }>(
    `SELECT c.table_schema AS s, c.table_name AS t, c.column_name AS c, c.data_type AS type
     FROM information_schema.columns c JOIN information_schema.tables t
       ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
     WHERE c.table_schema LIKE $1`,
    [`%${suffix}`],
  );
  const patterns = lowerNeedles.map((n) => `%${n}%`);
  const hits: string[] = [];
  for (const { s, t, c, type } of columns) {
    const text = type === 'bytea' ? `encode("${c}", 'escape')` : `"${c}"::text`;
    const { rows } = await pool.query<{ n: number; sample: string }>(
      `SELECT count(*)::int AS n, left(min(${text}), 300) AS sample FROM "${s}"."${t}" WHERE lower(${text}) LIKE ANY($1)`,
      [patterns],
    );
    if ((rows[0]?.n ?? 0) > 0)
      hits.push(
        `${s}.${t}.${c}: ${rows[0]?.n} row(s)${process.env.DEBUG_SEARCH ? ` ${rows[0]?.sample}` : ''}`,
      );
  }
  return { searched: columns.length, hits };
}

/**
 * Every message of every JetStream stream of the run, its subject, headers and body; `naming`
 * counts the messages that hold a given string (the member's id: the search reads the bodies).
 */
async function searchStreams(
  naming = '\u0000',
): Promise<{ streams: number; messages: number; naming: number; hits: string[] }> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    const hits: string[] = [];
    let [streams, messages, named] = [0, 0, 0];
    for await (const info of jsm.streams.list()) {
      if (!info.config.name.startsWith(`${busPrefix.toUpperCase()}_`)) continue;
      streams++;
      for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
        const m = await jsm.streams.getMessage(info.config.name, { seq }).catch(() => null);
        if (!m) continue;
        messages++;
        const headers = m.header
          ? [...m.header.keys()].map((k) => `${k}:${m.header?.get(k)}`).join('\n')
          : '';
        const text = `${m.subject}\n${headers}\n${Buffer.from(m.data).toString('utf8')}`;
        if (text.includes(naming)) named++;
        const matched = found(text);
        if (matched.length) hits.push(`${info.config.name}#${seq} (${m.subject}): ${matched.join(', ')}`);
      }
    }
    return { streams, messages, naming: named, hits };
  } finally {
    await nc.close();
  }
}

/** Every file under a folder (the mail catcher's store, the object store's), read as bytes. */
async function searchFiles(dir: string): Promise<{ files: number; hits: string[] }> {
  const hits: string[] = [];
  let files = 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    files++;
    const path = join(entry.parentPath, entry.name);
    const bytes = await readFile(path).catch(() => undefined);
    if (!bytes) continue;
    const matched = found(bytes.toString('latin1'));
    if (matched.length) hits.push(`${path.slice(dir.length)}: ${matched.join(', ')}`);
  }
  return { files, hits };
}

async function searchEverywhere() {
  const [database, streams, mail, objects] = [
    await searchDatabase(),
    await searchStreams(),
    await searchFiles(mailDir),
    await searchFiles(test.storeDir),
  ];
  return {
    database,
    streams,
    mail,
    objects,
    hits: [
      ...database.hits,
      ...streams.hits.map((h) => `stream ${h}`),
      ...mail.hits.map((h) => `mail ${h}`),
      ...objects.hits.map((h) => `object store ${h}`),
    ],
  };
}

type Search = Awaited<ReturnType<typeof searchEverywhere>>;
const report = (when: string, result: Search) =>
  console.log(
    `[search ${when}] for ${NEEDLES.length} strings: ${result.database.searched} columns of every table in ` +
      `the run's schemas (*${suffix}), ${result.streams.messages} messages in ${result.streams.streams} ` +
      `JetStream streams (${busPrefix.toUpperCase()}_*), ${result.mail.files} files of the mail store, ` +
      `${result.objects.files} files of the object store: ` +
      (result.hits.length ? `found in\n  ${result.hits.join('\n  ')}` : 'no match'),
  );

/**
 * Uploads a photo as the browser does (through the app origin to the store), with a caption
 * in its metadata that names its owner (media strips it); answers its path.
 */
async function uploadPhoto(cookie: string): Promise<string> {
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#a73' } })
    .withExif({ IFD0: { ImageDescription: `${alice.firstName} ${alice.lastName}` } })
    .jpeg()
    .toBuffer();
  const start = await fetch(`${stack.url}/api/objects/upload`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ contentType: 'image/jpeg', size: photo.length }),
  });
  expect(start.status).toBe(200);
  const { uploadURL, objectPath } = (await start.json()) as { uploadURL: string; objectPath: string };
  const put = await fetch(uploadURL, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg' },
    body: new Uint8Array(photo),
  });
  expect(put.status).toBe(200);
  const done = await fetch(`${stack.url}/api/media/complete`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ objectPath }),
  });
  expect(done.status).toBe(200);
  return objectPath;
}

/** The store's keys of an upload: the original and each variant made of it (once they are made). */
async function objectKeysOf(objectPath: string): Promise<string[]> {
  const key = objectPath.replace(/^\/objects\//, '');
  const { rows } = await pool.query<{ variants: Array<{ key: string }> }>(
    `SELECT variants FROM "media${suffix}".uploads WHERE key = $1 AND variants_at IS NOT NULL`,
    [key],
  );
  return rows[0] ? [key, ...rows[0].variants.map((v) => v.key)] : [];
}

it('erases a deleted account everywhere: every table, stream, mail and object, also after a rebuild', async () => {
  const call = testClient(stack.url);
  const as = (who: { cookie: string }) => ({ cookie: who.cookie });
  const ok = async (res: Promise<{ status: number; body: unknown }>) => {
    const answer = await res;
    expect([200, 201, 202, 204], `${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
    return answer as { status: number; body: { id: string } };
  };
  const a = await signUpAt(stack.url, alice);
  const b = await signUpAt(stack.url, { firstName: 'Bartholomew' });

  // Alice uses every feature: a profile with a photo, a bio and a place; an event post with her
  // photo, address, phone and email, then edited; a job post; likes, a save, an answer to an
  // event; a saved search and a search term; a message; a report; a password reset mailed to
  // her; and, last, push notifications on a device.
  const photo = await uploadPhoto(a.cookie);
  const avatar = await uploadPhoto(a.cookie);
  await ok(
    call('PUT', '/api/user/profile', {
      headers: as(a),
      json: {
        firstName: alice.firstName,
        lastName: alice.lastName,
        bio: wrote.bio,
        location: wrote.location,
        profileImageUrl: avatar,
      },
    }),
  );
  const post = await ok(
    call('POST', '/api/posts', {
      headers: as(a),
      json: {
        category: 'event',
        title: wrote.title,
        description: wrote.description,
        neighborhood: 'cameron_park',
        eventDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        address: wrote.address,
        contactPhone: wrote.phone,
        contactEmail: alice.email,
        imagePaths: [photo],
      },
    }),
  );
  await ok(
    call('PATCH', `/api/posts/${post.body.id}`, {
      headers: as(a),
      json: { title: wrote.editedTitle, description: wrote.editedDescription },
    }),
  );
  const job = await ok(
    call('POST', '/api/posts', {
      headers: as(a),
      json: {
        category: 'job',
        title: 'Boat builder',
        description: 'Weekends',
        neighborhood: 'downtown',
        company: wrote.company,
        salary: wrote.salary,
      },
    }),
  );
  const bobsPost = await ok(
    call('POST', '/api/posts', {
      headers: as(b),
      json: {
        category: 'sale',
        title: 'Garden hose',
        description: 'Fifty feet',
        neighborhood: 'cameron_park',
        price: '5',
      },
    }),
  );
  await ok(call('POST', `/api/posts/${bobsPost.body.id}/like`, { headers: as(a) }));
  await ok(call('POST', `/api/posts/${bobsPost.body.id}/save`, { headers: as(a) }));
  await ok(call('POST', `/api/posts/${post.body.id}/like`, { headers: as(b) }));
  await ok(call('POST', `/api/posts/${post.body.id}/save`, { headers: as(b) }));
  await ok(call('POST', `/api/posts/${job.body.id}/save`, { headers: as(b) }));
  await ok(
    call('POST', '/api/event-attendance', {
      headers: as(b),
      json: { postId: post.body.id, status: 'going' },
    }),
  );
  await ok(call('POST', '/api/saved-searches', { headers: as(a), json: { query: wrote.savedSearch } }));
  await ok(
    call('POST', '/api/user/filter-usage', {
      headers: as(a),
      json: { filterType: 'search_term', filterValue: wrote.searchTerm },
    }),
  );
  await ok(
    call('POST', '/api/messages', {
      headers: as(a),
      json: { recipientId: b.id, content: wrote.message, postId: bobsPost.body.id },
    }),
  );
  // A deal: she offers on Bob's hose (once messaging has heard of it), he accepts and marks it
  // sold to her, and she rates him.
  const deal = `/api/conversations/${conversationIdOf(a.id, b.id)}`;
  const offer = await waitFor(
    async () => {
      const made = await call('POST', `${deal}/offers`, {
        headers: as(a),
        json: { postId: bobsPost.body.id, amount: '4' },
      });
      return made.status === 201 ? (made.body as { id: string }) : undefined;
    },
    20_000,
    'her offer on the hose',
  );
  // Named again now that messaging knows the post: the rating rests on a message about it.
  await ok(
    call('POST', '/api/messages', {
      headers: as(a),
      json: { recipientId: b.id, content: 'Four dollars?', postId: bobsPost.body.id },
    }),
  );
  await ok(call('POST', `${deal}/offers/${offer.id}`, { headers: as(b), json: { answer: 'accept' } }));
  await ok(
    call('POST', `/api/posts/${bobsPost.body.id}/close`, {
      headers: as(b),
      json: { reason: 'sold', buyerId: a.id },
    }),
  );
  await waitFor(
    async () => {
      const rated = await call('POST', `${deal}/rating`, {
        headers: as(a),
        json: { postId: bobsPost.body.id, score: 2, note: wrote.rating },
      });
      return rated.status === 201 ? true : undefined;
    },
    20_000,
    'her rating of Bob, once messaging knows the sale',
  );
  await ok(
    call('POST', '/api/reports', {
      headers: as(a),
      json: { targetType: 'post', targetId: bobsPost.body.id, reason: 'spam', details: wrote.report },
    }),
  );
  // A group of hers (she is its only member: it closes with her account) and its event.
  const group = await ok(
    call('POST', '/api/groups', {
      headers: as(a),
      json: { name: wrote.groupName, description: wrote.groupAbout, isPublic: false },
    }),
  );
  await ok(
    call('POST', '/api/events', {
      headers: as(a),
      json: {
        title: wrote.eventTitle,
        location: wrote.eventPlace,
        description: wrote.eventNotes,
        startDate: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
        groupId: group.body.id,
        maxAttendees: 5,
      },
    }),
  );
  // A business she added (its name a public fact; its description her words), her review of it
  // and her claim on it.
  const business = await ok(
    call('POST', '/api/businesses', {
      headers: as(a),
      json: { name: 'Bosque Saddlery', category: 'shopping', description: wrote.businessAbout },
    }),
  );
  const businessPath = `/api/businesses/${business.body.id}`;
  await ok(
    call('POST', `${businessPath}/reviews`, { headers: as(a), json: { rating: 4, comment: wrote.review } }),
  );
  await ok(call('POST', `${businessPath}/claim`, { headers: as(a), json: { note: wrote.claimNote } }));
  await ok(call('POST', '/api/password-reset', { json: { email: alice.email } }));
  // Bob is told of her like and her message, under her name; she of his like and answer.
  await waitFor(
    async () => {
      const list = JSON.stringify((await call('GET', '/api/notifications', { headers: as(b) })).body);
      return list.includes(`${alice.firstName} ${alice.lastName} liked your post`) ? true : undefined;
    },
    20_000,
    'notifications naming Alice',
  );
  await waitFor(
    async () => {
      const list = JSON.stringify((await call('GET', '/api/notifications', { headers: as(a) })).body);
      return list.includes('is going to your event') ? true : undefined;
    },
    20_000,
    'notifications to Alice',
  );
  // Her mails (the reset link at least) are in the catcher's store.
  await waitFor(
    async () =>
      (await stack.mail?.list(alice.email))?.some((m) => /reset/i.test(m.subject)) ? true : undefined,
    20_000,
    'the reset mail',
  );
  await ok(
    call('POST', '/api/push/subscriptions', {
      headers: as(a),
      json: { endpoint: wrote.pushEndpoint, keys: { p256dh: wrote.pushP256dh, auth: wrote.pushAuth } },
    }),
  );
  const photoKeys = await waitFor(
    async () => {
      const keys = [...(await objectKeysOf(photo)), ...(await objectKeysOf(avatar))];
      return keys.length > 2 ? keys : undefined;
    },
    20_000,
    'variants of her photos',
  );

  // The search can fail: before the deletion it finds her in every service's tables and in the
  // mail store (media strips her photos' captions when it checks them: the object store search
  // is there should that ever change; her photos themselves are checked by key below)...
  const before = await searchEverywhere();
  report('before deletion', before);
  for (const service of SERVICE_NAMES.filter((s) => s !== 'media'))
    expect(
      before.hits.some((hit) => hit.startsWith(`${service}${suffix}.`)),
      service,
    ).toBe(true);
  expect(before.mail.hits.length).toBeGreaterThan(0);
  // Her rating's note is there, in messaging's ratings.
  expect(before.hits.some((hit) => hit.startsWith(`messaging${suffix}.ratings.note`))).toBe(true);
  expect(before.objects.files).toBeGreaterThan(photoKeys.length);
  // ... but never in an event log, nor in a stream: what she wrote travels sealed with her key.
  expect(before.streams.messages).toBeGreaterThan(20);
  expect((await searchStreams(a.id)).naming).toBeGreaterThan(5);
  expect(before.streams.hits).toEqual([]);
  expect(before.database.hits.filter((hit) => /\.events\./.test(hit))).toEqual([]);

  const objects = await ObjectStore.open(test.storage, testLogger);
  for (const key of photoKeys) expect(await objects.head(key), key).not.toBeNull();

  // A wrong password deletes nothing.
  const wrong = await call('DELETE', '/api/user', { headers: as(a), json: { password: 'not her password' } });
  expect(wrong.status).toBe(400);
  const deleted = await call('DELETE', '/api/user', { headers: as(a), json: { password: alice.password } });
  expect(deleted.status).toBe(204);

  // Every service erases its copy when UserDeleted reaches it.
  await waitFor(async () => (await searchEverywhere()).hits.length === 0, 30_000, 'erasure').catch(
    () => undefined,
  );
  const after = await searchEverywhere();
  report('after deletion', after);
  expect(after.hits).toEqual([]);
  for (const key of photoKeys) expect(await objects.head(key), key).toBeNull();
  objects.close();
  expect((await fetch(`${stack.url}${photo}`)).status).toBe(404);

  // A rebuild of every service's read tables from its log brings none of it back (her sealed
  // fields open to nothing), and fails on none of her events.
  const rebuiltNames: string[] = [];
  for (const name of SERVICE_NAMES) {
    const projections = SERVICES[name].projections ?? [];
    if (projections.length === 0) continue;
    rebuiltNames.push(name);
    const running = stack.services[name];
    await rebuildProjections(running.database, projections as never, { personalData: running.personalData });
  }
  const rebuilt = await searchEverywhere();
  report(`after rebuilding ${rebuiltNames.join(', ')}`, rebuilt);
  expect(rebuilt.hits).toEqual([]);

  // What people see: her session is gone, she cannot sign in, her posts are gone from the feed,
  // Bob reads "Message deleted" from "Former member", and her email can register again.
  expect((await call('GET', '/api/user', { headers: as(a) })).status).toBe(401);
  const login = await call('POST', '/api/login', { json: { email: alice.email, password: alice.password } });
  expect(login.status).toBe(401);
  const feed = JSON.stringify((await call('GET', '/api/posts', {})).body);
  expect(feed).not.toContain(post.body.id);
  expect(feed).not.toContain(job.body.id);
  expect(feed).toContain(bobsPost.body.id);
  // Her rating of Bob is gone from his profile, its count and average with it.
  expect((await call('GET', `/api/users/${b.id}/standing`, {})).body).toMatchObject({
    ratingsCount: 0,
    averageRating: null,
  });
  const conversations = await call('GET', '/api/messages', { headers: as(b) });
  expect(JSON.stringify(conversations.body)).toContain(MESSAGE_DELETED);
  expect(JSON.stringify(conversations.body)).toContain('Former');
  const again = await signUpAt(stack.url, alice);
  expect(again.id).not.toBe(a.id);
}, 180_000);
