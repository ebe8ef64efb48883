import { conversationIdOf } from '@waco/contracts';
import { SERVICE_NAMES } from '@waco/launcher/services';
import { signUpAt, uniqueName, waitFor } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { signUpMembers } from './support/members';
import { processStackForFile } from './support/process-stack';
import { parsePrometheusText } from './support/prometheus-text';

// End to end through the gateway with every service in its own process, on the machine's
// Postgres and NATS JetStream: the distributed mode, as `npm run start:distributed` runs it.

const stack = processStackForFile({ name: 'e2e' });

/** A request through the gateway, with a member's cookie (null: a guest), and its JSON answer. */
async function call(cookie: string | null, method: string, path: string, json?: object) {
  const res = await fetch(`${stack.group.gatewayUrl}${path}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

describe('distributed mode, through the gateway', () => {
  it('signs up, reads /api/user, updates the profile, logs out, then is refused', async () => {
    const base = stack.group.gatewayUrl;
    const email = `${uniqueName('ada')}@example.com`;
    const signup = await fetch(`${base}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email, password: 'correct horse' }),
    });
    expect(signup.status, stack.logs.join('\n')).toBe(201);
    const cookie = signup.headers.get('set-cookie')?.split(';')[0];
    expect(cookie).toMatch(/^sid=/);
    const headers = { cookie: cookie ?? '' };

    const me = await fetch(`${base}/api/user`, { headers });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace' });

    const update = await fetch(`${base}/api/user/profile`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'King', bio: 'Hello Waco', location: 'Downtown' }),
    });
    expect(update.status).toBe(200);
    expect(await (await fetch(`${base}/api/user`, { headers })).json()).toMatchObject({
      lastName: 'King',
      bio: 'Hello Waco',
    });

    const logout = await fetch(`${base}/api/logout`, { headers, redirect: 'manual' });
    expect(logout.status).toBe(302);
    const after = await fetch(`${base}/api/user`, { headers });
    expect(after.status).toBe(401);
    expect(await after.json()).toHaveProperty('message');
  });

  it('uploads a photo through the app origin to the embedded store, and serves it', async () => {
    const base = stack.group.gatewayUrl;
    const { cookie } = await signUpAt(base, {
      firstName: 'Grace',
      lastName: 'Hopper',
      password: 'correct horse',
    });
    const { default: sharp } = await import('sharp');
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const start = await fetch(`${base}/api/objects/upload`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ contentType: 'image/jpeg', size: photo.length }),
    });
    expect(start.status, stack.logs.join('\n')).toBe(200);
    const { uploadURL, objectPath } = (await start.json()) as { uploadURL: string; objectPath: string };
    // On the origin the request came to, under /storage/, which the gateway forwards to the store.
    expect(new URL(uploadURL).origin).toBe(new URL(base).origin);
    expect(new URL(uploadURL).pathname).toMatch(/^\/storage\//);
    const put = await fetch(uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(photo),
    });
    expect(put.status).toBe(200);
    const done = await fetch(`${base}/api/media/complete`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ objectPath }),
    });
    expect(done.status).toBe(200);
    const served = await fetch(`${base}${objectPath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');

    // Her account export, gathered by the gateway from every process, holds the upload.
    const exported = await fetch(`${base}/api/user/export`, { headers: { cookie } });
    expect(exported.status, stack.logs.join('\n')).toBe(200);
    const data = (await exported.json()) as Record<string, Array<Record<string, unknown>>>;
    expect(data.profile).toEqual([expect.objectContaining({ firstName: 'Grace', lastName: 'Hopper' })]);
    expect(data.uploads).toEqual([
      expect.objectContaining({ contentType: 'image/jpeg', width: 64, height: 48 }),
    ]);
    for (const section of ['posts', 'messages', 'notifications', 'reportsMade'])
      expect(data[section]).toEqual([]);
  });

  it('edits, closes and deletes a post; whoever saved it hears so (a post’s lifecycle)', async () => {
    const [{ cookie: seller }, { cookie: saver }] = await signUpMembers(stack.group.gatewayUrl, 'Sal', 'Sue');
    const post = await call(seller, 'POST', '/api/posts', {
      category: 'sale',
      title: 'Cedar chest',
      description: 'Sturdy',
      price: '120',
    });
    expect(post.status, stack.logs.join('\n')).toBe(201);
    const path = `/api/posts/${post.body.id}`;
    expect((await call(saver, 'POST', `${path}/save`)).status).toBe(200);
    expect((await call(saver, 'PATCH', path, { price: '1' })).status).toBe(403);
    expect((await call(seller, 'PATCH', path, { price: '90' })).body).toMatchObject({ price: '90.00' });
    expect((await call(seller, 'POST', `${path}/close`, { reason: 'sold' })).body).toMatchObject({
      state: 'closed',
      closedReason: 'sold',
    });
    expect((await call(seller, 'DELETE', path)).status).toBe(204);
    expect((await call(saver, 'GET', path)).status).toBe(404);
    const told = await waitFor(async () => {
      const list = await call(saver, 'GET', '/api/notifications');
      const types = list.body.notifications.map((n: { type: string }) => n.type);
      return types.length === 3 && types;
    });
    expect([...told].sort()).toEqual(['post_closed', 'post_deleted', 'price_drop']);
    expect((await call(seller, 'GET', '/api/notifications')).body.notifications).toEqual([]);
  });

  it('a group across processes: joined in groups, its event full with a waitlist, its private post for members only in posts', async () => {
    const [ada, bob, cy] = await signUpMembers(stack.group.gatewayUrl, 'Ada', 'Bob', 'Cy');
    const group = await call(ada.cookie, 'POST', '/api/groups', {
      name: 'Brazos Night Riders',
      isPublic: false,
    });
    expect(group.status, stack.logs.join('\n')).toBe(201);
    const groupId = group.body.id as string;
    // Bob asks to join the private group; Ada lets him in.
    expect((await call(bob.cookie, 'POST', `/api/groups/${groupId}/join`)).status).toBeLessThan(300);
    expect(
      (await call(ada.cookie, 'POST', `/api/groups/${groupId}/requests/${bob.id}`, { approve: true })).status,
    ).toBe(200);
    const startDate = new Date(Date.now() + 7 * 86_400_000).toISOString().replace('Z', '+00:00');
    const ride = await call(ada.cookie, 'POST', '/api/events', {
      title: 'Full moon ride',
      location: 'Cameron Park',
      startDate,
      groupId,
      maxAttendees: 1,
    });
    expect(ride.status).toBe(201);
    // Ada takes its one place: Bob waits.
    expect((await call(ada.cookie, 'POST', `/api/events/${ride.body.id}/attend`)).body.status).toBe(
      'attending',
    );
    const bobs = await call(bob.cookie, 'POST', `/api/events/${ride.body.id}/attend`);
    expect(bobs.body.status).toBe('waitlisted');
    // Posts learns of the group and of Bob's membership through NATS: a post in it, once it has.
    const post = await waitFor(async () => {
      const made = await call(ada.cookie, 'POST', '/api/posts', {
        category: 'sale',
        title: 'Spare headlamp',
        description: 'For night rides',
        groupId,
      });
      return made.status === 201 && made.body;
    }, 20_000);
    await waitFor(
      async () => (await call(bob.cookie, 'GET', `/api/posts/${post.id}`)).status === 200,
      20_000,
    );
    expect((await call(cy.cookie, 'GET', `/api/posts/${post.id}`)).status).toBe(404);
    expect((await call(null, 'GET', `/api/posts/${post.id}`)).status).toBe(404);
    // The event is the members': an outsider gets 404 at its address.
    expect((await call(cy.cookie, 'GET', `/api/events/${ride.body.id}`)).status).toBe(404);
    expect((await call(bob.cookie, 'GET', `/api/events/${ride.body.id}`)).body).toMatchObject({
      attendeesCount: 1,
      waitlistCount: 1,
    });
  });

  it("adds a business and reviews it; the directory names the reviewer from identity's events", async () => {
    const [{ cookie: adder }, { cookie: reviewer }] = await signUpMembers(
      stack.group.gatewayUrl,
      'Abe',
      'Rue',
    );
    const business = await call(adder, 'POST', '/api/businesses', {
      name: 'Bosque Saddlery',
      category: 'shopping',
    });
    expect(business.status, stack.logs.join('\n')).toBe(201);
    const path = `/api/businesses/${business.body.id}`;
    const reviewed = await call(reviewer, 'POST', `${path}/reviews`, { rating: 4, comment: 'Fine work' });
    expect(reviewed.body).toMatchObject({ averageRating: 4, reviewsCount: 1 });
    const named = await waitFor(async () => {
      const reviews = (await call(adder, 'GET', `${path}/reviews`)).body as {
        author: { firstName: string };
      }[];
      return reviews[0]?.author.firstName === 'Rue' && reviews;
    });
    expect(named).toHaveLength(1);
  });

  it('a deal across processes: an offer accepted in messaging makes the post pending in posts; sold, the two rate', async () => {
    const [seller, buyer] = await signUpMembers(stack.group.gatewayUrl, 'Sam', 'Bea');
    const post = await call(seller.cookie, 'POST', '/api/posts', {
      category: 'sale',
      title: 'Porch swing',
      description: 'Oak',
      price: '80',
    });
    expect(post.status, stack.logs.join('\n')).toBe(201);
    const deal = `/api/conversations/${conversationIdOf(seller.id, buyer.id)}`;
    // Messaging hears of the post (and of Bea) through NATS: ask until it has.
    const offer = await waitFor(async () => {
      const made = await call(buyer.cookie, 'POST', `${deal}/offers`, { postId: post.body.id, amount: '60' });
      return made.status === 201 && made.body;
    }, 20_000);
    const asked = await call(buyer.cookie, 'POST', '/api/messages', {
      recipientId: seller.id,
      content: 'Is this still available?',
      postId: post.body.id,
    });
    expect(asked.status).toBe(201);
    expect(
      (await call(seller.cookie, 'POST', `${deal}/offers/${offer.id}`, { answer: 'accept' })).status,
    ).toBe(200);
    await waitFor(
      async () => (await call(buyer.cookie, 'GET', `/api/posts/${post.body.id}`)).body.pending === true,
      20_000,
    );
    const sold = await call(seller.cookie, 'POST', `/api/posts/${post.body.id}/close`, {
      reason: 'sold',
      buyerId: buyer.id,
    });
    expect(sold.body).toMatchObject({ state: 'closed', closedReason: 'sold' });
    await waitFor(async () => {
      const rated = await call(buyer.cookie, 'POST', `${deal}/rating`, {
        postId: post.body.id,
        score: 5,
        note: 'Easy',
      });
      return rated.status === 201;
    }, 20_000);
    expect((await call(seller.cookie, 'GET', `/api/users/${seller.id}/standing`)).body).toMatchObject({
      ratingsCount: 1,
      averageRating: 5,
    });
  });

  it('answers /readyz in every service once Postgres and NATS are reachable', async () => {
    const res = await fetch(`${stack.group.gatewayUrl}/readyz`);
    expect(res.status).toBe(200);
  });

  it("serves each process's metrics as Prometheus text on an internal port, never on the gateway's public one", async () => {
    // Traffic first: a read through the gateway to posts.
    expect((await fetch(`${stack.group.gatewayUrl}/api/posts`)).status).toBe(200);
    const read = async (port: number) => {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      return parsePrometheusText(await res.text());
    };
    for (const name of SERVICE_NAMES) {
      const { types, samples } = await read(stack.ports[name]);
      expect(types.get('http_server_request_duration')).toBe('histogram');
      // One process, one service: every series says which.
      expect(
        samples.every((s) => s.labels.service_name === undefined || s.labels.service_name === name),
      ).toBe(true);
      if (name === 'posts') {
        expect(
          samples.some(
            (s) => s.name === 'http_server_request_duration_count' && s.labels.http_route === '/api/posts',
          ),
        ).toBe(true);
        expect(samples.find((s) => s.name === 'waco_outbox_lag')?.labels.messaging_destination_name).toBe(
          'posts',
        );
      }
      if (name === 'notifications') {
        expect(
          samples.some(
            (s) => s.name === 'waco_consumer_pending' && s.labels.messaging_destination_name === 'posts',
          ),
        ).toBe(true);
      }
    }
    const gateway = await read(stack.metricsPort);
    expect(gateway.samples.some((s) => s.name === 'waco_session_cache_lookups_total')).toBe(true);
    expect((await fetch(`${stack.group.gatewayUrl}/metrics`)).status).toBe(404);
  });
});
