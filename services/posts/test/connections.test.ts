import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Posts, sampleEvent, startPostsWithAda } from './harness';

// A request takes one connection of the pool, whatever facts it reads besides its stream: it
// waits in the pool's queue once, and once it has a connection it finishes without queuing
// again behind requests that came after it (a like used to check out three times).

let posts: Posts;
let ada: string;
let bob: string;
let post: { id: string };
let event: { id: string };

beforeAll(async () => {
  ({ posts, ada } = await startPostsWithAda({ service: { memberLimits: true } }));
  bob = await posts.registerUser('Bob', 'Baylor');
  post = await posts.createPost(ada);
  event = await posts.createPost(ada, sampleEvent());
});
afterAll(() => posts?.stop());

/** The request's answer, and how many times it checked out a connection of posts' pool. */
async function checkoutsOf(request: () => Promise<{ status: number }>) {
  const pool = posts.running.database.pool;
  let checkouts = 0;
  const count = () => checkouts++;
  pool.on('acquire', count);
  try {
    const { status } = await request();
    return { status, checkouts };
  } finally {
    pool.off('acquire', count);
  }
}

describe("a command takes one of the pool's connections", () => {
  it('a like and an unlike: the post and the suspension are read on the command’s connection', async () => {
    const like = () => posts.call('POST', `/api/posts/${post.id}/like`, { as: bob });
    expect(await checkoutsOf(like)).toEqual({ status: 200, checkouts: 1 });
    expect(await checkoutsOf(like)).toEqual({ status: 200, checkouts: 1 });
  });

  it('a save', async () => {
    const save = () => posts.call('POST', `/api/posts/${post.id}/save`, { as: bob });
    expect(await checkoutsOf(save)).toEqual({ status: 200, checkouts: 1 });
  });

  it('an answer to an event', async () => {
    const answer = () =>
      posts.call('POST', '/api/event-attendance', { as: bob, json: { postId: event.id, status: 'going' } });
    expect(await checkoutsOf(answer)).toEqual({ status: 200, checkouts: 1 });
  });

  it('a like of a post that does not exist: 404, and one connection', async () => {
    const like = () =>
      posts.call('POST', '/api/posts/00000000-0000-7000-8000-000000000000/like', { as: bob });
    expect(await checkoutsOf(like)).toEqual({ status: 404, checkouts: 1 });
  });

  it('a new post, counted against the member’s limits', async () => {
    const create = () =>
      posts.call('POST', '/api/posts', { as: bob, json: { ...sampleEvent(), title: 'Porch concert' } });
    expect(await checkoutsOf(create)).toEqual({ status: 201, checkouts: 1 });
  });

  it('a member’s status of a post, and their answer to an event: both reads on one connection', async () => {
    const status = () => posts.call('GET', `/api/posts/${post.id}/status`, { as: bob });
    expect(await checkoutsOf(status)).toEqual({ status: 200, checkouts: 1 });
    const answer = () => posts.call('GET', `/api/event-attendance?postId=${event.id}`, { as: bob });
    expect(await checkoutsOf(answer)).toEqual({ status: 200, checkouts: 1 });
  });
});
