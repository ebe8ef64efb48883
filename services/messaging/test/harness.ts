import { messagingEvents, type ProfileUpdated } from '@waco/contracts';
import {
  createTestBus,
  publishProfileUpdated,
  publishUserRegistered,
  queryRows,
  recordPublished,
  startTestService,
  testClient,
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
  const testBus = await createTestBus(options.bus ?? 'memory');
  const published = await recordPublished(testBus.bus, 'messaging', messagingEvents);
  const running = await startTestService(messagingService, { bus: testBus.bus });
  const query = queryRows(running.database.pool);

  /** A user announced, as identity would; resolves once messaging knows them. */
  async function registerUser(firstName = 'Ada', lastName = 'Lovelace') {
    const userId = (await publishUserRegistered(testBus.bus, { firstName, lastName })).userId;
    await waitFor(() => users.find(running.database.db, userId));
    return userId;
  }

  /** Row counts of every table a request could write. */
  async function counts() {
    const [row] = await query<Record<string, number>>(`
      SELECT (SELECT count(*) FROM messages)::int AS messages,
             (SELECT count(*) FROM conversation_members)::int AS members,
             (SELECT count(*) FROM events)::int AS events`);
    return row;
  }

  return {
    running,
    bus: testBus.bus,
    published: published.events,
    /** A request as it arrives from the gateway: `as` plays the gateway's `x-user-id` header. */
    call: testClient(running.app),
    query,
    counts,
    registerUser,
    waitForPublished: published.waitFor,
    publishProfileUpdate: (data: z.input<typeof ProfileUpdated.schema>) =>
      publishProfileUpdated(testBus.bus, data),
    async stop() {
      await running.stop();
      await testBus.close();
    },
  };
}

export type Messaging = Awaited<ReturnType<typeof startMessaging>>;
