import { registerAdaAndBob } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Posts, startPosts } from './harness';

/**
 * The rule the media issue turns on: a post's photos must be ones its poster uploaded, as told
 * by media's `MediaUploaded` events. Until then the option is off and any /objects/ path goes.
 */
describe('with requireUploadedMedia on', () => {
  let posts: Posts;
  let ada: string;
  let bob: string;

  beforeAll(async () => {
    posts = await startPosts({ service: { requireUploadedMedia: true, uploadNoticeWaitMs: 1_000 } });
    ({ ada, bob } = await registerAdaAndBob(posts.registerUser));
    await posts.publishUpload(ada, '/objects/uploads/ada/one.jpg');
    await posts.publishUpload(ada, '/objects/uploads/ada/two.jpg');
    await posts.publishUpload(bob, '/objects/uploads/bob/three.jpg');
  });
  afterAll(() => posts?.stop());

  it('waits for the upload to be announced when the post arrives first', async () => {
    // Under ada's own prefix, as media keeps her uploads: only such a path is waited for.
    const path = `/objects/uploads/${ada}/late.jpg`;
    const created = posts.call('POST', '/api/posts', {
      as: ada,
      json: {
        category: 'sale',
        title: 'Fresh photo',
        description: 'Uploaded a moment ago',
        imagePaths: [path],
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await posts.publishUpload(ada, path);
    const res = await created;
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.imagePaths).toEqual([path]);
  });

  it('accepts photos the poster uploaded', async () => {
    const post = await posts.createPost(ada, {
      imagePaths: ['/objects/uploads/ada/one.jpg', '/objects/uploads/ada/two.jpg'],
    });
    expect(post.imagePaths).toEqual(['/objects/uploads/ada/one.jpg', '/objects/uploads/ada/two.jpg']);
  });

  it("refuses someone else's upload or an unknown path: 400 naming the rule, nothing written", async () => {
    const before = await posts.counts();
    for (const path of ['/objects/uploads/bob/three.jpg', '/objects/uploads/nobody/four.jpg']) {
      const res = await posts.call('POST', '/api/posts', {
        as: ada,
        json: {
          category: 'sale',
          title: 'Borrowed photo',
          description: 'Not mine',
          imagePaths: ['/objects/uploads/ada/one.jpg', path],
        },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: `Photos must be ones you uploaded: ${path} is not`,
        field: 'imagePaths',
      });
    }
    expect(await posts.counts()).toEqual(before);
  });
});

describe('a path that cannot be the poster’s upload', () => {
  let posts: Posts;

  beforeAll(async () => {
    // A wait longer than the test may run: a refusal that waited for it would never come in time.
    posts = await startPosts({ service: { requireUploadedMedia: true, uploadNoticeWaitMs: 3_600_000 } });
  });
  afterAll(() => posts?.stop());

  it('is refused at once: only a path under the poster’s own uploads may yet be announced', async () => {
    const { ada, bob } = await registerAdaAndBob(posts.registerUser);
    for (const path of [
      `/objects/uploads/${bob}/photo.jpg`,
      '/objects/uploads/fuzz/1.jpg',
      '/objects/seed/x.jpg',
    ]) {
      const res = await posts.call('POST', '/api/posts', {
        as: ada,
        json: { category: 'sale', title: 'Borrowed photo', description: 'Not mine', imagePaths: [path] },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`Photos must be ones you uploaded: ${path} is not`);
    }
  });
});

describe('with requireUploadedMedia off (tests that play no media service)', () => {
  let posts: Posts;

  beforeAll(async () => {
    posts = await startPosts({ service: { requireUploadedMedia: false } });
  });
  afterAll(() => posts?.stop());

  it('accepts any path under /objects/', async () => {
    const ada = await posts.registerUser();
    const post = await posts.createPost(ada, { imagePaths: ['/objects/uploads/anyone/photo.jpg'] });
    expect(post.imagePaths).toEqual(['/objects/uploads/anyone/photo.jpg']);
  });
});
