import { PostCreated } from '@waco/contracts';
import { InProcessBus } from '@waco/platform';
import { testLogger, waitFor } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { useEmbeddedTestStack } from './support/embedded-test-stack';

// What guests are shown from the gateway's cache of their answers (GUEST_CACHE_MS), end to end:
// a count may be late for as long as an answer is kept (here a minute, so that only the events
// can bring anything new), while a new post, an edit, a deletion or a profile change reaches the
// next guest as soon as the gateway hears of it; and a member is never answered from it.

const bus = new InProcessBus(testLogger);
const stack = useEmbeddedTestStack('gca', {
  bus,
  rateLimits: { general: 100_000, auth: 100_000 },
  guestCacheMs: 60_000,
});
const { call, signUp, createSalePost } = stack;

describe("guests' answers kept at the gateway", () => {
  it('are the same answer until something guests see changes; a member always gets the latest', async () => {
    const [sara, leo] = [await signUp('Sara'), await signUp('Leo')];
    // The bus hands a post's news to the gateway (which empties its guests' answers on a new post)
    // in the same delivery as to this listener: once it has heard it, what is kept stays kept.
    const heard = new Set<string>();
    await bus.subscribe({
      consumer: 'test-heard',
      producer: PostCreated.producer,
      types: [PostCreated.type],
      fanout: true,
      handle: async (event) => void heard.add(PostCreated.schema.parse(event.data).postId),
    });
    const post = await createSalePost(sara, 'Oak rocking chair');
    await waitFor(() => heard.has(post.id), 10_000, "the post's news, heard");
    const asGuest = () => call(null, 'GET', `/api/posts/${post.id}`);
    let kept = await asGuest();
    await waitFor(
      async () => {
        kept = await asGuest();
        return kept.status === 200 && kept.headers.get('etag') !== null;
      },
      10_000,
      'the post, kept for guests',
    );
    expect(kept.headers.get('cache-control')).toBe('no-cache');

    // A like is a count: the guest's kept answer stays, the member's own view has it at once.
    expect((await call(leo, 'POST', `/api/posts/${post.id}/like`)).status).toBe(200);
    const theirs = await call(leo, 'GET', `/api/posts/${post.id}`);
    expect(theirs.body.likesCount).toBe(1);
    expect(theirs.headers.get('cache-control')).toBe('no-store');
    expect((await asGuest()).body.likesCount).toBe(0);
    // Asked again with its ETag, the kept answer is a 304 with no body.
    const again = await call(null, 'GET', `/api/posts/${post.id}`, undefined, {
      'if-none-match': kept.headers.get('etag') as string,
    });
    expect(again.status).toBe(304);

    // An edit empties the cache: the next guest sees it (and the like, read again with it).
    expect(
      (await call(sara, 'PATCH', `/api/posts/${post.id}`, { title: 'Oak rocking chair, like new' })).status,
    ).toBe(200);
    await waitFor(
      async () => (await asGuest()).body.title === 'Oak rocking chair, like new',
      10_000,
      'the edit, for the next guest',
    );
    expect((await asGuest()).body.likesCount).toBe(1);

    // A profile change reaches the guest's view of the post's author.
    expect(
      (await call(sara, 'PUT', '/api/user/profile', { firstName: 'Sarah', lastName: 'Mendez' })).status,
    ).toBe(200);
    await waitFor(
      async () => (await call(null, 'GET', `/api/users/${sara.id}`)).body.firstName === 'Sarah',
      10_000,
      'the new name, for a guest',
    );

    // A deletion: the next guest is told it is gone.
    expect((await call(sara, 'DELETE', `/api/posts/${post.id}`)).status).toBe(204);
    await waitFor(async () => (await asGuest()).status === 404, 10_000, 'the deletion, for a guest');
  }, 60_000);

  it('shows a new post to the next guest on the feed', async () => {
    const ana = await signUp('Ana');
    const feed = async () =>
      ((await call(null, 'GET', '/api/posts?limit=15')).body.posts as { id: string }[]).map((p) => p.id);
    await feed();
    const post = await createSalePost(ana, 'Cast iron skillet');
    await waitFor(async () => (await feed()).includes(post.id), 10_000, 'the new post in the guest feed');
  });
});
