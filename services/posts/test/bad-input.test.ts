import { randomUUID } from 'node:crypto';
import type { TestRequest } from '@waco/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Posts, startPosts } from './harness';

/** Bad input on every route: a 4xx with a message naming the problem, never a 500, no write. */
let posts: Posts;
let ada: string;
let sale: { id: string };

beforeAll(async () => {
  posts = await startPosts();
  ada = await posts.registerUser();
  sale = await posts.createPost(ada);
});
afterAll(() => posts?.stop());

const valid = { category: 'sale', title: 'Oak chair', description: 'Solid oak' };
const post = (json: unknown): TestRequest => ({ json });

type Case = [
  name: string,
  method: 'GET' | 'POST',
  url: string,
  init?: TestRequest,
  status?: number,
  message?: RegExp,
];

// biome-ignore format: one case a line reads as a table
const cases = (): Case[] => [
  ['feed: limit 0', 'GET', '/api/posts?limit=0', {}, 400, /limit/],
  ['feed: limit not a number', 'GET', '/api/posts?limit=ten', {}, 400, /limit/],
  ['feed: limit over 50', 'GET', '/api/posts?limit=51', {}, 400, /limit is at most 50/],
  ['feed: negative offset', 'GET', '/api/posts?offset=-1', {}, 400, /offset/],
  ['feed: unknown category', 'GET', '/api/posts?category=boats', {}, 400, /Category must be one of/],
  ['feed: unknown neighbourhood', 'GET', '/api/posts?neighborhood=moon', {}, 400, /Unknown neighborhood/],
  ['feed: unknown parameter', 'GET', '/api/posts?colour=red', {}, 400, /colour/],
  ['feed: forged cursor', 'GET', '/api/posts?cursor=abc', {}, 400, /cursor/],
  ['feed: search too long', 'GET', `/api/posts?search=${'a'.repeat(201)}`, {}, 400, /search/],
  ['post: bad id', 'GET', '/api/posts/123', {}, 400, /valid id/],
  ['create: malformed JSON', 'POST', '/api/posts', { raw: '{"title":', contentType: 'application/json' }, 400, /JSON/],
  ['create: not JSON', 'POST', '/api/posts', { raw: 'title=x', contentType: 'text/plain' }, 400, /body/],
  ['create: form encoded', 'POST', '/api/posts', { raw: 'title=x', contentType: 'application/x-www-form-urlencoded' }, 415, /application\/json/],
  ['create: over 1 MB', 'POST', '/api/posts', post({ ...valid, description: 'x'.repeat(1_100_000) }), 413, /1 MB/],
  ['create: no body', 'POST', '/api/posts', {}, 400],
  ['create: no category', 'POST', '/api/posts', post({ title: 'Oak chair', description: 'x' }), 400, /Category/],
  ['create: bad category', 'POST', '/api/posts', post({ ...valid, category: 'boat' }), 400, /Category/],
  ['create: no title', 'POST', '/api/posts', post({ ...valid, title: undefined }), 400, /Title is required/],
  ['create: title a number', 'POST', '/api/posts', post({ ...valid, title: 42 }), 400, /Title/],
  ['create: short title', 'POST', '/api/posts', post({ ...valid, title: ' ab ' }), 400, /at least 3/],
  ['create: long title', 'POST', '/api/posts', post({ ...valid, title: 'x'.repeat(121) }), 400, /at most 120/],
  ['create: no description', 'POST', '/api/posts', post({ ...valid, description: '  ' }), 400, /Description/],
  ['create: long description', 'POST', '/api/posts', post({ ...valid, description: 'x'.repeat(5001) }), 400, /at most 5000/],
  ['create: negative price', 'POST', '/api/posts', post({ ...valid, price: '-1' }), 400, /Price/],
  ['create: three decimals', 'POST', '/api/posts', post({ ...valid, price: '1.234' }), 400, /Price/],
  ['create: price too big', 'POST', '/api/posts', post({ ...valid, price: '100000000' }), 400, /Price/],
  ['create: price a word', 'POST', '/api/posts', post({ ...valid, price: 'free' }), 400, /Price/],
  ['create: price a number', 'POST', '/api/posts', post({ ...valid, price: 12 }), 400, /price/],
  ['create: event without date', 'POST', '/api/posts', post({ ...valid, category: 'event' }), 400, /Event date is required/],
  ['create: impossible date', 'POST', '/api/posts', post({ ...valid, category: 'event', eventDate: '2030-02-30T10:00:00Z' }), 400, /Event date must be a valid date/],
  ['create: date without zone', 'POST', '/api/posts', post({ ...valid, category: 'event', eventDate: '2030-02-03' }), 400, /Event date/],
  ['create: bad neighbourhood', 'POST', '/api/posts', post({ ...valid, neighborhood: 'moon' }), 400, /neighborhood/],
  ['create: bad email', 'POST', '/api/posts', post({ ...valid, contactEmail: 'nope' }), 400, /Contact email/],
  ['create: six photos', 'POST', '/api/posts', post({ ...valid, imagePaths: Array.from({ length: 6 }, (_, i) => `/objects/p${i}.jpg`) }), 400, /At most 5 photos/],
  ['create: photo outside /objects/', 'POST', '/api/posts', post({ ...valid, imagePaths: ['https://evil.example/x.jpg'] }), 400, /under \/objects\//],
  ['create: photo path with ..', 'POST', '/api/posts', post({ ...valid, imagePaths: ['/objects/../secret'] }), 400, /\.\./],
  ['create: the same photo twice', 'POST', '/api/posts', post({ ...valid, imagePaths: ['/objects/a.jpg', '/objects/a.jpg'] }), 400, /only once/],
  ['create: photos not a list', 'POST', '/api/posts', post({ ...valid, imagePaths: '/objects/a.jpg' }), 400],
  ['create: unknown field', 'POST', '/api/posts', post({ ...valid, likesCount: 1000 }), 400, /likesCount/],
  ['create: posting as someone else', 'POST', '/api/posts', post({ ...valid, userId: randomUUID() }), 400, /userId/],
  ['status: bad id', 'GET', '/api/posts/nope/status', {}, 400, /valid id/],
  ['bulk status: ids missing', 'POST', '/api/posts/status', post({}), 400, /ids/],
  ['bulk status: bad id', 'POST', '/api/posts/status', post({ ids: ['x'] }), 400, /valid id/],
  ['bulk status: 51 ids', 'POST', '/api/posts/status', post({ ids: Array.from({ length: 51 }, () => randomUUID()) }), 400, /At most 50/],
  ['like: bad id', 'POST', '/api/posts/nope/like', {}, 400, /valid id/],
  ['save: bad id', 'POST', '/api/posts/nope/save', {}, 400, /valid id/],
  ['attendance: no postId', 'GET', '/api/event-attendance', {}, 400, /valid id/],
  ['attendance: bad postId', 'GET', '/api/event-attendance?postId=1', {}, 400, /valid id/],
  ['attendance: bad status', 'POST', '/api/event-attendance', post({ postId: randomUUID(), status: 'maybe' }), 400, /interested or going/],
  ['attendance: no postId (post)', 'POST', '/api/event-attendance', post({ status: 'going' }), 400, /valid id/],
  ['top filters: limit 9', 'GET', '/api/user/top-filters?limit=9', {}, 400, /at most 8/],
  ['top filters: limit 0', 'GET', '/api/user/top-filters?limit=0', {}, 400, /limit/],
  ['filter usage: bad type', 'POST', '/api/user/filter-usage', post({ filterType: 'colour', filterValue: 'red' }), 400, /filterType/],
  ['filter usage: empty value', 'POST', '/api/user/filter-usage', post({ filterType: 'tag', filterValue: ' ' }), 400, /filterValue is required/],
  ['filter usage: a bare #', 'POST', '/api/user/filter-usage', post({ filterType: 'tag', filterValue: '#' }), 400, /filterValue is required/],
  ['filter usage: long value', 'POST', '/api/user/filter-usage', post({ filterType: 'search_term', filterValue: 'x'.repeat(101) }), 400, /at most 100/],
  // NUL and lone surrogates are refused, naming the field.
  ['feed: NUL in search', 'GET', '/api/posts?search=a%00b', {}, 400, /^search must not contain the NUL/],
  ['create: NUL in title', 'POST', '/api/posts', post({ ...valid, title: 'Oak\u0000' }), 400, /^title /],
  ['create: lone surrogate in description', 'POST', '/api/posts', post({ ...valid, description: 'Nice \ud83d' }), 400, /^description contains a broken character/],
  ['create: NUL in address', 'POST', '/api/posts', post({ ...valid, address: '\u0000' }), 400, /^address /],
  ['filter usage: NUL in value', 'POST', '/api/user/filter-usage', post({ filterType: 'search_term', filterValue: 'a\u0000b' }), 400, /^filterValue /],
  // A title is one visible line (text-direction controls, invisible characters and line breaks refused).
  ['create: right-to-left override in title', 'POST', '/api/posts', post({ ...valid, title: 'Oak\u202e chair' }), 400, /^Title must not contain text-direction controls \(U\+202E\)$/],
  ['create: zero-width space in title', 'POST', '/api/posts', post({ ...valid, title: 'Oak\u200bchair' }), 400, /^Title must not contain invisible characters \(U\+200B\)$/],
  ['create: line break in title', 'POST', '/api/posts', post({ ...valid, title: 'Oak\r\nchair' }), 400, /^Title must be on one line$/],
  ['my posts: limit 0', 'GET', '/api/users/me/posts?limit=0', {}, 400, /limit/],
  ['my saved: unknown parameter', 'GET', '/api/users/me/saved?category=sale', {}, 400, /category/],
  ['my liked: forged cursor', 'GET', '/api/users/me/liked?cursor=xyz', {}, 400, /cursor/],
  ['user posts: bad id', 'GET', '/api/users/nope/posts', {}, 400, /valid id/],
];

it('answers every bad request with a 4xx and a message, and writes nothing', async () => {
  const before = await posts.counts();
  const failures: string[] = [];
  for (const [name, method, url, init = {}, status = 400, message] of cases()) {
    const res = await posts.call(method, url, { as: ada, ...init });
    const text = typeof res.body?.message === 'string' ? res.body.message : '';
    if (res.status !== status || !text || (message && !message.test(text))) {
      failures.push(`${name}: ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`);
    }
  }
  expect(failures).toEqual([]);
  expect(await posts.counts()).toEqual(before);
  // The post made before is untouched.
  expect((await posts.call('GET', `/api/posts/${sale.id}`)).body.likesCount).toBe(0);
});

it('answers a guest searching for a NUL with a 400, not a 500', async () => {
  const res = await posts.call('GET', '/api/posts?search=a%00b');
  expect(res.status).toBe(400);
  expect(res.body).toEqual({
    message: 'search must not contain the NUL character (U+0000)',
    field: 'search',
  });
});

it('names the title when it hides a text-direction control, and keeps a description on several lines', async () => {
  const res = await posts.call('POST', '/api/posts', {
    as: ada,
    json: { ...valid, title: 'Cheap\u202ehctaw' },
  });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({
    message: 'Title must not contain text-direction controls (U+202E)',
    field: 'title',
  });
  const edit = await posts.call('PATCH', `/api/posts/${sale.id}`, {
    as: ada,
    json: { title: 'Oak\u2028chair' },
  });
  expect(edit.body).toEqual({ message: 'Title must be on one line', field: 'title' });
  const lines = await posts.call('POST', '/api/posts', {
    as: ada,
    json: { ...valid, description: 'Solid oak.\nBarely used.' },
  });
  expect(lines.status).toBe(201);
  expect(lines.body.description).toBe('Solid oak.\nBarely used.');
});
