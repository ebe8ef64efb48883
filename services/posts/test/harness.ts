import { type CreatePostRequest, MediaUploaded, type ProfileUpdated, postsEvents } from '@waco/contracts';
import {
  countRows,
  publishAs,
  publishProfileUpdated,
  publishUserRegistered,
  startServiceUnderTest,
} from '@waco/platform/testing';
import type { z } from 'zod';
import { sweepExpiries } from '../src/commands/sweep-expiries';
import { postsProjection } from '../src/projections/apply-events';
import { createPostsService, type PostsServiceOptions } from '../src/service';

/**
 * Posts on a fresh schema and a bus (in-process unless asked for JetStream), with a recorder of
 * what it publishes and helpers that play identity and media by publishing their events. The
 * limits per member are off unless `service.memberLimits` turns them on: most files post the same
 * sample many times from one account (member-limits.test.ts covers the limits).
 */
export async function startPosts(
  options: { bus?: 'memory' | 'nats'; over?: 'inject' | 'http'; service?: PostsServiceOptions } = {},
) {
  const posts = await startServiceUnderTest(
    createPostsService({ expirySweepMs: 0, memberLimits: false, ...options.service }),
    {
      bus: options.bus,
      over: options.over,
      publishes: postsEvents,
    },
  );

  /** A user identity announced, as identity would; resolves once posts has their name. */
  async function registerUser(firstName = 'Ada', lastName = 'Lovelace') {
    return (await publishUserRegistered(posts.bus, { firstName, lastName })).userId;
  }

  /** Creates a post through the API; resolves to it. Fails the test on anything but 201. */
  async function createPost(as: string, overrides: Partial<CreatePostRequest> = {}) {
    const res = await posts.call('POST', '/api/posts', { as, json: { ...samplePost(), ...overrides } });
    if (res.status !== 201) throw new Error(`create post failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; title: string; [key: string]: unknown };
  }

  /** Row counts of every table a request could write. */
  const counts = () =>
    countRows(posts.query, {
      posts: 'posts',
      likes: 'post_likes',
      saves: 'saved_posts',
      attendance: 'event_attendance',
      filters: 'user_filter_preferences',
      events: 'events',
    });

  /** Runs the expiry sweep as if it were `now` (the service's own sweep is off in tests). */
  const sweep = (now: Date) =>
    sweepExpiries(
      {
        db: posts.running.database.db,
        schema: posts.running.database.schema,
        projections: [postsProjection],
      },
      now,
    );

  return {
    ...posts,
    sweep,
    registerUser,
    createPost,
    counts,
    publishProfileUpdate: (data: z.input<typeof ProfileUpdated.schema>) =>
      publishProfileUpdated(posts.bus, data),
    publishUpload: (ownerId: string, objectPath: string) =>
      publishAs(
        posts.bus,
        MediaUploaded,
        { objectPath, ownerId, contentType: 'image/jpeg', size: 1000, width: 800, height: 600 },
        { streamId: `media-${objectPath}` },
      ),
  };
}

export type Posts = Awaited<ReturnType<typeof startPosts>>;

/** Posts started with one user, Ada Lovelace, already known: what most test files begin with. */
export async function startPostsWithAda(options: Parameters<typeof startPosts>[0] = {}) {
  const posts = await startPosts(options);
  return { posts, ada: await posts.registerUser('Ada', 'Lovelace') };
}

/** An event post (over `samplePost`'s other fields, as `createPost` takes it). */
export function sampleEvent(): Partial<CreatePostRequest> {
  return {
    category: 'event',
    title: 'Downtown art walk',
    description: 'First Friday',
    eventDate: '2030-03-01T18:00:00Z',
  };
}

export function samplePost(): CreatePostRequest {
  return {
    category: 'sale',
    title: 'Oak rocking chair',
    description: 'Solid oak, refinished last spring. Pick up near Cameron Park.',
    neighborhood: 'cameron_park',
    price: '45',
  };
}
