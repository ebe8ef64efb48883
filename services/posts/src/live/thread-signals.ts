import {
  CommentAdded,
  CommentDeleted,
  CommentEdited,
  CommentHiddenByModerators,
  CommentRestoredByModerators,
  type EventEnvelope,
  PostDeleted,
  ThreadChanged,
} from '@waco/contracts';
import {
  type EventBus,
  type LiveBroadcast,
  type Logger,
  liveBroadcast,
  type Subscription,
} from '@waco/platform';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { PostsDatabase } from '../db/schema';
import { commentCounts, postsOfComments } from '../db/thread-counts';

/** The broadcast subject of changed threads: NATS core in distributed mode, in-process embedded. */
export const THREAD_SUBJECT = 'posts.threads';

/** Changed threads, from whichever instance handled the event to every instance's open streams. */
export const threadBroadcast = (bus: EventBus, logger: Logger): LiveBroadcast<ThreadChanged[]> =>
  liveBroadcast(bus, logger, THREAD_SUBJECT, z.array(ThreadChanged));

/** Reads the posts' counts as committed, and tells every instance that their threads changed. */
export async function signalThreads(
  db: Kysely<PostsDatabase>,
  channel: LiveBroadcast<ThreadChanged[]>,
  postIds: Iterable<string>,
) {
  const counts = await commentCounts(db, [...new Set(postIds)]);
  if (counts.size === 0) return;
  await channel.send([...counts].map(([postId, commentsCount]) => ({ postId, commentsCount })));
}

const OWN_EVENTS = [CommentAdded, CommentEdited, CommentDeleted, PostDeleted] as const;
const postOf = (event: EventEnvelope) => z.object({ postId: z.string() }).parse(event.data).postId;

/**
 * Signals the threads of posts' own events: a comment's post with its new count; a deleted post
 * as removed (its row is gone, so there is no count to read: its open threads read it again and
 * find it gone).
 */
async function signalOwnEvents(
  db: Kysely<PostsDatabase>,
  channel: LiveBroadcast<ThreadChanged[]>,
  events: EventEnvelope[],
) {
  const deleted = events.filter((event) => event.type === PostDeleted.type).map(postOf);
  if (deleted.length > 0)
    await channel.send(deleted.map((postId) => ({ postId, commentsCount: 0, removed: true as const })));
  const changed = events.filter((event) => event.type !== PostDeleted.type).map(postOf);
  if (changed.length > 0) await signalThreads(db, channel, changed);
}

/**
 * posts' own comment events (and a post's deletion) → a signal for each post whose thread they changed. The event is
 * on the bus once its transaction committed, so the count read here is the new one. A durable of
 * its own (`consumer`), one instance handling each event; no inbox: a signal sent twice costs a
 * read of the thread, nothing more.
 */
export function threadSignalSubscription(
  db: Kysely<PostsDatabase>,
  channel: LiveBroadcast<ThreadChanged[]>,
  consumer: string,
): Subscription {
  return {
    consumer,
    producer: 'posts',
    types: OWN_EVENTS.map((e) => e.type),
    handle: (event) => signalOwnEvents(db, channel, [event]),
    handleBatch: (events) => signalOwnEvents(db, channel, events),
  };
}

const HIDINGS = new Set<string>([CommentHiddenByModerators.type, CommentRestoredByModerators.type]);

/**
 * posts' copy of moderation's decisions, which also signals the thread of a comment hidden or
 * restored, once the copy that hides it is committed (so the thread read again shows it hidden).
 */
export function signallingHidings(
  copy: Subscription,
  db: Kysely<PostsDatabase>,
  channel: LiveBroadcast<ThreadChanged[]>,
): Subscription {
  // One event at a time (the copy has no batch form): each hiding is signalled after its commit.
  const { handleBatch: _batch, ...one } = copy;
  return {
    ...one,
    async handle(event) {
      await copy.handle(event);
      if (!HIDINGS.has(event.type)) return;
      const { commentId } = z.object({ commentId: z.string() }).parse(event.data);
      await signalThreads(db, channel, await postsOfComments(db, [commentId]));
    },
  };
}
