import { messagingEvents, type ProfileUpdated } from '@waco/contracts';
import {
  countRows,
  publishProfileUpdated,
  publishUserRegistered,
  startServiceUnderTest,
  waitFor,
} from '@waco/platform/testing';
import type { z } from 'zod';
import { users } from '../src/db/users';
import { messagingService } from '../src/service';

/**
 * Messaging on a fresh schema and a bus (in-process unless asked for JetStream), with a recorder
 * of what it publishes and a helper that plays identity by publishing its events.
 */
export async function startMessaging(options: { bus?: 'memory' | 'nats' } = {}) {
  const messaging = await startServiceUnderTest(messagingService, {
    bus: options.bus,
    publishes: messagingEvents,
  });

  /** A user announced, as identity would; resolves once messaging knows them. */
  async function registerUser(firstName = 'Ada', lastName = 'Lovelace') {
    const { userId } = await publishUserRegistered(messaging.bus, { firstName, lastName });
    await waitFor(() => users.find(messaging.db, userId));
    return userId;
  }

  /** Row counts of every table a request could write. */
  const counts = () =>
    countRows(messaging.query, { messages: 'messages', members: 'conversation_members', events: 'events' });

  return {
    ...messaging,
    counts,
    registerUser,
    publishProfileUpdate: (data: z.input<typeof ProfileUpdated.schema>) =>
      publishProfileUpdated(messaging.bus, data),
  };
}

export type Messaging = Awaited<ReturnType<typeof startMessaging>>;
