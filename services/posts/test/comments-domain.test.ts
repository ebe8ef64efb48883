import { randomUUID } from 'node:crypto';
import {
  BLOCKED_COMMENTING,
  COMMENT_LIMITS,
  COMMENT_NOT_FOUND,
  CommentDeleted,
  CommentLiked,
  HOUR_MS,
  NOT_YOUR_COMMENT,
  REPLY_TO_DELETED,
  REPLY_TOO_DEEP,
} from '@waco/contracts';
import { LimitRefusal, newEvent, RuleBroken } from '@waco/platform';
import { deciderSpecification } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { type AddComment, commentLikeDecider, type ParentFacts } from '../src/domain/comments';
import { commentScene } from './comment-scene';

/** Comments' and comment likes' decisions, given/when/then, without a database. */

/** One event of this type was decided (with this data, where given). */
const one =
  (type: string, data?: Record<string, unknown>) => (events: Array<{ type: string; data: unknown }>) => {
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe(type);
    if (data) expect(events[0]?.data).toMatchObject(data);
  };

const { owner, writer, post, commentId, spec, add, ...scene } = commentScene();
const other = randomUUID();
const added = (parentId: string | null = null, depth = 1) =>
  scene.added({ parentId, parentAuthorId: parentId ? owner : null, depth });
const parent = (overrides: Partial<ParentFacts> = {}): ParentFacts => ({
  commentId: randomUUID(),
  postId: post.postId,
  authorId: owner,
  depth: 1,
  deleted: false,
  ...overrides,
});

const NOW = new Date('2026-05-04T12:00:00Z');
/** `n` comments, one every `everyMs` (a minute) up to then ago, by a member of this standing. */
const commented = (
  n: number,
  standing: { registeredAt: Date | null; emailVerified: boolean } | undefined,
  everyMs = 60_000,
) => ({
  activity: {
    standing,
    recent: Array.from({ length: n }, (_, i) => new Date(NOW.getTime() - (i + 1) * everyMs)),
  },
  now: NOW.toISOString(),
});
const newMember = { registeredAt: new Date(NOW.getTime() - HOUR_MS), emailVerified: true };
const established = { registeredAt: new Date(NOW.getTime() - 30 * 24 * HOUR_MS), emailVerified: true };
const [newHour, newDay] = COMMENT_LIMITS.newAccount.map((w) => w.max) as [number, number];
const [establishedHour] = COMMENT_LIMITS.established.map((w) => w.max) as [number, number];

describe('the limits per member on commenting', () => {
  it(`lets a new account write its ${newHour}th comment of the hour`, () => {
    spec
      .given([])
      .when(add({ limits: commented(newHour - 1, newMember) }))
      .then(one('CommentAdded'));
  });

  it('refuses a new account the next one with 429, which limit, and when to try again', () => {
    // The oldest counted comment (newHour minutes ago) leaves the hour in 60 - newHour minutes.
    spec
      .given([])
      .when(add({ limits: commented(newHour, newMember) }))
      .thenThrows(
        LimitRefusal,
        `New or unverified accounts can write ${newHour} comments an hour. You can comment again in ${60 - newHour} minutes.`,
        (err) => {
          expect(err.statusCode).toBe(429);
          expect(err.headers).toEqual({ 'retry-after': String((60 - newHour) * 60) });
          expect(err.action).toBe('comment');
        },
      );
  });

  it('counts an account identity has not told of yet, or an unverified old one, as new', () => {
    spec
      .given([])
      .when(add({ limits: commented(newHour, undefined) }))
      .thenThrows(LimitRefusal);
    spec
      .given([])
      .when(add({ limits: commented(newHour, { ...established, emailVerified: false }) }))
      .thenThrows(LimitRefusal);
  });

  it('gives an established account the higher limit, and refuses it past that', () => {
    spec
      .given([])
      .when(add({ limits: commented(newHour, established) }))
      .then(one('CommentAdded'));
    spec
      .given([])
      .when(add({ limits: commented(establishedHour, established, 30_000) }))
      .thenThrows(LimitRefusal, /^You can write \d+ comments an hour\. You can comment again in/);
  });

  it("refuses a new account's day once it is full, though the hour has room", () => {
    const spread = {
      activity: {
        standing: newMember,
        recent: Array.from(
          { length: newDay },
          (_, i) => new Date(NOW.getTime() - HOUR_MS - (i + 1) * 60_000),
        ),
      },
      now: NOW.toISOString(),
    };
    spec
      .given([])
      .when(add({ limits: spread }))
      .thenThrows(LimitRefusal, /^New or unverified accounts can write \d+ comments a day\./);
  });

  it('refuses for another reason first: a suspended or blocked writer is not a burst', () => {
    spec
      .given([])
      .when(add({ blocked: true, limits: commented(newHour, newMember) }))
      .thenThrows(RuleBroken, BLOCKED_COMMENTING);
  });
});

describe('writing a comment or a reply', () => {
  it('records CommentAdded at the first level for a comment on the post', () => {
    spec
      .given([])
      .when(add())
      .then(one('CommentAdded', { depth: 1, parentId: null }));
  });

  it("records a reply one level below its parent, naming the parent's author", () => {
    const p = parent({ depth: 2 });
    spec
      .given([])
      .when(add({ parent: p }))
      .then(([event]) => {
        expect(event?.data).toMatchObject({ parentId: p.commentId, parentAuthorId: owner, depth: 3 });
      });
  });

  it.each<[string, Partial<AddComment>, string | RegExp]>([
    ['a reply to a deleted comment (409)', { parent: parent({ deleted: true }) }, REPLY_TO_DELETED],
    ['a reply to a comment that is not there (404)', { parent: undefined }, COMMENT_NOT_FOUND],
    [
      'a reply to a comment on another post (404)',
      { parent: parent({ postId: randomUUID() }) },
      COMMENT_NOT_FOUND,
    ],
    ['a reply below the last level', { parent: parent({ depth: 3 }) }, REPLY_TOO_DEEP],
    ['a suspended member', { suspension: { note: 'spam' } }, /suspended/],
    ['members who blocked one another', { blocked: true }, BLOCKED_COMMENTING],
  ])('refuses %s', (_what, overrides, refusal) => {
    spec.given([]).when(add(overrides)).thenThrows(RuleBroken, refusal);
  });
});

describe('editing and deleting', () => {
  it('lets the writer edit, and an edit that changes nothing records nothing', () => {
    spec
      .given([added()])
      .when({ type: 'edit', actorId: writer, content: 'Sold?' })
      .then(one('CommentEdited', { content: 'Sold?' }));
    spec
      .given([added()])
      .when({ type: 'edit', actorId: writer, content: 'Is it still available?' })
      .thenNothingHappens();
  });

  it("refuses anyone but the writer, the post's author too (403)", () => {
    spec
      .given([added()])
      .when({ type: 'edit', actorId: owner, content: 'x' })
      .thenThrows(RuleBroken, NOT_YOUR_COMMENT);
    spec.given([added()]).when({ type: 'delete', actorId: other }).thenThrows(RuleBroken, NOT_YOUR_COMMENT);
  });

  it("lets the post's group's moderators and admins delete it, never edit it; a plain member cannot", () => {
    for (const groupRole of ['moderator', 'admin'] as const)
      spec.given([added()]).when({ type: 'delete', actorId: other, groupRole }).then(one('CommentDeleted'));
    spec
      .given([added()])
      .when({ type: 'delete', actorId: other, groupRole: 'member' })
      .thenThrows(RuleBroken, NOT_YOUR_COMMENT);
    spec
      .given([added()])
      .when({ type: 'edit', actorId: other, content: 'x' })
      .thenThrows(RuleBroken, NOT_YOUR_COMMENT);
  });

  it('deletes once; a deleted comment can be neither edited nor deleted again (404)', () => {
    spec.given([added()]).when({ type: 'delete', actorId: writer }).then(one('CommentDeleted'));
    const deleted = newEvent(CommentDeleted, { ...post, commentId, userId: writer });
    spec
      .given([added(), deleted])
      .when({ type: 'delete', actorId: writer })
      .thenThrows(RuleBroken, COMMENT_NOT_FOUND);
    spec
      .given([added(), deleted])
      .when({ type: 'edit', actorId: writer, content: 'x' })
      .thenThrows(RuleBroken, COMMENT_NOT_FOUND);
  });
});

describe('liking a comment', () => {
  const likes = deciderSpecification(commentLikeDecider);
  const comment = { commentId, authorId: writer, deleted: false, post };
  const liked = newEvent(CommentLiked, { ...post, commentId, authorId: writer, userId: other });

  it('likes, and a like sent twice is undone by the second', () => {
    likes.given([]).when({ comment, userId: other, blocked: false }).then(one('CommentLiked'));
    likes.given([liked]).when({ comment, userId: other, blocked: false }).then(one('CommentUnliked'));
  });

  it('refuses a deleted comment (404), a suspended member and a block (403)', () => {
    likes
      .given([])
      .when({ comment: { ...comment, deleted: true }, userId: other, blocked: false })
      .thenThrows(RuleBroken, COMMENT_NOT_FOUND);
    likes
      .given([])
      .when({ comment: undefined, userId: other, blocked: false })
      .thenThrows(RuleBroken, COMMENT_NOT_FOUND);
    likes
      .given([])
      .when({ comment, userId: other, blocked: false, suspension: { note: null } })
      .thenThrows(RuleBroken, /suspended/);
    likes
      .given([])
      .when({ comment, userId: other, blocked: true })
      .thenThrows(RuleBroken, BLOCKED_COMMENTING);
  });
});
