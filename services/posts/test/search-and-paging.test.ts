import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Posts, startPostsWithAda } from './harness';

let posts: Posts;
let ada: string;
// pg warns (and pg 9 will refuse) when a query is queued behind another on one connection: the
// typo threshold is set by Postgres as each connection starts, never by a query queued first.
const warnings: string[] = [];
const noteWarning = (warning: Error) => warnings.push(warning.message);

beforeAll(async () => {
  process.on('warning', noteWarning);
  ({ posts, ada } = await startPostsWithAda());
});
afterAll(async () => {
  process.off('warning', noteWarning);
  await posts?.stop();
});

const ids = (page: { posts: { id: string }[] }) => page.posts.map((p) => p.id);

/**
 * The ids of every page of `path`, following each answer's cursor until there is none;
 * `betweenPages` runs after each page.
 */
async function everyPage(path: string, betweenPages?: () => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { posts: { id: string }[]; nextCursor: string | null } = (
      await posts.call('GET', `${path}${cursor ? `&cursor=${cursor}` : ''}`)
    ).body;
    seen.push(...ids(page));
    cursor = page.nextCursor;
    await betweenPages?.();
  } while (cursor);
  return seen;
}

describe('search', () => {
  it('ranks a title match above a description match', async () => {
    const inTitle = await posts.createPost(ada, {
      title: 'Blue bicycle, 21 speed',
      description: 'Rides well, new tyres.',
    });
    const inDescription = await posts.createPost(ada, {
      title: 'Road helmet and lights',
      description: 'Fits any bicycle; barely used.',
    });
    const res = await posts.call('GET', '/api/posts?search=bicycle');
    expect(res.status).toBe(200);
    // The title match is the older one, yet first: rank decides, not time.
    expect(ids(res.body).slice(0, 2)).toEqual([inTitle.id, inDescription.id]);
  });

  it('finds a post by the very next search after it is created', async () => {
    const post = await posts.createPost(ada, { title: 'Vintage typewriter', description: 'Works.' });
    expect(ids((await posts.call('GET', '/api/posts?search=typewriter')).body)).toEqual([post.id]);
  });

  it('tolerates a typo in the title ("bicyle" finds "bicycle")', async () => {
    const res = await posts.call('GET', '/api/posts?search=bicyle');
    expect(res.body.posts.map((p: { title: string }) => p.title)).toContain('Blue bicycle, 21 speed');
  });

  it('finds words in other forms (stemming) and misses what is not there', async () => {
    expect((await posts.call('GET', '/api/posts?search=rides')).body.posts).toHaveLength(1);
    expect((await posts.call('GET', '/api/posts?search=zeppelin')).body.posts).toEqual([]);
  });

  it('matches a #tag against the hashtags in the text', async () => {
    const tagged = await posts.createPost(ada, {
      title: 'Dining table',
      description: 'Seats six. #furniture #Downtown',
    });
    await posts.createPost(ada, { title: 'Furniture dolly', description: 'Moves furniture, no tag here.' });
    expect(ids((await posts.call('GET', '/api/posts?search=%23furniture')).body)).toEqual([tagged.id]);
    expect(ids((await posts.call('GET', '/api/posts?search=%23downtown')).body)).toEqual([tagged.id]);
    expect(ids((await posts.call('GET', '/api/posts?search=%23furniture%20table')).body)).toEqual([
      tagged.id,
    ]);
    expect((await posts.call('GET', '/api/posts?search=%23weekend')).body.posts).toEqual([]);
  });

  it('records a signed-in search as a search_term use (once per search, not per page)', async () => {
    const bob = await posts.registerUser('Bob', 'Baylor');
    await posts.call('GET', '/api/posts?search=Bicycle', { as: bob });
    await posts.call('GET', '/api/posts?search=Bicycle&offset=15', { as: bob });
    await posts.call('GET', '/api/posts?search=bicycle', { as: bob });
    await posts.call('GET', '/api/posts?search=bicycle');
    const top = await posts.call('GET', '/api/user/top-filters', { as: bob });
    expect(top.body).toEqual([
      expect.objectContaining({ filterType: 'search_term', filterValue: 'bicycle', usageCount: 2 }),
    ]);
  });
});

describe('filters', () => {
  it('filters by category and by neighbourhood, alone or together', async () => {
    const job = await posts.createPost(ada, {
      category: 'job',
      title: 'Line cook',
      description: 'Evenings',
      neighborhood: 'downtown',
    });
    const event = await posts.createPost(ada, {
      category: 'event',
      title: 'Sanger Heights porch concert',
      description: 'Bring a chair',
      neighborhood: 'sanger_heights',
      eventDate: '2030-05-01T19:00:00Z',
    });
    const jobs = (await posts.call('GET', '/api/posts?category=job')).body;
    expect(ids(jobs)).toEqual([job.id]);
    const sanger = (await posts.call('GET', '/api/posts?neighborhood=sanger_heights')).body;
    expect(ids(sanger)).toEqual([event.id]);
    expect(
      (await posts.call('GET', '/api/posts?category=job&neighborhood=sanger_heights')).body.posts,
    ).toEqual([]);
    const all = (await posts.call('GET', '/api/posts?category=sale&limit=50')).body.posts;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((p: { category: string }) => p.category === 'sale')).toBe(true);
  });
});

describe('paging', () => {
  let author: string;
  let made: string[];

  beforeAll(async () => {
    author = await posts.registerUser('Pat', 'Pager');
    made = [];
    for (let i = 0; i < 23; i++) {
      made.push(
        (await posts.createPost(author, { title: `Paging item ${i}`, neighborhood: 'creek_meadows' })).id,
      );
    }
  });

  const url = (query: string) => `/api/users/${author}/posts?${query}`;

  it('by offset returns every post once, newest first', async () => {
    const seen: string[] = [];
    for (let offset = 0; ; offset += 5) {
      const page = (await posts.call('GET', url(`limit=5&offset=${offset}`))).body;
      seen.push(...ids(page));
      if (page.posts.length < 5) break;
    }
    expect(seen).toEqual([...made].reverse());
  });

  it('by cursor returns every post once, also while new posts arrive', async () => {
    let pages = 0;
    const seen = await everyPage(url('limit=5'), async () => {
      // Someone posts between every page: the list already read must not shift.
      await posts.createPost(author, { title: `Arrived after page ${++pages}` });
    });
    expect(seen).toEqual([...made].reverse());
    expect(pages).toBe(5);
  });

  it('the feed pages by cursor with filters, and a cursor is refused for a text search', async () => {
    const first = (await posts.call('GET', '/api/posts?neighborhood=creek_meadows&limit=20')).body;
    expect(first.posts).toHaveLength(20);
    const second = (
      await posts.call('GET', `/api/posts?neighborhood=creek_meadows&limit=20&cursor=${first.nextCursor}`)
    ).body;
    const all = [...ids(first), ...ids(second)];
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(23);
    const res = await posts.call('GET', `/api/posts?search=item&cursor=${first.nextCursor}`);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('cursor');
  });

  it('a ranked search pages with its own cursor, each result once', async () => {
    const everything = ids((await posts.call('GET', '/api/posts?search=paging&limit=50')).body);
    expect(everything.length).toBeGreaterThan(20); // "paging" also finds "page" (stemming)
    const all = await everyPage('/api/posts?search=paging&limit=10');
    expect(all).toEqual(everything);
  });

  it('a typo search pages through its similar titles, each once; past the end of a word search is empty', async () => {
    const kayaks: string[] = [];
    for (let i = 0; i < 12; i++) {
      kayaks.push(
        (await posts.createPost(author, { title: `Kayak number ${i}`, description: 'Paddle included' })).id,
      );
    }
    const seen = await everyPage('/api/posts?search=kayakk&limit=5');
    expect([...seen].sort()).toEqual([...kayaks].sort());
    // "paging" has matches, so a page past their end is empty, not a fall-back to similar titles.
    const past = await posts.call('GET', '/api/posts?search=paging&offset=500');
    expect(past.body).toEqual({ posts: [], nextCursor: null });
  });

  it('refuses a cursor it did not give', async () => {
    for (const cursor of ['nonsense', Buffer.from('{"t":"x","i":"y"}').toString('base64url'), randomUUID()]) {
      const res = await posts.call('GET', `/api/posts?cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/cursor/);
    }
  });
});

it('never queues a query behind another on one connection', () => {
  expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
});
