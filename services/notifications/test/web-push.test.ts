import { conversationIdOf } from '@waco/contracts';
import { HttpError } from '@waco/platform';
import {
  type LoopbackTrap,
  resolverWith,
  startLoopbackTrap,
  testClient,
  waitFor,
} from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { checkPushEndpoint, requireWebPush } from '../src/commands/push-subscriptions';
import { type Notifications, postOf, startNotifications } from './harness';
import { newDevice, type PushReceiver, startPushReceiver, verifiedVapidClaims } from './push-receiver';

// Web Push: a member's devices get each new notification through their push service, encrypted
// for the device and signed with the server's VAPID key, with no tab open. The push service is a
// local server the test runs; the device's keys are the test's, which decrypts what arrives.
// That receiver's origin is the one exception the test makes to the outbound guard; an internal
// service is played by a trap on loopback that counts every connection made to it.

const vapid = webpush.generateVAPIDKeys();
const SUBJECT = 'mailto:push@example.com';
// A name that looks public and resolves to loopback, as a hostile DNS server answers.
const REBOUND = 'push.rebind.example';
const rebind = resolverWith({ [REBOUND]: ['127.0.0.1'] });
let n: Notifications;
let receiver: PushReceiver;
let trap: LoopbackTrap;
let ada: string;
let request: ReturnType<typeof testClient>;

/** The Web Push settings, letting through the test's receiver only. */
const settingsFor = (origin: string) => ({
  ...vapid,
  subject: SUBJECT,
  outbound: { allowOrigins: [origin], lookup: rebind },
});

beforeAll(async () => {
  receiver = await startPushReceiver();
  trap = await startLoopbackTrap();
  n = await startNotifications({ service: { webPush: settingsFor(receiver.origin) } });
  request = testClient(n.url);
  ada = await n.registerUser('Ada', 'Lovelace');
});
afterAll(async () => {
  await receiver?.close();
  await trap?.close();
  await n?.stop();
});

/** A device of `userId` with push turned on. */
async function subscribedDevice(userId: string, name: string) {
  const device = newDevice(receiver.endpoint(name));
  const res = await request('POST', '/api/push/subscriptions', { as: userId, json: device.subscription });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return device;
}
const subscriptionRows = (userId: string) =>
  n.query<{ endpoint: string }>(
    'SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY endpoint',
    [userId],
  );

describe('turning push on', () => {
  it("gives a member the server's VAPID public key; a guest gets 401", async () => {
    const res = await request('GET', '/api/push/key', { as: ada });
    expect(res).toMatchObject({ status: 200, body: { publicKey: vapid.publicKey } });
    expect((await request('GET', '/api/push/key')).status).toBe(401);
  });

  it('refuses what is not a push subscription with 400, naming the field', async () => {
    const device = newDevice(receiver.endpoint('refused'));
    const bad = [
      { ...device.subscription, endpoint: 'not a url' },
      { ...device.subscription, keys: { ...device.subscription.keys, p256dh: 'short' } },
      { ...device.subscription, keys: { p256dh: device.subscription.keys.p256dh } },
    ];
    for (const body of bad) {
      const res = await request('POST', '/api/push/subscriptions', { as: ada, json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await subscriptionRows(ada)).toEqual([]);
  });

  it('refuses an endpoint at a local or private address with 400 saying why; nothing is stored', async () => {
    const device = newDevice(receiver.endpoint('refused'));
    const https = 'endpoint must be an https:// push service URL';
    const local = (host: string) =>
      `endpoint must be a push service on the internet, not a local or private address (${host})`;
    const internal: [string, string][] = [
      [`http://127.0.0.1:${trap.port}/push`, https],
      ['http://push.example.com/push', https],
      [`https://127.0.0.1:${trap.port}/push`, local('127.0.0.1')],
      ['https://[::1]/push', local('[::1]')],
      ['https://2130706433/push', local('127.0.0.1')],
      ['https://0x7f.1/push', local('127.0.0.1')],
      ['https://[::ffff:127.0.0.1]/push', local('[::ffff:7f00:1]')],
      ['https://localhost/push', local('localhost')],
      ['https://evil.localhost/push', local('evil.localhost')],
      ['https://169.254.169.254/latest/meta-data/', local('169.254.169.254')],
      ['https://10.0.0.5/push', local('10.0.0.5')],
      ['https://100.64.0.1/push', local('100.64.0.1')],
      ['https://[fd00::1]/push', local('[fd00::1]')],
      ['https://postgres:5432/push', local('postgres')],
    ];
    for (const [endpoint, message] of internal) {
      const res = await request('POST', '/api/push/subscriptions', {
        as: ada,
        json: { ...device.subscription, endpoint },
      });
      expect(res.status, endpoint).toBe(400);
      expect(res.body, endpoint).toMatchObject({ message, field: 'endpoint' });
    }
    expect(await subscriptionRows(ada)).toEqual([]);
  });

  it('accepts only https push services at public addresses, and says when push is not set up', () => {
    const settings = { ...vapid, subject: SUBJECT };
    expect(() => checkPushEndpoint('https://push.example/abc', settings)).not.toThrow();
    expect(() => checkPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', settings)).not.toThrow();
    expect(() => checkPushEndpoint('http://10.0.0.5/internal', settings)).toThrow(
      'endpoint must be an https:// push service URL',
    );
    expect(() => checkPushEndpoint('https://10.0.0.5/internal', settings)).toThrow(
      'endpoint must be a push service on the internet, not a local or private address (10.0.0.5)',
    );
    // The test's exception is its receiver's origin only, not its host.
    const receiving = settingsFor(receiver.origin);
    expect(() => checkPushEndpoint(receiver.endpoint('x'), receiving)).not.toThrow();
    expect(() => checkPushEndpoint(`http://127.0.0.1:${trap.port}/x`, receiving)).toThrow(
      'endpoint must be an https:// push service URL',
    );
    expect(() => requireWebPush(undefined)).toThrow(HttpError);
    expect(() => requireWebPush(undefined)).toThrow('Push notifications are not set up on this server');
  });
});

describe('a notification pushed to the devices', () => {
  it("reaches the post owner's device encrypted for it, signed with the server's key", async () => {
    const owner = await n.registerUser('Olive', 'Owner');
    const device = await subscribedDevice(owner, 'olive-phone');
    const post = postOf(owner, 'Oak rocking chair');
    await n.like(ada, post);
    const [push] = await waitFor(
      () => receiver.received('olive-phone').length === 1 && receiver.received('olive-phone'),
    );
    if (!push) throw new Error('no push');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    // Only the device's keys open it.
    expect(push.body.toString('utf8')).not.toContain('Oak');
    expect(JSON.parse(device.decrypt(push.body))).toEqual({
      title: 'Ada Lovelace liked your post',
      body: '“Oak rocking chair”',
      url: `/post/${post.postId}`,
      tag: `like:${post.postId}`,
    });
    const claims = verifiedVapidClaims(push.headers.authorization, vapid.publicKey);
    expect(claims.aud).toBe(receiver.origin);
    expect(claims.sub).toBe(SUBJECT);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    // Another device's keys cannot read it.
    expect(() => newDevice('x').decrypt(push.body)).toThrow();
  });

  it("speaks the recipient's language, as identity's events tell it", async () => {
    const lucia = await n.registerUser('Lucía', 'Reyes', 'es');
    const device = await subscribedDevice(lucia, 'lucia-phone');
    const chair = postOf(lucia, 'Silla de roble');
    await n.like(ada, chair);
    const [push] = await waitFor(
      () => receiver.received('lucia-phone').length === 1 && receiver.received('lucia-phone'),
    );
    expect(JSON.parse(device.decrypt(push?.body as Buffer))).toEqual({
      title: 'A Ada Lovelace le gustó tu publicación',
      body: '“Silla de roble”',
      url: `/post/${chair.postId}`,
      tag: `like:${chair.postId}`,
    });
    // The stored notification keeps the server's English (the web app shows it in the reader's).
    const [row] = await n.query<{ title: string }>('SELECT title FROM notifications WHERE user_id = $1', [
      lucia,
    ]);
    expect(row?.title).toBe('Ada Lovelace liked your post');

    // A message is the sender's own words, whatever they say.
    const sent = await n.message(ada, lucia, 'Post not found');
    await n.handled(sent);
    const [, message] = await waitFor(
      () => receiver.received('lucia-phone').length === 2 && receiver.received('lucia-phone'),
    );
    expect(JSON.parse(device.decrypt(message?.body as Buffer))).toMatchObject({
      title: 'Ada Lovelace te envió un mensaje',
      body: 'Post not found',
    });

    // She turns the app to English: the next push is in English.
    await n.renameUser(lucia, 'Lucía', 'Reyes', 'en');
    await waitFor(
      async () =>
        (await n.query('SELECT 1 FROM users WHERE id = $1 AND language = $2', [lucia, 'en'])).length === 1,
    );
    const table = postOf(lucia, 'Mesa');
    await n.like(ada, table);
    const [, , english] = await waitFor(
      () => receiver.received('lucia-phone').length === 3 && receiver.received('lucia-phone'),
    );
    expect(JSON.parse(device.decrypt(english?.body as Buffer))).toMatchObject({
      title: 'Ada Lovelace liked your post',
    });
  });

  it('brings a message to the recipient only, opening the conversation', async () => {
    const bob = await n.registerUser('Bob', 'Baylor');
    const carol = await n.registerUser('Carol', 'Cole');
    const bobs = await subscribedDevice(bob, 'bob-laptop');
    await subscribedDevice(carol, 'carol-phone');
    const sent = await n.message(carol, bob, 'Is the chair still for sale?');
    await n.handled(sent);
    const [push] = await waitFor(
      () => receiver.received('bob-laptop').length === 1 && receiver.received('bob-laptop'),
    );
    expect(JSON.parse(bobs.decrypt(push?.body as Buffer))).toMatchObject({
      body: expect.stringContaining('Is the chair still for sale?'),
      url: `/messages?conversation=${encodeURIComponent(conversationIdOf(carol, bob))}`,
    });
    expect(receiver.received('carol-phone')).toEqual([]);
  });

  it('drops a device its push service calls gone, keeps the others, and keeps the notification', async () => {
    const owner = await n.registerUser('Gina', 'Gone');
    await subscribedDevice(owner, 'gina-old-phone');
    await subscribedDevice(owner, 'gina-flaky-tablet');
    await subscribedDevice(owner, 'gina-new-phone');
    receiver.answer('gina-old-phone', 410);
    receiver.answer('gina-flaky-tablet', 500);
    const like = await n.like(ada, postOf(owner));
    await waitFor(
      async () => (await subscriptionRows(owner)).length === 2,
      10_000,
      'the gone device dropped',
    );
    expect((await subscriptionRows(owner)).map((r) => r.endpoint)).toEqual([
      receiver.endpoint('gina-flaky-tablet'),
      receiver.endpoint('gina-new-phone'),
    ]);
    expect(receiver.received('gina-new-phone')).toHaveLength(1);
    await n.handled(like);
    const list = await n.call('GET', '/api/notifications', owner);
    expect(list.body.notifications).toHaveLength(1);
  });

  it('never holds a notification back: a push service that does not answer changes nothing', async () => {
    const owner = await n.registerUser('Hank', 'Hang');
    await subscribedDevice(owner, 'hank-phone');
    receiver.hang('hank-phone');
    const stream = await n.openStream(owner);
    // Its first `unread` (the snapshot) before the like, or the like may be in the snapshot only.
    await stream.waitFor((e) => e.event === 'unread');
    const started = Date.now();
    const like = await n.like(ada, postOf(owner));
    await stream.waitFor((e) => e.event === 'notification', 5_000, 'the live notification');
    await n.handled(like);
    expect(Date.now() - started).toBeLessThan(5_000);
    await waitFor(() => receiver.received('hank-phone').length === 1);
    const list = await n.call('GET', '/api/notifications', owner);
    expect(list.body.notifications).toHaveLength(1);
  });
});

describe('an endpoint that leads inside', () => {
  it('gets nothing: a listener on loopback, a name resolving to 127.0.0.1, a redirect', async () => {
    // An instance of its own, stopped at the end: its stop waits for every push under way, so
    // whatever it would have sent to the trap has been sent by then.
    const guarded = await startNotifications({ service: { webPush: settingsFor(receiver.origin) } });
    try {
      const owner = await guarded.registerUser('Mallory', 'Inside');
      const call = testClient(guarded.url);
      const subscribe = (endpoint: string) =>
        call('POST', '/api/push/subscriptions', { as: owner, json: newDevice(endpoint).subscription });
      // The name looks public: accepted now, refused where the connection is made.
      const rebound = `https://${REBOUND}:${trap.port}/push/rebound`;
      expect((await subscribe(rebound)).status).toBe(200);
      // A push service that answers 307 to an internal plain-http address.
      receiver.redirect('mallory-redirect', `http://127.0.0.1:${trap.port}/internal-admin/users`);
      expect((await subscribe(receiver.endpoint('mallory-redirect'))).status).toBe(200);
      expect((await subscribe(receiver.endpoint('mallory-phone'))).status).toBe(200);
      // Rows kept from before the check (or written by anything else) meet the same guard.
      const stored = [
        `https://127.0.0.1:${trap.port}/push/literal`,
        `https://[::1]:${trap.v6Port}/push/v6`,
        `https://[::ffff:7f00:1]:${trap.port}/push/mapped`,
        `http://127.0.0.1:${trap.port}/push/plain`,
      ];
      const keys = newDevice('x').subscription.keys;
      for (const endpoint of stored) {
        await guarded.query(
          'INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth) VALUES ($1, $2, $3, $4)',
          [endpoint, owner, keys.p256dh, keys.auth],
        );
      }

      const like = await guarded.like(ada, postOf(owner));
      // The devices inside are forgotten; the real one and the redirecting one were pushed to.
      await waitFor(
        async () => {
          const rows = await guarded.query<{ endpoint: string }>(
            'SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY endpoint',
            [owner],
          );
          return rows.length === 2 && rows.map((r) => r.endpoint);
        },
        10_000,
        'the internal devices dropped',
      );
      await waitFor(() => receiver.received('mallory-phone').length === 1);
      await waitFor(() => receiver.received('mallory-redirect').length === 1);
      await guarded.handled(like);
      expect(await guarded.notificationsOf(owner)).toHaveLength(1);
    } finally {
      await guarded.stop();
    }
    expect(trap.connections()).toEqual([]);
  });
});

describe('turning push off', () => {
  it('stops pushes to one device, then to every device', async () => {
    const owner = await n.registerUser('Ivy', 'Off');
    await subscribedDevice(owner, 'ivy-phone');
    await subscribedDevice(owner, 'ivy-laptop');
    const one = await request('DELETE', '/api/push/subscriptions', {
      as: owner,
      json: { endpoint: receiver.endpoint('ivy-phone') },
    });
    expect(one).toMatchObject({ status: 200, body: { removed: 1 } });
    await n.handled(await n.like(ada, postOf(owner)));
    await waitFor(() => receiver.received('ivy-laptop').length === 1);
    expect(receiver.received('ivy-phone')).toEqual([]);

    // Another member cannot turn off someone else's device.
    const other = await request('DELETE', '/api/push/subscriptions', { as: ada, json: {} });
    expect(other.body).toEqual({ removed: 0 });
    const all = await request('DELETE', '/api/push/subscriptions', { as: owner, json: {} });
    expect(all).toMatchObject({ status: 200, body: { removed: 1 } });
    expect(await subscriptionRows(owner)).toEqual([]);
  });
});
