import { ADMINS_ONLY, defineEvent } from '@waco/contracts';
import { testEnvelope, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Moderation, startModeration } from './harness';

// The operator's console's endpoints in moderation: for administrators only, dead letters handed
// back or dropped with a record in the audit list, consumers' lag, and the roles.

let moderation: Moderation;
let admin: string;
let moderator: string;
let member: string;

beforeAll(async () => {
  moderation = await startModeration();
  [admin, moderator, member] = [
    await moderation.member('Ada', 'Admin'),
    await moderation.moderator('Moe', 'Moderator'),
    await moderation.member('Mia', 'Member'),
  ];
  await moderation.grantAdmin(admin);
});
afterAll(() => moderation?.stop());

const Parcel = defineEvent('parcels', 'ParcelSent', z.object({ to: z.string() }));

/** A consumer that cannot handle `poisoned` events: each becomes a dead letter at its first try. */
async function poisonedConsumer(poisoned: Set<string>, handled: string[]) {
  await moderation.bus.subscribe({
    consumer: 'courier',
    producer: 'parcels',
    types: [Parcel.type],
    retry: { maxDeliver: 1, backoffMs: [10] },
    handle: async (event) => {
      if (poisoned.has(event.id)) throw new Error(`no address for ${event.id}`);
      handled.push(event.id);
    },
  });
}

describe("the operator's console", () => {
  it('answers administrators only: 401 to a guest, 403 to a member and to a moderator', async () => {
    const paths = ['/api/admin/dead-letters', '/api/admin/consumers', '/api/admin/roles'];
    for (const path of paths) {
      expect((await moderation.call('GET', path)).status, path).toBe(401);
      for (const as of [member, moderator]) {
        const refused = await moderation.call('GET', path, { as });
        expect(refused.status, path).toBe(403);
        expect(refused.body).toEqual({ message: ADMINS_ONLY });
      }
      expect((await moderation.call('GET', path, { as: admin })).status, path).toBe(200);
    }
    const promote = await moderation.call('PUT', `/api/admin/users/${member}/moderator`, {
      as: moderator,
      json: { moderator: true },
    });
    expect(promote.status).toBe(403);
    expect((await moderation.call('GET', `/api/moderation/reports`, { as: member })).status).toBe(403);
  });

  it('lists who holds which role, and grants and revokes the moderator role with a record of who did', async () => {
    const granted = await moderation.call('PUT', `/api/admin/users/${member}/moderator`, {
      as: admin,
      json: { moderator: true },
    });
    expect(granted.body).toEqual({ userId: member, moderator: true, changed: true });
    const roles = (await moderation.call('GET', '/api/admin/roles', { as: admin })).body;
    expect(roles.admins.map((m: { firstName: string }) => m.firstName)).toEqual(['Ada']);
    expect(roles.moderators.map((m: { firstName: string }) => m.firstName)).toEqual(['Mia', 'Moe']);
    const revoked = await moderation.call('PUT', `/api/admin/users/${member}/moderator`, {
      as: admin,
      json: { moderator: false },
    });
    expect(revoked.body).toEqual({ userId: member, moderator: false, changed: true });
    const audit = (await moderation.call('GET', '/api/moderation/audit', { as: moderator })).body.entries;
    expect(audit.slice(0, 2)).toMatchObject([
      { action: 'revoke_moderator', moderatorId: admin, moderatorName: 'Ada Admin', targetId: member },
      { action: 'grant_moderator', moderatorId: admin, targetId: member },
    ]);
    // Bad input: not a boolean, an unknown member.
    expect(
      (
        await moderation.call('PUT', `/api/admin/users/${member}/moderator`, {
          as: admin,
          json: { moderator: 'yes' },
        })
      ).status,
    ).toBe(400);
    const nobody = '0190f5a2-7c1e-7b3a-9c4d-2e8f6a1b3c5d';
    expect(
      (
        await moderation.call('PUT', `/api/admin/users/${nobody}/moderator`, {
          as: admin,
          json: { moderator: true },
        })
      ).status,
    ).toBe(404);
  });

  it('hands a dead letter back to its consumer, drops another, and records both in the audit list', async () => {
    const poisoned = new Set<string>();
    const handled: string[] = [];
    await poisonedConsumer(poisoned, handled);
    const [first, second] = [
      testEnvelope(Parcel, { to: 'Sanger Heights' }),
      testEnvelope(Parcel, { to: 'Downtown' }),
    ];
    poisoned.add(first.id).add(second.id);
    await moderation.bus.publish('parcels', first);
    await moderation.bus.publish('parcels', second);
    const letters = await waitFor(async () => {
      const listed = (await moderation.call('GET', '/api/admin/dead-letters', { as: admin })).body
        .deadLetters;
      const ours = listed.filter((l: { consumer: string }) => l.consumer === 'courier');
      return ours.length === 2 ? ours : undefined;
    });
    const idOf = (eventId: string) =>
      letters.find((l: { event: { id: string } }) => l.event.id === eventId).id;
    expect(letters.find((l: { event: { id: string } }) => l.event.id === first.id)).toMatchObject({
      consumer: 'courier',
      error: expect.stringContaining(`no address for ${first.id}`),
    });

    // Fixed: the first is handed back and handled; the second is dropped.
    poisoned.delete(first.id);
    const redriven = await moderation.call(
      'POST',
      `/api/admin/dead-letters/${encodeURIComponent(idOf(first.id))}/redrive`,
      {
        as: admin,
      },
    );
    expect(redriven.body).toEqual({ id: idOf(first.id), done: true });
    await waitFor(() => handled.includes(first.id));
    const dropped = await moderation.call(
      'POST',
      `/api/admin/dead-letters/${encodeURIComponent(idOf(second.id))}/drop`,
      {
        as: admin,
      },
    );
    expect(dropped.status).toBe(200);
    expect(handled).not.toContain(second.id);
    // Gone: a second try at either is a 404 that records nothing.
    const again = await moderation.call(
      'POST',
      `/api/admin/dead-letters/${encodeURIComponent(idOf(second.id))}/drop`,
      {
        as: admin,
      },
    );
    expect(again.status).toBe(404);

    const audit = (await moderation.call('GET', '/api/moderation/audit', { as: moderator })).body.entries;
    expect(audit.filter((entry: { targetType: string }) => entry.targetType === 'dead_letter')).toMatchObject(
      [
        {
          action: 'drop_dead_letter',
          moderatorId: admin,
          targetId: idOf(second.id),
          note: 'courier: ParcelSent',
        },
        {
          action: 'redrive_dead_letter',
          moderatorId: admin,
          targetId: idOf(first.id),
          note: 'courier: ParcelSent',
        },
      ],
    );
    const lag = (await moderation.call('GET', '/api/admin/consumers', { as: admin })).body.consumers;
    expect(lag).toContainEqual(
      expect.objectContaining({ consumer: 'courier', producer: 'parcels', pending: 0 }),
    );
  });
});
