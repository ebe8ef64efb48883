import { randomUUID } from 'node:crypto';
import { conversationIdOf, MessageSent, moderationEvents, PostCreated } from '@waco/contracts';
import { publishAs, publishUserRegistered, startServiceUnderTest, waitFor } from '@waco/platform/testing';
import { setModerator } from '../src/commands/set-moderator';
import { users } from '../src/db/users';
import { createModerationService, moderationService } from '../src/service';

/**
 * moderation on a fresh schema and bus, with helpers that play identity (members), posts (a
 * post) and messaging (a message), and the operator (granting the moderator role).
 */
export async function startModeration(options: { bus?: 'memory' | 'nats' } = {}) {
  const moderation = await startServiceUnderTest(createModerationService({ targetNoticeWaitMs: 0 }), {
    bus: options.bus,
    publishes: moderationEvents,
  });

  async function member(firstName = 'Ada', lastName = 'Lovelace') {
    const { userId } = await publishUserRegistered(moderation.bus, { firstName, lastName });
    await waitFor(() => users.find(moderation.db, userId));
    return userId;
  }

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
      company: null,
      salary: null,
      eventDate: null,
      address: null,
      imagePaths: [],
      contactPhone: null,
      contactEmail: null,
    });
    await waitFor(() =>
      moderation.db.selectFrom('known_posts').select('id').where('id', '=', postId).executeTakeFirst(),
    );
    return postId;
  }

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
    await waitFor(() =>
      moderation.db.selectFrom('known_messages').select('id').where('id', '=', messageId).executeTakeFirst(),
    );
    return messageId;
  }

  /** The operator's command, as `npm run ops -- moderator grant` runs it. */
  const grantModerator = (userId: string, grant = true) =>
    setModerator(
      {
        events: {
          db: moderation.db,
          schema: moderation.running.database.schema,
          projections: moderationService.projections ?? [],
        },
        now: () => new Date(),
      },
      userId,
      grant,
    );

  /** Row counts of every table a request could write. */
  async function counts() {
    const [row] = await moderation.query<Record<string, number>>(`
      SELECT (SELECT count(*) FROM reports)::int AS reports,
             (SELECT count(*) FROM blocks)::int AS blocks,
             (SELECT count(*) FROM suspensions)::int AS suspensions,
             (SELECT count(*) FROM audit)::int AS audit,
             (SELECT count(*) FROM events)::int AS events`);
    return row;
  }

  return { ...moderation, member, post, message, grantModerator, counts };
}

export type Moderation = Awaited<ReturnType<typeof startModeration>>;
