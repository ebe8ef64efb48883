import { randomBytes } from 'node:crypto';
import { MESSAGE_DELETED } from '@waco/contracts';
import { SERVICE_NAMES, SERVICES } from '@waco/launcher/services';
import type { RunningStack } from '@waco/launcher/stack';
import { ObjectStore } from '@waco/media/object-store';
import { rebuildProjections } from '@waco/platform';
import {
  dropSchema,
  signUpAt,
  TEST_DATABASE_URL,
  testClient,
  testLogger,
  waitFor,
} from '@waco/platform/testing';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmbeddedTestStack, type TestStack } from './support/embedded-test-stack';

// Issue 17: a deleted account's email, names and message texts appear nowhere in any table of
// any service, also after every service's read tables are rebuilt from its event log (the
// personal fields of the events are sealed with the user's key, destroyed at deletion).

const suffix = `_del${randomBytes(3).toString('hex')}`;
const mark = randomBytes(4).toString('hex');
const alice = {
  firstName: `Zephyrine${mark}`,
  lastName: `Quillfeather${mark}`,
  email: `zephyrine.${mark}@example.com`,
  password: 'correct horse battery',
};
const secretText = `Meet me by the suspension bridge ${mark}`;
const reportText = `He keeps posting the same hose ${mark}`;
const NEEDLES = [alice.email, alice.firstName, alice.lastName, secretText, reportText];

let test: TestStack;
let stack: RunningStack;
let pool: pg.Pool;

beforeAll(async () => {
  test = await startEmbeddedTestStack({ schemaSuffix: suffix });
  stack = test.stack;
  pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await test?.stop();
  for (const name of SERVICE_NAMES) await dropSchema(`${name}${suffix}`).catch(() => {});
});

/** Every text, varchar and json(b) column of every table of every service's schema, searched. */
async function searchEverywhere(): Promise<{ searched: number; hits: string[] }> {
  const schemas = SERVICE_NAMES.map((name) => `${name}${suffix}`);
  const { rows: columns } = await pool.query<{ s: string; t: string; c: string }>(
    `SELECT c.table_schema AS s, c.table_name AS t, c.column_name AS c
     FROM information_schema.columns c JOIN information_schema.tables t
       ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
     WHERE c.table_schema = ANY($1)
       AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')`,
    [schemas],
  );
  const patterns = NEEDLES.map((n) => `%${n.toLowerCase()}%`);
  const hits: string[] = [];
  for (const { s, t, c } of columns) {
    const { rows } = await pool.query<{ n: number; sample: string }>(
      `SELECT count(*)::int AS n, left(min("${c}"::text), 300) AS sample FROM "${s}"."${t}" WHERE lower("${c}"::text) LIKE ANY($1)`,
      [patterns],
    );
    if ((rows[0]?.n ?? 0) > 0)
      hits.push(
        `${s}.${t}.${c}: ${rows[0]?.n} row(s)${process.env.DEBUG_SEARCH ? ` ${rows[0]?.sample}` : ''}`,
      );
  }
  return { searched: columns.length, hits };
}

const report = (when: string, result: { searched: number; hits: string[] }) =>
  console.log(
    `[every-table search ${when}] ${result.searched} text/json columns of every table in ` +
      `${SERVICE_NAMES.map((n) => n + suffix).join(', ')} searched for ${JSON.stringify(NEEDLES)}: ` +
      (result.hits.length ? `found in\n  ${result.hits.join('\n  ')}` : 'no match'),
  );

/** Uploads a photo as the browser does (through the app origin to the store); answers its path. */
async function uploadPhoto(cookie: string): Promise<string> {
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#a73' } })
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

it('erases a deleted account everywhere, also after a rebuild of every service', async () => {
  const call = testClient(stack.url);
  const a = await signUpAt(stack.url, alice);
  const b = await signUpAt(stack.url, { firstName: 'Bartholomew' });
  const as = (who: { cookie: string }) => ({ cookie: who.cookie });

  // Alice's data in every service: a post with her photo (her email as its contact), a profile
  // photo, a message, likes both ways, a report.
  const photo = await uploadPhoto(a.cookie);
  const avatar = await uploadPhoto(a.cookie);
  const post = await call('POST', '/api/posts', {
    headers: as(a),
    json: {
      category: 'sale',
      title: 'Oak rocking chair',
      description: 'Sturdy, a little worn',
      neighborhood: 'cameron_park',
      price: '40',
      contactEmail: alice.email,
      imagePaths: [photo],
    },
  });
  expect(post.status).toBe(201);
  const profile = await call('PUT', '/api/user/profile', {
    headers: as(a),
    json: { firstName: alice.firstName, lastName: alice.lastName, profileImageUrl: avatar },
  });
  expect(profile.status).toBe(200);
  const bobsPost = await call('POST', '/api/posts', {
    headers: as(b),
    json: {
      category: 'sale',
      title: 'Garden hose',
      description: 'Fifty feet',
      neighborhood: 'cameron_park',
      price: '5',
    },
  });
  expect(bobsPost.status).toBe(201);
  expect((await call('POST', `/api/posts/${bobsPost.body.id}/like`, { headers: as(a) })).status).toBe(200);
  expect((await call('POST', `/api/posts/${post.body.id}/like`, { headers: as(b) })).status).toBe(200);
  expect(
    (
      await call('POST', '/api/messages', {
        headers: as(a),
        json: { recipientId: b.id, content: secretText },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await call('POST', '/api/reports', {
        headers: as(a),
        json: { targetType: 'post', targetId: bobsPost.body.id, reason: 'spam', details: reportText },
      })
    ).status,
  ).toBe(201);
  // Bob is told of her like and her message, under her name.
  await waitFor(
    async () => {
      const list = await call('GET', '/api/notifications', { headers: as(b) });
      return JSON.stringify(list.body).includes(alice.firstName) ? true : undefined;
    },
    20_000,
    'notifications naming Alice',
  );

  // The search can fail: before deletion it finds her in every service.
  const before = await searchEverywhere();
  report('before deletion', before);
  for (const service of ['identity', 'posts', 'messaging', 'notifications'])
    expect(before.hits.some((hit) => hit.startsWith(`${service}${suffix}.`))).toBe(true);
  // The event logs hold her fields sealed only.
  expect(before.hits.filter((hit) => /\.events\./.test(hit))).toEqual([]);

  // Her photos are in the store, with their variants.
  const objects = await ObjectStore.open(test.storage, testLogger);
  const photoKeys = await waitFor(
    async () => {
      const keys = [...(await objectKeysOf(photo)), ...(await objectKeysOf(avatar))];
      return keys.length > 2 ? keys : undefined;
    },
    20_000,
    'variants of her photos',
  );
  for (const key of photoKeys) expect(await objects.head(key), key).not.toBeNull();

  // A wrong password deletes nothing.
  const wrong = await call('DELETE', '/api/user', { headers: as(a), json: { password: 'not her password' } });
  expect(wrong.status).toBe(400);
  const deleted = await call('DELETE', '/api/user', { headers: as(a), json: { password: alice.password } });
  expect(deleted.status).toBe(204);

  // Every service erases its copy when UserDeleted reaches it.
  await waitFor(async () => (await searchEverywhere()).hits.length === 0, 15_000, 'erasure').catch(
    () => undefined,
  );
  const after = await searchEverywhere();
  report('after deletion', after);
  expect(after.hits).toEqual([]);
  // Her photos left the object store: every original and every variant.
  await waitFor(
    async () => {
      for (const key of photoKeys) if (await objects.head(key)) return undefined;
      return true;
    },
    15_000,
    'her photos deleted from the store',
  );
  console.log(
    `[object store after deletion] ${photoKeys.length} objects (2 originals and their variants): all gone`,
  );
  expect((await fetch(`${stack.url}${photo}`)).status).toBe(404);
  objects.close();

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

  // What people see: her session is gone, she cannot sign in, her post is gone from the feed,
  // Bob reads "Message deleted" from "Former member", and her email can register again.
  expect((await call('GET', '/api/user', { headers: as(a) })).status).toBe(401);
  const login = await call('POST', '/api/login', { json: { email: alice.email, password: alice.password } });
  expect(login.status).toBe(401);
  const feed = await call('GET', '/api/posts', {});
  expect(JSON.stringify(feed.body)).not.toContain(post.body.id);
  const conversations = await call('GET', '/api/messages', { headers: as(b) });
  expect(JSON.stringify(conversations.body)).toContain(MESSAGE_DELETED);
  expect(JSON.stringify(conversations.body)).toContain('Former');
  const again = await signUpAt(stack.url, alice);
  expect(again.id).not.toBe(a.id);
}, 120_000);
