import { DEFAULT_NOTIFICATION_SETTINGS } from '@waco/contracts';
import { waitFor } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { useEmbeddedTestStack } from './support/embedded-test-stack';
import type { Member } from './support/members';

// Notification settings, notification mails and the digest end to end, through the gateway of
// the embedded stack: notifications reads the settings, gathers mails, claims digests, and sends
// through the stack's mail catcher; the mailed unsubscribe link works without a session.

// Notifications' clock runs a day ahead: "yesterday's" digest is today's posts.
const DAY_MS = 86_400_000;
const stack = useEmbeddedTestStack('nset', {
  rateLimits: { general: 100_000, auth: 100_000 },
  memberLimits: false,
  notifications: { mailGatherMs: 0, digestEveryMs: 100, now: () => new Date(Date.now() + DAY_MS) },
});
const { call, signUp, signUpAll } = stack;

const createPost = async (who: Member, title: string, neighborhood = 'other') =>
  (
    await call(who, 'POST', '/api/posts', {
      category: 'sale',
      title,
      description: 'Pick up on the porch',
      price: '20',
      neighborhood,
    })
  ).body as { id: string };
/** The member's mails from notifications (identity's verification mail has no unsubscribe link). */
const mailsTo = async (who: Member) =>
  ((await stack.stack.mail?.list(who.email)) ?? []).filter((mail) => mail.listHeaders?.['list-unsubscribe']);
const notificationsOf = async (who: Member) =>
  (await call(who, 'GET', '/api/notifications')).body.notifications as Array<{
    type: string;
    actorId: string;
  }>;
const notificationsDb = () => stack.stack.services.notifications.database.pool;

describe('notification settings', () => {
  it('answers a guest 401 first, whatever was sent', async () => {
    expect((await call(null, 'GET', '/api/notifications/settings')).status).toBe(401);
    expect((await call(null, 'PUT', '/api/notifications/settings', { digest: 'nonsense' })).status).toBe(401);
  });

  it('reads the defaults (today’s behaviour), changes one kind, and keeps the rest', async () => {
    const ana = await signUp('Ana');
    expect((await call(ana, 'GET', '/api/notifications/settings')).body).toEqual(
      DEFAULT_NOTIFICATION_SETTINGS,
    );
    const changed = await call(ana, 'PUT', '/api/notifications/settings', {
      kinds: { likes: { app: false, push: false, email: true } },
      digest: 'weekly',
      digestNeighborhood: 'cameron_park',
    });
    expect(changed.status).toBe(200);
    const read = (await call(ana, 'GET', '/api/notifications/settings')).body;
    expect(read).toEqual(changed.body);
    expect(read.kinds.likes).toEqual({ app: false, push: false, email: true });
    expect(read.kinds.comments).toEqual(DEFAULT_NOTIFICATION_SETTINGS.kinds.comments);
    expect(read).toMatchObject({ digest: 'weekly', digestNeighborhood: 'cameron_park' });
  });

  it('refuses bad values with a 400 and a clear message, changing nothing', async () => {
    const ben = await signUp('Ben');
    for (const body of [
      { kinds: { likes: { app: 'yes', push: true, email: true } } },
      { kinds: { likes: { app: true } } },
      { kinds: { gossip: { app: true, push: true, email: true } } },
      { digest: 'hourly' },
      { digestNeighborhood: 'mars' },
      { somethingElse: true },
      [],
    ]) {
      const answer = await call(ben, 'PUT', '/api/notifications/settings', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    expect((await call(ben, 'GET', '/api/notifications/settings')).body).toEqual(
      DEFAULT_NOTIFICATION_SETTINGS,
    );
  });

  it('are in the API description', async () => {
    const paths = (await call(null, 'GET', '/api/openapi.json')).body.paths;
    expect(Object.keys(paths['/api/notifications/settings'])).toEqual(expect.arrayContaining(['get', 'put']));
    expect(Object.keys(paths['/api/unsubscribe'])).toEqual(expect.arrayContaining(['get', 'post']));
  });
});

describe('notification mails', () => {
  it('a burst of likes with likes by email sends one mail (with one-click unsubscribe), none in the app', async () => {
    const olga = await signUp('Olga');
    await call(olga, 'PUT', '/api/notifications/settings', {
      kinds: { likes: { app: false, push: false, email: true } },
    });
    const post = await createPost(olga, 'Cast iron skillet');
    const likers = await Promise.all(Array.from({ length: 10 }, (_, i) => signUp(`Liker${i}`)));
    await Promise.all(likers.map((liker) => call(liker, 'POST', `/api/posts/${post.id}/like`)));
    // Every like handled: the member's mail rows count them all (one sent, the rest gathering).
    await waitFor(async () => {
      const { rows } = await notificationsDb().query(
        'SELECT coalesce(sum(total), 0)::int AS n, count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent FROM notification_mails WHERE user_id = $1',
        [olga.id],
      );
      return rows[0].n === 10 && rows[0].sent === 1;
    }, 30_000);
    const mails = await waitFor(async () => {
      const list = await mailsTo(olga);
      return list.length > 0 && list;
    });
    expect(mails).toHaveLength(1);
    const [mail] = mails as Awaited<ReturnType<typeof mailsTo>>;
    expect(mail?.text).toContain('Cast iron skillet');
    expect(mail?.listHeaders?.['list-unsubscribe']).toMatch(/^<http.+\/api\/unsubscribe\?token=.+>$/);
    expect(mail?.listHeaders?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Not in the app: likes were chosen by email only.
    expect((await notificationsOf(olga)).filter((n) => n.type === 'like')).toEqual([]);

    // The link, as a mail client uses it: a POST without any session turns these mails off.
    const link = (mail?.listHeaders?.['list-unsubscribe'] ?? '').slice(1, -1);
    const path = new URL(link).pathname + new URL(link).search;
    const page = await call(null, 'GET', path, undefined, { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post"');
    // The page asks; it changes nothing.
    expect((await call(olga, 'GET', '/api/notifications/settings')).body.kinds.likes.email).toBe(true);
    const posted = await fetch(`${stack.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    expect((await call(olga, 'GET', '/api/notifications/settings')).body.kinds.likes).toEqual({
      app: false,
      push: false,
      email: false,
    });
  });

  it('a like with email off (the default) sends no mail, and comes in the app', async () => {
    const pete = await signUp('Pete');
    const post = await createPost(pete, 'Garden hose');
    const liker = await signUp('Quinn');
    await call(liker, 'POST', `/api/posts/${post.id}/like`);
    await waitFor(async () => (await notificationsOf(pete)).some((n) => n.type === 'like'));
    const { rows } = await notificationsDb().query(
      'SELECT count(*)::int AS n FROM notification_mails WHERE user_id = $1',
      [pete.id],
    );
    expect(rows[0].n).toBe(0);
    expect(await mailsTo(pete)).toEqual([]);
  });

  it('a forged or damaged unsubscribe token is a 400, with or without a session', async () => {
    const rita = await signUp('Rita');
    const forged = `${rita.id}.notifications.9999999999.${'A'.repeat(43)}`;
    for (const token of [forged, 'nonsense', `${rita.id}.digest.1.x`]) {
      const query = `/api/unsubscribe?token=${encodeURIComponent(token)}`;
      expect((await call(null, 'POST', query)).status).toBe(400);
      expect((await call(rita, 'POST', query)).status).toBe(400);
      const page = await call(null, 'GET', query, undefined, { accept: 'text/html' });
      expect([page.status, page.headers.get('content-type')]).toEqual([400, 'text/html; charset=utf-8']);
      expect(page.text).toContain('This unsubscribe link is invalid or has expired');
      expect((await call(null, 'GET', query)).body.message).toBe(
        'This unsubscribe link is invalid or has expired',
      );
    }
    expect((await call(null, 'POST', '/api/unsubscribe')).status).toBe(400);
  });
});

describe('the digest', () => {
  it('mails posts of those followed and of the neighbourhood once a period, never blocked, deleted or own', async () => {
    const [dora, fred, nina, bob] = await signUpAll('Dora', 'Fred', 'Nina', 'Bob');
    expect((await call(dora, 'POST', `/api/users/${fred.id}/follow`)).status).toBe(200);
    expect((await call(dora, 'POST', `/api/users/${bob.id}/block`)).status).toBe(200);
    const posts = [
      await createPost(fred, 'Fred sells a ladder', 'downtown'),
      await createPost(nina, 'Nina gives away plums', 'cameron_park'),
      await createPost(bob, 'Bob sells a bike', 'cameron_park'),
      await createPost(nina, 'Nina deleted this', 'cameron_park'),
      await createPost(dora, 'Dora sells a lamp', 'cameron_park'),
    ];
    expect((await call(nina, 'DELETE', `/api/posts/${posts[3]?.id}`)).status).toBeLessThan(300);
    // notifications has every post, the deletion, the follow and the block before Dora asks: the
    // four kept posts are there and the deleted one is gone (it came before the last one, so it was
    // there once; counting all five to 4 could pass before its deletion arrived).
    const deleted = posts[3]?.id;
    await waitFor(async () => {
      const { rows } = await notificationsDb().query(
        `SELECT (SELECT count(*)::int FROM digest_posts WHERE post_id = ANY($1::uuid[])) AS kept,
           (SELECT count(*)::int FROM digest_posts WHERE post_id = $3) AS deleted,
           (SELECT count(*)::int FROM follow_alerts WHERE follower_id = $2 AND following) AS follows,
           (SELECT count(*)::int FROM moderation_blocks WHERE blocker_id = $2 AND blocked) AS blocks`,
        [posts.filter((p) => p.id !== deleted).map((p) => p.id), dora.id, deleted],
      );
      const [row] = rows;
      return row.kept === 4 && row.deleted === 0 && row.follows === 1 && row.blocks === 1;
    }, 30_000);
    await call(dora, 'PUT', '/api/notifications/settings', {
      digest: 'daily',
      digestNeighborhood: 'cameron_park',
    });

    const [digest] = await waitFor(async () => {
      const list = await mailsTo(dora);
      return list.length > 0 && list;
    }, 30_000);
    expect(digest?.subject).toBe('Your daily digest from Waco Commons');
    expect(digest?.text).toContain('Fred sells a ladder');
    expect(digest?.text).toContain('Nina gives away plums');
    for (const absent of ['Bob sells a bike', 'Nina deleted this', 'Dora sells a lamp'])
      expect(digest?.text).not.toContain(absent);
    expect(digest?.listHeaders?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The period is claimed once: the scheduler keeps running and sends no second one.
    const { rows } = await notificationsDb().query(
      "SELECT count(*)::int AS n FROM notification_mails WHERE user_id = $1 AND kind = 'digest'",
      [dora.id],
    );
    expect(rows[0].n).toBe(1);

    // One click, no session: the digest is off.
    const link = (digest?.listHeaders?.['list-unsubscribe'] ?? '').slice(1, -1);
    const url = new URL(link);
    expect(
      (await call(null, 'POST', url.pathname + url.search, undefined, { accept: 'text/html' })).status,
    ).toBe(200);
    expect((await call(dora, 'GET', '/api/notifications/settings')).body.digest).toBe('off');
  });
});
