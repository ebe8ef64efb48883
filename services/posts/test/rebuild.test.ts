import { rebuildProjections } from '@waco/platform';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTED_TABLES } from '../src/db/schema';
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

/** The tables' shape: columns, indexes and constraints, by name. A swap must keep all of it. */
async function catalogue() {
  const schema = posts.running.database.schema;
  return {
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

  const live = await dump();
  const shape = await catalogue();
  expect(live.posts).toHaveLength(3);
  expect(live.post_likes).toHaveLength(2);
  expect(live.event_attendance).toHaveLength(2);
  const result = await rebuildProjections(posts.running.database, [postsProjection]);
  expect(result.events).toBeGreaterThan(10);
  expect(await dump()).toEqual(live);
  expect(await catalogue()).toEqual(shape);

  // The rebuilt tables serve the same answers.
  const feed = await posts.call('GET', '/api/posts');
  expect(feed.body.posts.map((p: { id: string }) => p.id)).toEqual([event.id, job.id, sale.id]);
  expect(feed.body.posts[0]).toMatchObject({
    interestedCount: 0,
    goingCount: 2,
    likesCount: 1,
    savesCount: 0,
  });
});
