import { randomUUID } from 'node:crypto';
import { PostLiked, PostUnliked } from '@waco/contracts';
import {
  appendToStream,
  createDatabase,
  type Logger,
  migrate,
  type NewEvent,
  newEvent,
  OutboxRelay,
  rebuildProjections,
} from '@waco/platform';
import { dropSchema, TEST_DATABASE_URL, testLogger, uniqueName, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTED_TABLES } from '../src/db/schema';
import { likeStream } from '../src/domain/streams';
import { postsProjection } from '../src/projections/apply-events';
import { type Posts, startPosts } from './harness';

let posts: Posts;

beforeAll(async () => {
  // Photo paths here are made up; the uploaded-photo rule has its own test.
  posts = await startPosts({ service: { requireUploadedMedia: false } });
});
afterAll(() => posts?.stop());

/** Every row of every projected table, in a fixed order, as text. */
async function dump() {
  const tables: Record<string, unknown[]> = {};
  for (const table of PROJECTED_TABLES) {
    tables[table] = await posts.query(`SELECT t::text AS row FROM ${table} t ORDER BY t::text`);
  }
  return tables;
}

/**
 * The tables' shape: columns, indexes and constraints, by name, and whether each is logged (an
 * UNLOGGED table would be emptied by a crash). A swap must keep all of it.
 */
async function catalogue() {
  const schema = posts.running.database.schema;
  return {
    persistence: await posts.query(
      `SELECT relname, relpersistence FROM pg_class
       WHERE relnamespace = $1::regnamespace AND relkind IN ('r', 'i') ORDER BY relname`,
      [schema],
    ),
    columns: await posts.query(
      `SELECT table_name, column_name, data_type, column_default, is_nullable, generation_expression
       FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, ordinal_position`,
      [schema],
    ),
    indexes: await posts.query(
      `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname`,
      [schema],
    ),
    constraints: await posts.query(
      `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE connamespace = $1::regnamespace ORDER BY conname`,
      [schema],
    ),
  };
}

it('rebuilding the read tables from the events gives exactly the live tables', async () => {
  const [ada, bob, cleo] = [
    await posts.registerUser('Ada', 'Lovelace'),
    await posts.registerUser('Bob', 'Baylor'),
    await posts.registerUser('Cleo', 'Creek'),
  ];
  const sale = await posts.createPost(ada, { description: 'Solid oak. #furniture', price: '99999999.99' });
  const job = await posts.createPost(bob, {
    category: 'job',
    title: 'Barista',
    description: 'Mornings',
    company: 'Common Grounds',
    salary: '$14/hour',
    contactEmail: 'jobs@example.com',
  });
  const event = await posts.createPost(cleo, {
    category: 'event',
    title: 'Porch concert',
    description: 'Sanger Heights, bring a chair',
    eventDate: '2030-05-01T19:00:00-05:00',
    imagePaths: ['/objects/uploads/a.jpg', '/objects/uploads/b.jpg'],
  });
  for (const [as, action, postId] of [
    [bob, 'like', sale.id],
    [cleo, 'like', sale.id],
    [bob, 'like', sale.id], // unliked again
    [ada, 'save', job.id],
    [ada, 'like', event.id],
    [bob, 'save', event.id],
    [bob, 'save', event.id], // unsaved again
    [cleo, 'save', sale.id],
  ] as const) {
    expect((await posts.call('POST', `/api/posts/${postId}/${action}`, { as })).status).toBe(200);
  }
  for (const [as, status] of [
    [ada, 'interested'],
    [bob, 'going'],
    [ada, 'going'],
  ] as const) {
    await posts.call('POST', '/api/event-attendance', { as, json: { postId: event.id, status } });
  }
  await posts.call('GET', '/api/posts?search=oak', { as: bob });
  await posts.call('GET', '/api/posts?search=Oak', { as: bob });
  await posts.call('POST', '/api/user/filter-usage', {
    as: ada,
    json: { filterType: 'tag', filterValue: '#weekend' },
  });

  // The lifecycle: edits, closing and reopening, renewal, withdrawal, saved searches,
  // a deleted post with its reactions, and an expiry recorded by the sweep.
  const ok = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, as: string, json?: object) =>
    expect((await posts.call(method, url, { as, json })).status).toBeLessThan(300);
  await ok('PATCH', `/api/posts/${sale.id}`, ada, { price: '80', title: 'Oak chair #vintage' });
  await ok('POST', `/api/posts/${job.id}/close`, bob, { reason: 'filled' });
  await ok('POST', `/api/posts/${event.id}/close`, cleo, { reason: 'cancelled' });
  await ok('POST', `/api/posts/${event.id}/reopen`, cleo);
  await ok('POST', `/api/posts/${sale.id}/renew`, ada);
  await ok('DELETE', `/api/event-attendance?postId=${event.id}`, ada);
  await ok('POST', '/api/saved-searches', bob, { query: 'chair', maxPrice: 100 });
  const dropped = await posts.call('POST', '/api/saved-searches', { as: bob, json: { category: 'job' } });
  await ok('DELETE', `/api/saved-searches/${dropped.body.id}`, bob);
  const gone = await posts.createPost(bob, { title: 'Old lamp' });
  await ok('POST', `/api/posts/${gone.id}/like`, ada);
  await ok('POST', `/api/posts/${gone.id}/save`, cleo);
  // A thread: comments, replies, an edit, likes (one undone), a deleted comment kept by its reply,
  // one deleted outright, and a thread gone with its post.
  const said = async (as: string, postId: string, content: string, parentId?: string) =>
    (await posts.call('POST', `/api/posts/${postId}/comments`, { as, json: { content, parentId } })).body
      .id as string;
  const asked = await said(bob, sale.id, 'Still there?');
  const answer = await said(ada, sale.id, 'Yes', asked);
  await said(cleo, sale.id, 'Me next', answer);
  const dropping = await said(cleo, sale.id, 'Never mind');
  await ok('PATCH', `/api/comments/${answer}`, ada, { content: 'Yes, until Sunday' });
  await ok('POST', `/api/comments/${answer}/like`, bob);
  await ok('POST', `/api/comments/${answer}/like`, cleo);
  await ok('POST', `/api/comments/${answer}/like`, cleo);
  await ok('DELETE', `/api/comments/${asked}`, bob);
  await ok('DELETE', `/api/comments/${dropping}`, cleo);
  const lampComment = await said(ada, gone.id, 'Nice lamp');
  await ok('POST', `/api/comments/${lampComment}/like`, cleo);
  await ok('DELETE', `/api/posts/${gone.id}`, bob);
  await posts.sweep(new Date(Date.now() + 40 * 86_400_000));

  const live = await dump();
  expect(live.comments).toHaveLength(3);
  expect(live.comment_likes).toHaveLength(1);
  const shape = await catalogue();
  expect(live.posts).toHaveLength(3);
  expect(live.post_likes).toHaveLength(2);
  expect(live.event_attendance).toHaveLength(1);
  expect(live.saved_searches).toHaveLength(1);
  const result = await rebuildProjections(posts.running.database, [postsProjection]);
  expect(result.events).toBeGreaterThan(10);
  expect(await dump()).toEqual(live);
  expect(await catalogue()).toEqual(shape);

  // The rebuilt tables serve the same answers.
  const feed = await posts.call('GET', '/api/posts');
  // The sale expired (the sweep ran 40 days ahead); the job is closed but shown for 7 days.
  expect(feed.body.posts.map((p: { id: string }) => p.id)).toEqual([event.id, job.id]);
  expect((await posts.call('GET', `/api/posts/${sale.id}`)).body).toMatchObject({
    state: 'expired',
    price: '80.00',
  });
  expect(feed.body.posts[0]).toMatchObject({
    interestedCount: 0,
    goingCount: 1,
    likesCount: 1,
    savesCount: 0,
  });
});

it('a rebuild writes likes and saves together, and leaves the rows and counts that one at a time left', async () => {
  const members = [
    await posts.registerUser('Dee', 'Toggle'),
    await posts.registerUser('Eli', 'Toggle'),
    await posts.registerUser('Fay', 'Toggle'),
  ];
  const owner = await posts.registerUser('Gil', 'Owner');
  const shelf = await posts.createPost(owner, { title: 'Shelf', description: 'Pine' });
  const lamp = await posts.createPost(owner, { title: 'Lamp', description: 'Brass' });
  // Each member presses like and save on both posts 1 to 4 times, interleaved: some end liked,
  // some not, some liked again after taking it back (the row that stands is the last like's).
  for (let round = 0; round < 4; round++) {
    for (const [i, as] of members.entries()) {
      for (const [j, post] of [shelf, lamp].entries()) {
        if (round <= (i + j) % 4) {
          expect((await posts.call('POST', `/api/posts/${post.id}/like`, { as })).status).toBe(200);
          if ((i + round) % 2 === 0)
            expect((await posts.call('POST', `/api/posts/${post.id}/save`, { as })).status).toBe(200);
        }
      }
    }
  }
  const live = await dump();
  const result = await rebuildProjections(posts.running.database, [postsProjection]);
  expect(result.events).toBeGreaterThan(20);
  expect(await dump()).toEqual(live);
  // The counters are the rows.
  const counts = await posts.query(
    `SELECT p.likes_count = (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id)
        AND p.saves_count = (SELECT count(*) FROM saved_posts s WHERE s.post_id = p.id) AS agree
     FROM posts p WHERE p.id = ANY($1::uuid[])`,
    [[shelf.id, lamp.id]],
  );
  expect(counts).toEqual([{ agree: true }, { agree: true }]);
});

it('rebuilds while likes, saves, feed reads and another service’s relay go on, and loses none of them', async () => {
  const schema = posts.running.database.schema;
  // A few thousand events, appended and projected as a like command does, in fewer transactions.
  const owners = [await posts.registerUser('Dee', 'Dale'), await posts.registerUser('Eli', 'Elm')];
  const targets: { postId: string; ownerId: string; title: string; category: 'sale' }[] = [];
  for (let i = 0; i < 20; i++) {
    const post = await posts.createPost(owners[i % 2] as string, { title: `Chair ${i}` });
    targets.push({
      postId: post.id,
      ownerId: owners[i % 2] as string,
      title: post.title,
      category: 'sale' as const,
    });
  }
  for (let chunk = 0; chunk < 7; chunk++) {
    await posts.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 300; i++) {
        const post = targets[i % targets.length] as (typeof targets)[number];
        const userId = randomUUID();
        const events: NewEvent[] = [newEvent(PostLiked, { ...post, userId })];
        if (i % 7 === 0) events.push(newEvent(PostUnliked, { ...post, userId }));
        const stream = likeStream(post.postId, userId);
        const appended = await appendToStream(trx, schema, stream, 0, events);
        await postsProjection.apply(trx, appended);
      }
    });
  }

  // Another service on the same server, with its own schema and outbox relay.
  const other = createDatabase({ url: TEST_DATABASE_URL, schema: uniqueName('other'), max: 2 });
  await migrate(other, {});
  const relay = new OutboxRelay({ database: other, producer: 'other', bus: posts.bus, logger: testLogger });
  const received = new Map<string, boolean>();
  let rebuilding = true;
  await posts.bus.subscribe({
    consumer: 'rebuild-test',
    producer: 'other',
    types: ['Pinged'],
    handle: async (event) => {
      received.set(event.id, rebuilding);
    },
  });
  await relay.start();

  try {
    const shape = await catalogue();
    const rebuild = rebuildProjections(posts.running.database, [postsProjection], { batchSize: 100 }).finally(
      () => {
        rebuilding = false;
      },
    );
    // One writer, one reader and one other service, each one request at a time: whatever each
    // finishes while the rebuild still runs was not held up until its end.
    const writes: { userId: string; postId: string; status: number; during: boolean }[] = [];
    const reads: { status: number; during: boolean }[] = [];
    const pings: string[] = [];
    const writer = (async () => {
      for (let i = 0; rebuilding; i++) {
        const userId = randomUUID();
        const postId = (targets[i % targets.length] as (typeof targets)[number]).postId;
        const res = await posts.call('POST', `/api/posts/${postId}/${i % 3 ? 'like' : 'save'}`, {
          as: userId,
        });
        writes.push({ userId, postId, status: res.status, during: rebuilding });
      }
    })();
    const reader = (async () => {
      while (rebuilding) {
        const res = await posts.call('GET', '/api/posts?limit=5', { as: owners[0] });
        reads.push({ status: res.status, during: rebuilding });
      }
    })();
    const pinger = (async () => {
      while (rebuilding) {
        await other.db.transaction().execute(async (trx) => {
          const [ping] = await appendToStream(trx, other.schema, `ping-${randomUUID()}`, 0, [
            { type: 'Pinged', schemaVersion: 1, data: {} },
          ]);
          pings.push(ping?.id as string);
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const result = await rebuild;
    await Promise.all([writer, reader, pinger]);

    // Live traffic went on: every request succeeded, and many finished before the rebuild did.
    expect(writes.filter((w) => w.status !== 200)).toEqual([]);
    expect(reads.filter((r) => r.status !== 200)).toEqual([]);
    expect(writes.filter((w) => w.during).length).toBeGreaterThan(2);
    expect(reads.filter((r) => r.during).length).toBeGreaterThan(2);
    // The other service's events were published while the rebuild ran, not held back to its end.
    expect([...received.values()].filter(Boolean).length).toBeGreaterThan(2);
    // And every one of them is published (held back at most by other transactions on the server).
    await waitFor(() => (pings.every((id) => received.has(id)) ? true : undefined));
    // The replay ran in many short transactions; only the last few events waited for the lock.
    expect(result.events).toBeGreaterThan(2000);
    expect(result.batches).toBeGreaterThan(20);
    expect(result.eventsUnderLock).toBeLessThan(result.events / 10);
    expect(result.lockHeldMs).toBeLessThan(5_000);

    // Nothing written during the rebuild was lost, and the tables are what a quiet rebuild of
    // the whole log (those writes included) gives, in the same shape.
    const after = await dump();
    for (const w of writes) {
      const { rows } = await posts.running.database.pool.query(
        'SELECT 1 FROM post_likes WHERE user_id = $1 AND post_id = $2 UNION ALL SELECT 1 FROM saved_posts WHERE user_id = $1 AND post_id = $2',
        [w.userId, w.postId],
      );
      expect(rows).toHaveLength(1);
    }
    const counters = await posts.query(
      `SELECT count(*)::int AS wrong FROM posts p
       WHERE likes_count <> (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id)
          OR saves_count <> (SELECT count(*) FROM saved_posts s WHERE s.post_id = p.id)`,
    );
    expect(counters).toEqual([{ wrong: 0 }]);
    expect(await catalogue()).toEqual(shape);
    await rebuildProjections(posts.running.database, [postsProjection]);
    expect(await dump()).toEqual(after);
    expect((await posts.call('GET', '/api/posts?limit=5')).status).toBe(200);
  } finally {
    await relay.stop();
    await other.close();
    await dropSchema(other.schema);
  }
}, 120_000);

it('gives way to a transaction holding the live tables, and swaps once it ends', async () => {
  const before = await dump();
  const holder = await posts.running.database.pool.connect();
  const retries: unknown[] = [];
  try {
    // An open transaction that read post_likes holds a lock the swap needs until it ends.
    await holder.query('BEGIN');
    await holder.query('SELECT count(*) FROM post_likes');
    const rebuild = rebuildProjections(posts.running.database, [postsProjection], {
      lockTimeoutMs: 100,
      logger: { info: () => {}, warn: (...args: unknown[]) => retries.push(args) } as unknown as Logger,
    });
    await waitFor(() => (retries.length > 0 ? true : undefined));
    // The swap gave up its place in the queue: others are not stuck behind it meanwhile.
    expect((await posts.call('GET', '/api/posts?limit=5')).status).toBe(200);
    await holder.query('COMMIT');
    const result = await rebuild;
    expect(result.swapAttempts).toBeGreaterThan(1);
  } finally {
    holder.release();
  }
  expect(await dump()).toEqual(before);
});

it('refuses, before touching anything, tables a swap would cut from what depends on them', async () => {
  const before = await dump();
  await posts.query('CREATE VIEW popular AS SELECT id FROM posts WHERE likes_count > 0');
  try {
    await expect(rebuildProjections(posts.running.database, [postsProjection])).rejects.toThrow(
      /Cannot rebuild .* by swapping tables[\s\S]*view popular reads posts/,
    );
  } finally {
    await posts.query('DROP VIEW popular');
  }
  expect(await dump()).toEqual(before);
  const shadow = await posts.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [
    `${posts.running.database.schema}_rebuild`,
  ]);
  expect(shadow).toEqual([]);
});

it('refuses read-only indexes it cannot build after the replay: a unique one, or one that is not there', async () => {
  const before = await dump();
  for (const [readOnlyIndexes, refusal] of [
    [['posts_feed_idx', 'posts_pkey'], /A unique index cannot wait for the replay: posts_pkey/],
    [['posts_feed_idx', 'posts_renamed_idx'], /No index posts_renamed_idx on posts/],
  ] as const) {
    const projection = { ...postsProjection, readOnlyIndexes };
    await expect(rebuildProjections(posts.running.database, [projection])).rejects.toThrow(refusal);
  }
  expect(await dump()).toEqual(before);
});
