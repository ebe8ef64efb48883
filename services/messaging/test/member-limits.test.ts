import { FIRST_MESSAGE_LIMITS, FirstMessageLimitReached, NEW_ACCOUNT_DAYS } from '@waco/contracts';
import { newAccountHourly, publishMember, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/users';
import { type Messaging, startMessaging } from './harness';

// The limit on messaging people one never talked to (libs/contracts' member-limits.ts), through
// the HTTP API on a real Postgres: new people are counted, people one talks with are not.

let messaging: Messaging;
const NEW_HOURLY = newAccountHourly(FIRST_MESSAGE_LIMITS);

beforeAll(async () => {
  messaging = await startMessaging({ service: { memberLimits: true } });
});
afterAll(() => messaging?.stop());

/** A member announced `daysAgo`, verified or not; resolves once messaging knows it all. */
async function member(daysAgo = 0, verified = false) {
  const userId = await publishMember(messaging.bus, daysAgo, verified);
  await waitFor(async () => (await users.standingOf(messaging.db, userId))?.emailVerified === verified);
  return userId;
}

const send = (as: string, recipientId: string, content = 'Hi! Is it still available?') =>
  messaging.call('POST', '/api/messages', { as, json: { recipientId, content } });

describe('messaging people one never talked to', () => {
  it(`a new account messages ${NEW_HOURLY} new people in an hour, then gets 429; answers and old threads stay free`, async () => {
    const spammer = await member();
    const strangers = await Promise.all(Array.from({ length: NEW_HOURLY + 1 }, () => member()));
    for (const stranger of strangers.slice(0, NEW_HOURLY))
      expect((await send(spammer, stranger)).status).toBe(201);
    const before = await messaging.counts();
    const refused = await send(spammer, strangers[NEW_HOURLY] as string);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      new RegExp(
        `^New or unverified accounts can message ${NEW_HOURLY} new people an hour\\. You can message someone new again in (60 minutes|1 hour)\\.$`,
      ),
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await messaging.counts()).messages).toBe(before.messages);
    // Someone they already talk with: free. Someone answering them: free too.
    expect((await send(spammer, strangers[0] as string, 'One more thing')).status).toBe(201);
    expect((await send(strangers[1] as string, spammer, 'Stop messaging me')).status).toBe(201);
    const burst = await messaging.waitForPublished(
      FirstMessageLimitReached.type,
      (d) => d.userId === spammer,
    );
    expect(burst.data).toMatchObject({ userId: spammer, per: 'hour', max: NEW_HOURLY, newAccount: true });
  });

  it(`an account older than ${NEW_ACCOUNT_DAYS} days and verified has the higher limit`, async () => {
    const neighbour = await member(NEW_ACCOUNT_DAYS + 30, true);
    for (let n = 0; n <= NEW_HOURLY; n++) expect((await send(neighbour, await member())).status).toBe(201);
  });
});
