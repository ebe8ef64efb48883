import { randomUUID } from 'node:crypto';
import { PostCreated } from '@waco/contracts';
import { postCreatedData, publishAs, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDigest } from '../src/db/notification-mails';
import { type DigestMail, startDigestMail } from './digest-mail';
import { type Instance, type Notifications, type Replicas, startReplicas } from './harness';

// The digest with two replicas on one database: each period's digest is claimed by one of them
// only (an insert into a unique index), so each member gets it once; and across a restart too.

const DAY_MS = 86_400_000;
let mail: DigestMail;
let replicas: Replicas;
let first: Notifications;

beforeAll(async () => {
  mail = await startDigestMail('digest-mail');
  // Each replica's clock a day ahead: yesterday's digest is today's posts.
  replicas = await startReplicas(() => new Date(Date.now() + DAY_MS), mail.options);
  first = replicas.first;
}, 60_000);
afterAll(async () => {
  await replicas?.stop();
  await mail?.stop();
});

const ask = (instance: Instance, userId: string, body: unknown) =>
  instance.running.app.inject({
    method: 'PUT',
    url: '/api/notifications/settings',
    headers: { 'x-user-id': userId, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('digests with two replicas', () => {
  it('each member gets one digest a period, whichever replica claims it, and a restart sends no other', async () => {
    const author = await first.registerUser('Nina', 'Park');
    const members = await first.registerUsers(['Dora', 'One'], ['Eli', 'Two'], ['Flo', 'Three']);
    const post = await publishAs(
      first.bus,
      PostCreated,
      postCreatedData({
        postId: randomUUID(),
        ownerId: author,
        title: 'Plums to give away',
        category: 'sale',
        neighborhood: 'cameron_park',
      }),
    );
    await first.handled(post);
    // Addresses are learnt from identity's registrations, on their own consumer.
    await waitFor(async () => {
      const rows = await first.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_addresses');
      return rows[0]?.n === 4;
    });
    for (const [i, member] of members.entries()) {
      const answer = await ask(i % 2 ? replicas.other() : first, member, {
        digest: 'daily',
        digestNeighborhood: 'cameron_park',
      });
      expect(answer.statusCode).toBe(200);
    }
    // Every digest sent (its row marked), then both replicas went on looking for a while.
    await waitFor(async () => {
      const rows = await first.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM notification_mails WHERE kind = 'digest' AND sent_at IS NOT NULL",
      );
      return rows[0]?.n === 3;
    });
    const { reads } = replicas;
    const seen = { ...reads };
    await waitFor(() => reads.first > seen.first + 5 && reads.second > seen.second + 5);

    // A restart: a new replica on the same database finds every period claimed.
    await replicas.restart();
    await waitFor(() => reads.third > 5);

    for (const member of members) {
      const mails = await mail.digestsTo(member);
      expect(mails, member).toHaveLength(1);
      expect(mails[0]?.text).toContain('Plums to give away');
      expect(mails[0]?.listHeaders?.['list-unsubscribe']).toMatch(
        /^<https:\/\/commons\.example\.org\/api\/unsubscribe\?token=/,
      );
    }
  });

  it('two claims of one period at once: exactly one wins', async () => {
    const member = await first.registerUser('Gus', 'Four');
    const db = [first.running.database.db, replicas.other().running.database.db];
    const won = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        claimDigest(db[i % 2] as never, member, 'daily:2000-01-01', [], new Date()),
      ),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
  });
});
