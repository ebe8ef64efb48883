import { PostLiked } from '@waco/contracts';
import { appendToStream, type Decider, handleCommand, newEvent } from '@waco/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ReactionEvent,
  type ReactionState,
  reactionDecider,
  type ToggleReaction,
} from '../src/domain/reactions';
import { postsProjection } from '../src/projections/apply-events';
import { type Posts, sampleEvent, startPostsWithAda } from './harness';

let posts: Posts;
let ada: string;

beforeAll(async () => {
  ({ posts, ada } = await startPostsWithAda());
});
afterAll(() => posts?.stop());

async function countsOf(postId: string) {
  const [row] = await posts.query<{ likes: number; saves: number; like_rows: number; save_rows: number }>(
    `SELECT likes_count AS likes, saves_count AS saves,
            (SELECT count(*)::int FROM post_likes WHERE post_id = $1) AS like_rows,
            (SELECT count(*)::int FROM saved_posts WHERE post_id = $1) AS save_rows
     FROM posts WHERE id = $1`,
    [postId],
  );
  return row;
}

describe('concurrent toggles', () => {
  it.each([
    ['like', 'liked'],
    ['save', 'saved'],
  ] as const)(
    'fifty %s toggles at once by one user: every one answered, the count equals the rows',
    async (action, field) => {
      const post = await posts.createPost(ada);
      const bob = await posts.registerUser('Bob', 'Baylor');
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => posts.call('POST', `/api/posts/${post.id}/${action}`, { as: bob })),
      );
      expect(answers.every((a) => a.status === 200)).toBe(true);
      // Each toggle saw the one before it: as many "on" answers as "off".
      expect(answers.filter((a) => a.body[field]).length).toBe(25);
      const counts = await countsOf(post.id);
      expect(counts).toMatchObject(
        action === 'like' ? { likes: 0, like_rows: 0 } : { saves: 0, save_rows: 0 },
      );
      // And one more leaves it on, with exactly one row.
      await posts.call('POST', `/api/posts/${post.id}/${action}`, { as: bob });
      const after = await countsOf(post.id);
      expect(action === 'like' ? [after?.likes, after?.like_rows] : [after?.saves, after?.save_rows]).toEqual(
        [1, 1],
      );
    },
  );

  it('fifty users liking one post at once: fifty likes, none lost', async () => {
    const post = await posts.createPost(ada);
    const users = await Promise.all(Array.from({ length: 50 }, () => posts.registerUser('Fan', 'Club')));
    const answers = await Promise.all(
      users.map((as) => posts.call('POST', `/api/posts/${post.id}/like`, { as })),
    );
    expect(answers.every((a) => a.status === 200 && a.body.liked)).toBe(true);
    expect(await countsOf(post.id)).toMatchObject({ likes: 50, like_rows: 50 });
  });

  it('concurrent attendance answers by one user keep the counts equal to the rows', async () => {
    const event = await posts.createPost(ada, sampleEvent());
    const bob = await posts.registerUser('Bob', 'Baylor');
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        posts.call('POST', '/api/event-attendance', {
          as: bob,
          json: { postId: event.id, status: i % 2 ? 'going' : 'interested' },
        }),
      ),
    );
    const [row] = await posts.query<{ interested: number; going: number; rows: number }>(
      `SELECT interested_count AS interested, going_count AS going,
              (SELECT count(*)::int FROM event_attendance WHERE post_id = $1) AS rows
       FROM posts WHERE id = $1`,
      [event.id],
    );
    expect(row?.rows).toBe(1);
    expect((row?.interested ?? 0) + (row?.going ?? 0)).toBe(1);
  });
});

describe('a conflict that slips past the stream lock', () => {
  it('is retried with the state re-read, so the decision is made on the latest history', async () => {
    const post = await posts.createPost(ada);
    const bob = await posts.registerUser('Bob', 'Baylor');
    const stream = `like-${post.id}-${bob}`;
    const ref = { postId: post.id, ownerId: ada, title: post.title, category: 'sale' as const };
    const store = { db: posts.db, schema: posts.running.schema, projections: [postsProjection] };
    // Another writer (one that ignores the lock) appends a like and holds its transaction open;
    // it commits once our first decision is made, between our read and our append.
    let commitOther = () => {};
    const otherMayCommit = new Promise<void>((resolve) => {
      commitOther = resolve;
    });
    let otherAppended = () => {};
    const otherHasAppended = new Promise<void>((resolve) => {
      otherAppended = resolve;
    });
    const other = posts.db.transaction().execute(async (trx) => {
      await appendToStream(trx, store.schema, stream, 'any', [newEvent(PostLiked, { ...ref, userId: bob })]);
      otherAppended();
      await otherMayCommit;
    });
    await otherHasAppended;
    const like = reactionDecider('like');
    let attempts = 0;
    const counting: Decider<ToggleReaction, ReactionState, ReactionEvent> = {
      ...like,
      decide(command, state) {
        attempts++;
        commitOther();
        return like.decide(command, state);
      },
    };
    const { state } = await handleCommand(
      store,
      stream,
      counting,
      { post: ref, userId: bob },
      { actorId: bob },
    );
    await other;
    expect(attempts).toBe(2);
    // The retry saw the other writer's like, so this toggle unliked.
    expect(state.active).toBe(false);
    const types = await posts.query<{ type: string }>(
      'SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_position',
      [stream],
    );
    expect(types.map((t) => t.type)).toEqual(['PostLiked', 'PostUnliked']);
  });
});
