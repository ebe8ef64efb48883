import { randomUUID } from 'node:crypto';
import { CommentAdded, conversationIdOf, MessageSent, moderationEvents, PostCreated } from '@waco/contracts';
import {
  countRows,
  publishAs,
  publishUserRegistered,
  startServiceUnderTest,
  waitFor,
} from '@waco/platform/testing';
import { setAdmin, setModerator } from '../src/commands/set-moderator';
import { users } from '../src/db/users';
import { createModerationService, moderationService } from '../src/service';

/** A sale's fields it leaves empty. */
const NO_DETAILS = Object.fromEntries(
  ['company', 'salary', 'eventDate', 'address', 'contactPhone', 'contactEmail'].map((field) => [field, null]),
) as Record<'company' | 'salary' | 'eventDate' | 'address' | 'contactPhone' | 'contactEmail', null>;

/**
 * moderation on a fresh schema and bus, with helpers that play identity (members), posts (a
 * post) and messaging (a message), and the operator (granting the moderator role).
 */
export async function startModeration(options: { bus?: 'memory' | 'nats' } = {}) {
  // Reports name things announced by events: the test announces them first, so no waiting.
  const service = createModerationService({ targetNoticeWaitMs: 0 });
  const moderation = await startServiceUnderTest(service, { bus: options.bus, publishes: moderationEvents });

  /** A member announced by identity; resolves once moderation knows them. */
  const member = async (firstName: string, lastName: string) => {
    const announced = await publishUserRegistered(moderation.bus, { firstName, lastName });
    return (await waitFor(() => users.find(moderation.db, announced.userId))).id;
  };

  /** Resolves with `id` once moderation's copy of what another service announced has it. */
  async function known(table: 'known_posts' | 'known_comments' | 'known_messages', id: string) {
    await waitFor(() => moderation.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());
    return id;
  }

  /** A post announced by posts; resolves once moderation knows it. */
  async function post(ownerId: string, title = 'Cheap iPhone, wire money first') {
    const postId = randomUUID();
    await publishAs(moderation.bus, PostCreated, {
      postId,
      ownerId,
      title,
      category: 'sale',
      description: 'Only Western Union',
      neighborhood: 'downtown',
      price: '20',
      imagePaths: [],
      ...NO_DETAILS,
    });
    return known('known_posts', postId);
  }

  /** A comment announced by posts; resolves once moderation knows it. */
  async function comment(userId: string, postId: string, content = 'Send me a deposit first') {
    const commentId = randomUUID();
    await publishAs(moderation.bus, CommentAdded, {
      postId,
      ownerId: userId,
      category: 'sale',
      commentId,
      userId,
      content,
      parentId: null,
      parentAuthorId: null,
      depth: 1,
    });
    return known('known_comments', commentId);
  }

  /** A message announced by messaging; resolves once moderation knows it. */
  async function message(senderId: string, recipientId: string, content = 'You owe me') {
    const messageId = randomUUID();
    await publishAs(moderation.bus, MessageSent, {
      messageId,
      conversationId: conversationIdOf(senderId, recipientId),
      senderId,
      recipientId,
      content,
      excerpt: content,
      sentAt: new Date().toISOString(),
    });
    return known('known_messages', messageId);
  }

  const operator = {
    events: {
      db: moderation.db,
      schema: moderation.running.database.schema,
      projections: moderationService.projections ?? [],
    },
    now: () => new Date(),
  };
  /** The operator's command, as `npm run ops -- moderator grant` runs it. */
  const grantModerator = (userId: string, grant = true) => setModerator(operator, userId, grant);
  /** The operator's command, as `npm run ops -- admin grant` runs it. */
  const grantAdmin = (userId: string, grant = true) => setAdmin(operator, userId, grant);

  /** A member the operator made a moderator. */
  async function moderator(firstName: string, lastName: string) {
    const userId = await member(firstName, lastName);
    await grantModerator(userId);
    return userId;
  }

  /** Row counts of every table a request could write. */
  const counts = () =>
    countRows(moderation.query, {
      reports: 'reports',
      blocks: 'blocks',
      suspensions: 'suspensions',
      audit: 'audit',
      events: 'events',
    });

  return { ...moderation, member, moderator, post, comment, message, grantModerator, grantAdmin, counts };
}

export type Moderation = Awaited<ReturnType<typeof startModeration>>;
