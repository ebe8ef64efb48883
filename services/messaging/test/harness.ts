import { randomUUID } from 'node:crypto';
import { messagingEvents, PostCreated, type ProfileUpdated } from '@waco/contracts';
import {
  countRows,
  postCreatedData,
  publishAs,
  publishProfileUpdated,
  publishUserRegistered,
  startServiceUnderTest,
  waitFor,
} from '@waco/platform/testing';
import type { z } from 'zod';
import { users } from '../src/db/users';
import { createMessagingService, type MessagingServiceOptions } from '../src/service';

/**
 * Messaging on a fresh schema and a bus (in-process unless asked for JetStream), with a recorder
 * of what it publishes and a helper that plays identity by publishing its events. The limit on
 * messaging new people is off unless `service.memberLimits` turns it on (member-limits.test.ts).
 */
export async function startMessaging(
  options: { bus?: 'memory' | 'nats'; service?: MessagingServiceOptions } = {},
) {
  const messaging = await startServiceUnderTest(
    createMessagingService({ memberLimits: false, ...options.service }),
    {
      bus: options.bus,
      publishes: messagingEvents,
    },
  );

  /** A user announced, as identity would; resolves once messaging knows them. */
  async function registerUser(firstName = 'Ada', lastName = 'Lovelace') {
    const { userId } = await publishUserRegistered(messaging.bus, { firstName, lastName });
    await waitFor(() => users.find(messaging.db, userId));
    return userId;
  }

  /** A post by `ownerId` (in the group `groupId`), as posts would announce it; resolves once messaging's copy has it. */
  async function publishPost(ownerId: string, title: string, imagePaths: string[] = [], groupId?: string) {
    const postId = randomUUID();
    const data = postCreatedData({
      postId,
      ownerId,
      title,
      description: 'Good as new',
      price: '30.00',
      imagePaths,
      groupId: groupId ?? null,
    });
    await publishAs(messaging.bus, PostCreated, data, { streamId: `post-${postId}` });
    await waitFor(async () => (await messaging.query('SELECT 1 FROM posts WHERE id = $1', [postId]))[0]);
    return postId;
  }

  /** Row counts of every table a request could write. */
  const counts = () =>
    countRows(messaging.query, { messages: 'messages', members: 'conversation_members', events: 'events' });

  return {
    ...messaging,
    counts,
    registerUser,
    publishPost,
    publishProfileUpdate: (data: z.input<typeof ProfileUpdated.schema>) =>
      publishProfileUpdated(messaging.bus, data),
  };
}

export type Messaging = Awaited<ReturnType<typeof startMessaging>>;
