import { randomUUID } from 'node:crypto';
import { publishUserRegistered, registerAdaAndBob, waitFor } from '@waco/platform/testing';
import { startedForFile } from '@waco/platform/testing/for-file';
import { describe, expect, it } from 'vitest';
import { sampleEvent, startPosts } from './harness';

/** The events each write publishes, on both buses; and identity's events kept as authors. */
describe.each(['memory', 'nats'] as const)('on the %s bus', (bus) => {
  let ada: string;
  let bob: string;
  const posts = startedForFile(
    () => startPosts({ bus }),
    async (p) => {
      ({ ada, bob } = await registerAdaAndBob(p.registerUser));
      // On JetStream the authors consumer runs apart from the publish: wait for it.
      await waitFor(async () => ((await p.query('SELECT 1 FROM authors')).length === 2 ? true : undefined));
    },
  );

  it('PostCreated carries the whole post, the owner as actor, on the post stream', async () => {
    const post = await posts.createPost(ada, {
      category: 'event',
      title: 'Cameron Park trail run',
      description: 'Five miles, easy pace. #weekend',
      neighborhood: 'cameron_park',
      eventDate: '2030-04-05T08:00:00-05:00',
      contactPhone: '254-555-0101',
      price: null,
    });
    const event = await posts.waitForPublished('PostCreated', (d) => d.postId === post.id);
    expect(event).toMatchObject({ streamId: `post-${post.id}`, streamPosition: 1, actorId: ada });
    expect(event.data).toEqual({
      postId: post.id,
      ownerId: ada,
      title: 'Cameron Park trail run',
      category: 'event',
      description: 'Five miles, easy pace. #weekend',
      neighborhood: 'cameron_park',
      price: null,
      company: null,
      salary: null,
      eventDate: '2030-04-05T13:00:00.000Z',
      address: null,
      imagePaths: [],
      contactPhone: '254-555-0101',
      contactEmail: null,
      // An event leaves the feed the day after its date.
      expiresAt: '2030-04-06T13:00:00.000Z',
      mentions: [],
      // Posted outside any group.
      groupId: null,
    });
  });

  it('likes, saves and attendance carry the actor, the owner and the category, never the title (authored text stays sealed in PostCreated)', async () => {
    const post = await posts.createPost(ada, sampleEvent());
    const ref = {
      postId: post.id,
      ownerId: ada,
      category: 'event',
      userId: bob,
    };
    const mine = (type: string) => posts.waitForPublished(type, (d) => d.postId === post.id);

    await posts.call('POST', `/api/posts/${post.id}/like`, { as: bob });
    expect((await mine('PostLiked')).data).toEqual(ref);
    await posts.call('POST', `/api/posts/${post.id}/like`, { as: bob });
    expect((await mine('PostUnliked')).data).toEqual(ref);
    await posts.call('POST', `/api/posts/${post.id}/save`, { as: bob });
    expect((await mine('PostSaved')).data).toEqual(ref);
    await posts.call('POST', `/api/posts/${post.id}/save`, { as: bob });
    const unsaved = await mine('PostUnsaved');
    expect(unsaved.data).toEqual(ref);
    expect(unsaved).toMatchObject({ streamId: `save-${post.id}-${bob}`, streamPosition: 2, actorId: bob });

    const attend = (status: string) =>
      posts.call('POST', '/api/event-attendance', { as: bob, json: { postId: post.id, status } });
    await attend('interested');
    await attend('going');
    await waitFor(() =>
      posts.published.filter(
        (e) => e.type === 'AttendanceSet' && (e.data as { postId: string }).postId === post.id,
      ).length === 2
        ? true
        : undefined,
    );
    const answers = posts.published
      .filter((e) => e.type === 'AttendanceSet' && (e.data as { postId: string }).postId === post.id)
      .map((e) => e.data);
    expect(answers).toEqual([
      { ...ref, status: 'interested', previousStatus: null },
      { ...ref, status: 'going', previousStatus: 'interested' },
    ]);
  });

  it('FilterUsed for a recorded filter and for a signed-in search', async () => {
    await posts.call('POST', '/api/user/filter-usage', {
      as: bob,
      json: { filterType: 'neighborhood', filterValue: 'Sanger_Heights' },
    });
    expect((await posts.waitForPublished('FilterUsed', (d) => d.filterType === 'neighborhood')).data).toEqual(
      {
        userId: bob,
        filterType: 'neighborhood',
        filterValue: 'sanger_heights',
      },
    );
    await posts.call('GET', '/api/posts?search=Trail%20Run', { as: bob });
    const searched = await posts.waitForPublished('FilterUsed', (d) => d.filterType === 'search_term');
    expect(searched.data).toEqual({ userId: bob, filterType: 'search_term', filterValue: 'trail run' });
    expect(searched.streamId).toBe(`filters-${bob}`);
  });

  it('a write refused by the rules publishes nothing', async () => {
    const sale = await posts.createPost(ada);
    await posts.call('POST', '/api/event-attendance', {
      as: bob,
      json: { postId: sale.id, status: 'going' },
    });
    const { rows } = await posts.running.database.pool.query(
      "SELECT count(*)::int AS n FROM events WHERE type = 'AttendanceSet' AND data->>'postId' = $1",
      [sale.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it("keeps authors' names from identity's events; a redelivered event is applied once", async () => {
    const userId = randomUUID();
    const { event: registered } = await publishUserRegistered(posts.bus, {
      userId,
      email: 'cleo@example.com',
      firstName: 'Cleo',
      lastName: 'Creek',
    });
    await posts.bus.publish('identity', registered);
    const post = await posts.createPost(userId, { title: 'Creek Meadows garage sale' });
    await waitFor(async () => {
      const res = await posts.call('GET', `/api/posts/${post.id}`);
      return res.body.user.firstName === 'Cleo' ? true : undefined;
    });
    await posts.publishProfileUpdate({
      userId,
      firstName: 'Cleopatra',
      lastName: 'Creek',
      bio: null,
      location: null,
      profileImageUrl: '/objects/uploads/avatar.jpg',
    });
    const shown = await waitFor(async () => {
      const res = await posts.call('GET', '/api/posts?limit=1');
      return res.body.posts[0].user.firstName === 'Cleopatra' ? res.body.posts[0].user : undefined;
    });
    expect(shown).toEqual({
      id: userId,
      firstName: 'Cleopatra',
      lastName: 'Creek',
      profileImageUrl: '/objects/uploads/avatar.jpg',
      isVerified: false,
    });
    const inbox = await posts.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM processed_messages WHERE message_id = $1',
      [registered.id],
    );
    expect(inbox[0]?.n).toBe(1);
    const stored = await posts.query('SELECT * FROM authors WHERE id = $1', [userId]);
    expect(JSON.stringify(stored)).not.toContain('cleo@example.com');
  });
});
