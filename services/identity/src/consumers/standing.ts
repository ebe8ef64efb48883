import {
  CommentLiked,
  CommentUnliked,
  EmailVerified,
  type EventEnvelope,
  MemberVerificationSet,
  PostClosed,
  PostCreated,
  ReportsResolved,
  reputationOf,
  UserDeleted,
  UserSuspended,
} from '@waco/contracts';
import { handleCommand, inboxSubscription, inTransaction, type Subscription } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { IdentityDeps } from '../commands/deps';
import type { IdentityDatabase } from '../db/schema';
import {
  changeTallies,
  countSaleOnce,
  forgetStanding,
  setVerifiedMark,
  storeReputation,
  type TallyChange,
} from '../db/standing';
import { findUserById } from '../db/users';
import { badgesDecider } from '../domain/badges';
import { badgesStream } from '../domain/streams';

type Db = Kysely<IdentityDatabase>;

/** What one event changes of whose tallies (nothing: undefined). */
type Fact = (trx: Db, event: EventEnvelope) => Promise<{ userId: string; change: TallyChange } | undefined>;

/**
 * The facts badges and reputation are made of, one producer's events each: what members did
 * (posts), what moderators decided (moderation) and a verified email (identity).
 */
const FACTS: Record<string, Record<string, Fact>> = {
  posts: {
    [PostCreated.type]: async (_trx, e) => {
      const d = PostCreated.schema.parse(e.data);
      return { userId: d.ownerId, change: { posts: 1, eventsHosted: d.category === 'event' ? 1 : 0 } };
    },
    // A like of one's own comment says nothing of being helpful.
    [CommentLiked.type]: async (_trx, e) => {
      const d = CommentLiked.schema.parse(e.data);
      return d.userId === d.authorId ? undefined : { userId: d.authorId, change: { commentLikes: 1 } };
    },
    [CommentUnliked.type]: async (_trx, e) => {
      const d = CommentUnliked.schema.parse(e.data);
      return d.userId === d.authorId ? undefined : { userId: d.authorId, change: { commentLikes: -1 } };
    },
    [PostClosed.type]: async (trx, e) => {
      const d = PostClosed.schema.parse(e.data);
      if (d.reason !== 'sold' || !(await countSaleOnce(trx, d.postId, d.ownerId))) return undefined;
      return { userId: d.ownerId, change: { sales: 1 } };
    },
  },
  moderation: {
    [ReportsResolved.type]: async (_trx, e) => {
      const d = ReportsResolved.schema.parse(e.data);
      return d.action === 'dismiss' ? undefined : { userId: d.targetOwnerId, change: { upheldReports: 1 } };
    },
    [UserSuspended.type]: async (_trx, e) => ({
      userId: UserSuspended.schema.parse(e.data).userId,
      change: { suspensions: 1 },
    }),
  },
  identity: {
    [EmailVerified.type]: async (_trx, e) => ({
      userId: EmailVerified.schema.parse(e.data).userId,
      change: { emailVerified: true },
    }),
  },
};

/** Events of these producers that change standing without being a tally. */
const MARKS: Record<string, Record<string, (trx: Db, event: EventEnvelope) => Promise<void>>> = {
  posts: {},
  moderation: {
    [MemberVerificationSet.type]: (trx, e) => {
      const d = MemberVerificationSet.schema.parse(e.data);
      return setVerifiedMark(trx, d.userId, d.verified, e.streamPosition);
    },
  },
  identity: {
    [UserDeleted.type]: (trx, e) => forgetStanding(trx, UserDeleted.schema.parse(e.data).userId),
  },
};

/**
 * Badges and reputation, from events (consumer `identity-standing`, once per event through the
 * inbox): each fact changes its member's tallies, the reputation rule scores them again, and the
 * badges decider records each badge they now earn, all in the inbox's transaction, so a
 * redelivered event changes nothing. A fact about an account identity does not hold (deleted) is
 * passed over.
 */
export function standingSubscriptions(deps: IdentityDeps): Subscription[] {
  const consumer = 'identity-standing';
  return Object.keys(FACTS).map((producer) => {
    const facts = FACTS[producer] ?? {};
    const marks = MARKS[producer] ?? {};
    const types = [...Object.keys(facts), ...Object.keys(marks)];
    return inboxSubscription(deps.db, { consumer, producer, types }, async (event, trx) => {
      await marks[event.type]?.(trx, event);
      const fact = await facts[event.type]?.(trx, event);
      if (!fact || !(await findUserById(trx, fact.userId))) return;
      const tallies = await changeTallies(trx, fact.userId, fact.change);
      await storeReputation(trx, fact.userId, reputationOf(tallies));
      await handleCommand(
        inTransaction(deps.events, trx),
        badgesStream(fact.userId),
        badgesDecider,
        { type: 'review', userId: fact.userId, tallies, now: new Date(event.occurredAt) },
        { causationId: event.id, correlationId: event.correlationId },
      );
    });
  });
}
