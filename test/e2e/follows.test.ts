import { FOLLOW_BLOCKED, FOLLOW_SELF } from '@waco/contracts';
import { uniqueName, waitFor } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { useEmbeddedTestStack } from './support/embedded-test-stack';
import type { Member } from './support/members';

// Follows end to end, through the gateway of the embedded stack: identity decides and counts,
// posts' copy makes the Following feed, notifications tells the member followed, and moderation's
// blocks end follows both ways.

const stack = useEmbeddedTestStack('fol', { rateLimits: { general: 100_000, auth: 100_000 } });
const { call, signUp } = stack;

const profile = async (who: Member) => (await call(null, 'GET', `/api/users/${who.id}`)).body;
const follow = (who: Member, whom: Member, json?: unknown) =>
  call(who, 'POST', `/api/users/${whom.id}/follow`, json);
const feedIds = async (who: Member, query: string) =>
  ((await call(who, 'GET', `/api/posts${query}`)).body.posts as { id: string }[]).map((p) => p.id);

describe('following a member', () => {
  it("answers a guest 401 first, whatever was sent, and a guest's Following feed too", async () => {
    const ben = await signUp('Ben');
    for (const [method, path] of [
      ['POST', `/api/users/${ben.id}/follow`],
      ['DELETE', `/api/users/${ben.id}/follow`],
      ['GET', `/api/users/${ben.id}/follow`],
      ['POST', '/api/users/not-an-id/follow'],
    ] as const) {
      const body = method === 'GET' ? undefined : { alerts: 'nonsense' };
      expect((await call(null, method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    expect((await call(null, 'GET', '/api/posts?following=true')).status).toBe(401);
    // The lists are public, as the profile's counts are.
    expect((await call(null, 'GET', `/api/users/${ben.id}/followers`)).body).toEqual({ users: [], total: 0 });
  });

  it('counts exactly under 20 concurrent follows, lists them, and a follow twice counts once', async () => {
    const star = await signUp('Stella');
    const fans = await Promise.all(Array.from({ length: 20 }, (_, i) => signUp(`Fan${i}`)));
    const answers = await Promise.all(fans.map((fan) => follow(fan, star)));
    expect(answers.map((a) => a.status)).toEqual(fans.map(() => 200));
    expect(await profile(star)).toMatchObject({ followersCount: 20, followingCount: 0 });
    for (const fan of fans.slice(0, 3)) expect(await profile(fan)).toMatchObject({ followingCount: 1 });

    // Again, all at once: nothing more is counted.
    await Promise.all(fans.map((fan) => follow(fan, star)));
    expect((await profile(star)).followersCount).toBe(20);

    const firstPage = (await call(null, 'GET', `/api/users/${star.id}/followers?limit=15`)).body;
    expect(firstPage.total).toBe(20);
    expect(firstPage.users).toHaveLength(15);
    const secondPage = (await call(null, 'GET', `/api/users/${star.id}/followers?limit=15&offset=15`)).body;
    const listed = [...firstPage.users, ...secondPage.users].map((u: { id: string }) => u.id);
    expect(new Set(listed)).toEqual(new Set(fans.map((f) => f.id)));
    expect((await call(null, 'GET', `/api/users/${fans[0]?.id}/following`)).body).toMatchObject({
      total: 1,
      users: [{ id: star.id, firstName: 'Stella' }],
    });

    // Half unfollow at once: exact again.
    await Promise.all(fans.slice(0, 10).map((fan) => call(fan, 'DELETE', `/api/users/${star.id}/follow`)));
    expect(await profile(star)).toMatchObject({ followersCount: 10 });
    expect((await call(fans[0] ?? null, 'GET', `/api/users/${star.id}/follow`)).body).toMatchObject({
      following: false,
      followersCount: 10,
    });
  }, 60_000);

  it('refuses following yourself, and an unknown member', async () => {
    const ana = await signUp('Ana');
    const self = await follow(ana, ana);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(FOLLOW_SELF);
    const nobody = await call(ana, 'POST', '/api/users/0190a8f0-0000-7000-8000-000000000999/follow');
    expect(nobody.status).toBe(404);
    expect(await profile(ana)).toMatchObject({ followingCount: 0, followersCount: 0 });
  });

  it('switches alerts per follow', async () => {
    const [ana, ben] = [await signUp('Ana'), await signUp('Ben')];
    expect((await follow(ana, ben)).body).toMatchObject({
      following: true,
      alerts: false,
      followersCount: 1,
    });
    expect((await follow(ana, ben, { alerts: true })).body).toMatchObject({ following: true, alerts: true });
    expect((await call(ana, 'GET', `/api/users/${ben.id}/follow`)).body).toMatchObject({ alerts: true });
    expect((await follow(ana, ben, { alerts: 'yes' })).status).toBe(400);
    expect((await profile(ben)).followersCount).toBe(1);
  });
});

describe('the Following feed', () => {
  it('shows only the posts of the members one follows, with the other filters', async () => {
    const [reader, followed, stranger] = [await signUp('Rhea'), await signUp('Fred'), await signUp('Stan')];
    const post = async (who: Member, neighborhood: string) =>
      (
        await call(who, 'POST', '/api/posts', {
          category: 'sale',
          title: `Lamp ${uniqueName('x')}`,
          description: 'A good lamp',
          price: '5',
          neighborhood,
        })
      ).body.id as string;
    const fredsDowntown = await post(followed, 'downtown');
    const fredsPark = await post(followed, 'cameron_park');
    const stans = await post(stranger, 'downtown');
    expect((await follow(reader, followed)).status).toBe(200);
    await waitFor(
      async () => (await feedIds(reader, '?following=true')).includes(fredsDowntown),
      20_000,
      "Fred's posts in Rhea's Following feed",
    );
    const following = await feedIds(reader, '?following=true');
    expect(following).toEqual(expect.arrayContaining([fredsDowntown, fredsPark]));
    expect(following).not.toContain(stans);
    expect(await feedIds(reader, '?following=true&neighborhood=downtown')).toEqual([fredsDowntown]);
    expect(await feedIds(stranger, '?following=true')).toEqual([]);
    expect((await call(reader, 'GET', '/api/posts?following=maybe')).status).toBe(400);

    await call(reader, 'DELETE', `/api/users/${followed.id}/follow`);
    await waitFor(
      async () => (await feedIds(reader, '?following=true')).length === 0,
      20_000,
      'an unfollow leaving the Following feed',
    );
  }, 60_000);
});

describe('a follow notification', () => {
  it('tells the member followed who follows them, once per follower', async () => {
    const [ana, ben, cy] = [await signUp('Ana'), await signUp('Ben'), await signUp('Cy')];
    await follow(ana, ben);
    await follow(cy, ben);
    // An unfollow and a follow again within the repeat window tell nothing new.
    await call(ana, 'DELETE', `/api/users/${ben.id}/follow`);
    await follow(ana, ben);
    const follows = async () =>
      (
        (await call(ben, 'GET', '/api/notifications')).body.notifications as Array<Record<string, unknown>>
      ).filter((n) => n.type === 'follow');
    await waitFor(async () => (await follows()).length >= 2, 20_000, "Ben's follow notifications");
    const got = await follows();
    expect(got).toHaveLength(2);
    expect(got).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Ana Tester started following you',
          actorId: ana.id,
          relatedId: ben.id,
        }),
        expect.objectContaining({ title: 'Cy Tester started following you', actorId: cy.id }),
      ]),
    );
  }, 60_000);
});

describe('alerts of a follow', () => {
  it('tell the follower who switched them on when the member followed posts', async () => {
    const [fan, quiet, author] = [await signUp('Finn'), await signUp('Quinn'), await signUp('Ava')];
    await follow(fan, author, { alerts: true });
    await follow(quiet, author);
    // notifications hears of the follows (identity's events) and of the post (posts') on two
    // streams: the post is written once it knows Finn's alerts, as a member following days before.
    const notifications = stack.stack.services.notifications.database.pool;
    await waitFor(
      async () =>
        (
          await notifications.query(
            'SELECT 1 FROM follow_alerts WHERE follower_id = $1 AND following_id = $2 AND alerts AND following',
            [fan.id, author.id],
          )
        ).rows.length === 1,
      20_000,
      "notifications knowing Finn's alerts",
    );
    const posted = await call(author, 'POST', '/api/posts', {
      category: 'sale',
      title: 'Walnut desk',
      description: 'Solid walnut',
      price: '80',
    });
    const alertsOf = async (who: Member) =>
      (
        (await call(who, 'GET', '/api/notifications')).body.notifications as Array<Record<string, unknown>>
      ).filter((n) => n.type === 'followed_post');
    await waitFor(async () => (await alertsOf(fan)).length === 1, 20_000, "Finn's alert of Ava's post");
    expect(await alertsOf(fan)).toEqual([
      expect.objectContaining({ title: 'Ava Tester posted something new', relatedId: posted.body.id }),
    ]);
    expect(await alertsOf(quiet)).toEqual([]);
  }, 60_000);
});

describe('a block', () => {
  it('ends follows both ways, corrects both counts, and refuses following again either way', async () => {
    const [ana, ben] = [await signUp('Ana'), await signUp('Ben')];
    await follow(ana, ben);
    await follow(ben, ana);
    expect(await profile(ana)).toMatchObject({ followersCount: 1, followingCount: 1 });
    expect((await call(ana, 'POST', `/api/users/${ben.id}/block`)).status).toBe(200);
    await waitFor(
      async () => (await profile(ana)).followersCount === 0 && (await profile(ben)).followersCount === 0,
      20_000,
      'the block ending both follows',
    );
    expect(await profile(ana)).toMatchObject({ followersCount: 0, followingCount: 0 });
    expect(await profile(ben)).toMatchObject({ followersCount: 0, followingCount: 0 });
    for (const [who, whom] of [
      [ben, ana],
      [ana, ben],
    ] as const) {
      const again = await follow(who, whom);
      expect(again.status).toBe(403);
      expect(again.body.message).toBe(FOLLOW_BLOCKED);
    }
    // Unblocked, they may follow again.
    await call(ana, 'DELETE', `/api/users/${ben.id}/block`);
    await waitFor(async () => (await follow(ben, ana)).status === 200, 20_000, 'a follow after the unblock');
    expect((await profile(ana)).followersCount).toBe(1);
  }, 60_000);

  it("hides from each of two members the other in a third's lists, which still count them", async () => {
    const [cleo, dan, eve] = [await signUp('Cleo'), await signUp('Dan'), await signUp('Eve')];
    await follow(dan, cleo);
    await follow(eve, cleo);
    const followers = async (viewer: Member | null) =>
      ((await call(viewer, 'GET', `/api/users/${cleo.id}/followers`)).body.users as { id: string }[]).map(
        (u) => u.id,
      );
    expect(new Set(await followers(eve))).toEqual(new Set([dan.id, eve.id]));
    expect((await call(dan, 'POST', `/api/users/${eve.id}/block`)).status).toBe(200);
    await waitFor(
      async () => !(await followers(eve)).includes(dan.id),
      20_000,
      "identity's copy of the block",
    );
    expect(await followers(eve)).toEqual([eve.id]);
    expect(await followers(dan)).toEqual([dan.id]);
    expect(new Set(await followers(null))).toEqual(new Set([dan.id, eve.id]));
    expect((await call(eve, 'GET', `/api/users/${cleo.id}/followers`)).body.total).toBe(1);
    expect((await profile(cleo)).followersCount).toBe(2);
  }, 60_000);
});

describe('an account', () => {
  it("exports its follows, and its deletion removes them and corrects the others' counts", async () => {
    const [dee, ben, cy] = [await signUp('Dee'), await signUp('Ben'), await signUp('Cy')];
    await follow(dee, ben);
    await follow(cy, dee);
    const exported = await (
      await fetch(`${stack.base}/api/user/export`, { headers: { cookie: dee.cookie } })
    ).json();
    expect(exported.following).toEqual([expect.objectContaining({ userId: ben.id, alerts: false })]);
    expect(exported.followers).toEqual([expect.objectContaining({ userId: cy.id })]);

    const deleted = await call(dee, 'DELETE', '/api/user', { password: 'correct horse battery' });
    expect(deleted.status).toBe(204);
    expect(await profile(ben)).toMatchObject({ followersCount: 0 });
    expect(await profile(cy)).toMatchObject({ followingCount: 0 });
    expect((await call(null, 'GET', `/api/users/${cy.id}/following`)).body).toEqual({ users: [], total: 0 });
  }, 60_000);
});
