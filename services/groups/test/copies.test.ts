import { randomUUID } from 'node:crypto';
import { type EventDefinition, MediaUploaded, UserReinstated, UserSuspended } from '@waco/contracts';
import { publishAs, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { startGroups } from './harness';

// What groups learns from other services' events and enforces: moderation's suspensions (a
// suspended member creates no group and no event) and media's uploads (a photo must be one's own).

let groups: Awaited<ReturnType<typeof startGroups>>;
beforeAll(async () => {
  groups = await startGroups();
});
afterAll(async () => groups?.stop());

const startDate = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
const createGroup = (as: string, json: Record<string, unknown> = {}) =>
  groups.call('POST', '/api/groups', { as, json: { name: 'Brazos Park runners', ...json } });
const createEvent = (as: string) =>
  groups.call('POST', '/api/events', {
    as,
    json: { title: 'Sunrise run', location: 'Brazos Park', startDate: startDate() },
  });

describe('a suspension, from moderation’s events', () => {
  it('stops a member creating groups and events (403, nothing written) until they are reinstated', async () => {
    const member = randomUUID();
    const moderatorId = randomUUID();
    /**
     * Plays moderation's word on the member, on its stream of them (a later position overwrites an
     * earlier one in the copy), and waits until groups acts on it.
     */
    const moderationSays = async <S extends z.ZodType>(
      said: EventDefinition<string, S>,
      data: z.input<S>,
      streamPosition: number,
      heard: () => Promise<boolean>,
      what: string,
    ) => {
      await publishAs(groups.bus, said, data, { streamId: `member-${member}`, streamPosition });
      await waitFor(heard, 5_000, what);
    };
    expect((await createGroup(member)).status).toBe(201);
    await moderationSays(
      UserSuspended,
      { userId: member, moderatorId, note: 'Spam', suspendedAt: new Date().toISOString() },
      1,
      async () => (await createGroup(member)).status === 403,
      'the suspension to reach groups',
    );
    const before = await groups.counts();
    const refused = await createEvent(member);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('suspended');
    expect((await createGroup(member)).status).toBe(403);
    expect(await groups.counts()).toEqual(before);

    await moderationSays(
      UserReinstated,
      { userId: member, moderatorId, reinstatedAt: new Date().toISOString() },
      2,
      async () => (await createEvent(member)).status === 201,
      'the reinstatement to reach groups',
    );
  });
});

describe('a photo, from media’s uploads', () => {
  it("takes the member's own upload and refuses anyone else's", async () => {
    const [owner, other] = [randomUUID(), randomUUID()];
    const objectPath = `/objects/uploads/${owner}/${randomUUID()}.webp`;
    await publishAs(groups.bus, MediaUploaded, {
      objectPath,
      ownerId: owner,
      contentType: 'image/webp',
      size: 1000,
      width: 100,
      height: 100,
    });
    await waitFor(
      async () => (await createGroup(owner, { imageUrl: objectPath })).status === 201,
      5_000,
      'the upload to be known',
    );
    const refused = await createGroup(other, { imageUrl: objectPath });
    expect([refused.status, refused.body.message]).toEqual([400, 'The photo must be one you uploaded']);
  });
});
