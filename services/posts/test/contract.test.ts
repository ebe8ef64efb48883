import { Post, PostAuthor, PostPage } from '@waco/contracts';
import { startedForFile } from '@waco/platform/testing/for-file';
import { expect, it } from 'vitest';
import { startPosts } from './harness';

/**
 * Posts are JSON built by Postgres (db/post-view.ts): every answer that carries posts must
 * match the contract's schema exactly, no field more (an email, say), none missing.
 */
const StrictPost = Post.extend({ user: PostAuthor.strict() }).strict();
const StrictPage = PostPage.extend({ posts: StrictPost.array() }).strict();

let ada: string;
const posts = startedForFile(
  // Photo paths here are made up; the uploaded-photo rule has its own test.
  () => startPosts({ service: { requireUploadedMedia: false } }),
  async (p) => {
    ada = await p.registerUser('Ada', 'Lovelace');
    await p.publishProfileUpdate({
      userId: ada,
      firstName: 'Ada',
      lastName: 'Lovelace',
      bio: 'Loves Waco',
      location: 'Downtown',
      profileImageUrl: '/objects/uploads/ada.jpg',
    });
  },
);

it('every post-bearing answer matches the contract exactly', async () => {
  const full = await posts.createPost(ada, {
    category: 'job',
    title: 'Barista "mornings" ☕',
    description: 'Line one\nline two, with \\ backslash and émoji 🎉',
    neighborhood: 'downtown',
    price: '1234.5',
    company: 'Common Grounds',
    salary: '$13/hour',
    eventDate: '2030-07-04T20:00:00.123-05:00',
    address: '1123 S 8th St',
    imagePaths: ['/objects/a.jpg', '/objects/b.jpg'],
    contactPhone: '254-555-0100',
    contactEmail: 'jobs@example.com',
  });
  const bare = await posts.createPost(ada, { price: null });
  expect(StrictPost.parse(full)).toEqual(full);
  expect(full).toMatchObject({
    title: 'Barista "mornings" ☕',
    description: 'Line one\nline two, with \\ backslash and émoji 🎉',
    price: '1234.50',
    eventDate: '2030-07-05T01:00:00.123Z',
    imagePaths: ['/objects/a.jpg', '/objects/b.jpg'],
    contactPhone: '254-555-0100',
    contactEmail: 'jobs@example.com',
    user: { id: ada, firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: '/objects/uploads/ada.jpg' },
  });
  expect(full.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(StrictPost.parse(bare)).toEqual(bare);
  expect(bare).toMatchObject({ price: null, eventDate: null, company: null, imagePaths: [] });

  await posts.call('POST', `/api/posts/${full.id}/like`, { as: ada });
  await posts.call('POST', `/api/posts/${bare.id}/save`, { as: ada });
  for (const url of [
    '/api/posts',
    '/api/posts?limit=1',
    '/api/posts?search=barista',
    `/api/users/${ada}/posts`,
    '/api/users/me/posts',
    '/api/users/me/saved',
    '/api/users/me/liked',
  ]) {
    const res = await posts.call('GET', url, { as: ada });
    expect(res.status, url).toBe(200);
    expect(StrictPage.parse(res.body), url).toEqual(res.body);
    expect(res.body.posts.length, url).toBeGreaterThan(0);
  }
  const one = await posts.call('GET', `/api/posts/${full.id}`);
  expect(one.body).toEqual({ ...full, likesCount: 1 });
});
