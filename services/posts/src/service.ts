import { STREAM_HEARTBEAT_MS } from '@waco/contracts';
import {
  commandDeps,
  groupsCopySubscription,
  registerPersonalExport,
  type ServiceDefinition,
  UPLOAD_NOTICE_WAIT_MS,
  uploadedMediaSubscription,
} from '@waco/platform';
import { registerAttendanceRoutes } from './api/attendance-routes';
import { registerCommentRoutes } from './api/comment-routes';
import { registerCreatePostRoutes } from './api/create-post-routes';
import { registerFeedRoutes } from './api/feed-routes';
import { registerFilterRoutes } from './api/filter-routes';
import { registerHashtagRoutes } from './api/hashtag-routes';
import { registerLifecycleRoutes } from './api/lifecycle-routes';
import { registerReactionRoutes } from './api/reaction-routes';
import { registerSavedSearchRoutes } from './api/saved-search-routes';
import { registerSitemapRoutes } from './api/sitemap-routes';
import { registerThreadStreamRoutes } from './api/thread-stream-routes';
import { registerUserListRoutes } from './api/user-list-routes';
import type { PostsDeps } from './commands/deps';
import { sweepExpiries } from './commands/sweep-expiries';
import { offerAcceptedSubscription } from './consumers/offer-accepted';
import { erasePostsOf } from './consumers/user-deleted';
import { authors } from './db/authors';
import { followsSubscription } from './db/follows';
import { memberMarksSubscriptions } from './db/member-marks';
import { postsMigrations } from './db/migrations';
import { moderation } from './db/moderation';
import { POSTS_PERSONAL_DATA } from './db/personal-data';
import type { PostsDatabase } from './db/schema';
import { commentCounts } from './db/thread-counts';
import { typoToleranceSettings } from './db/typo-tolerance';
import { ThreadHub } from './live/thread-hub';
import { signallingHidings, threadBroadcast, threadSignalSubscription } from './live/thread-signals';
import { postsProjection } from './projections/apply-events';

/** The inbox name of every consumer in this service. */
const CONSUMER = 'posts';

export interface PostsServiceOptions {
  /**
   * Accept only photo paths the poster uploaded, as media's `MediaUploaded` events tell (the
   * default). Off, any path under /objects/ is accepted: tests that play no media service.
   */
  requireUploadedMedia?: boolean;
  /**
   * How long a post waits to hear of a photo it does not know yet before refusing it: media
   * announces an upload by an event, and a post sent right after its photos can arrive first.
   */
  uploadNoticeWaitMs?: number;
  /** How often expiries and reminders are recorded (default every minute); 0 turns it off (tests). */
  expirySweepMs?: number;
  /**
   * The limits per member on posting, and the duplicate rule (default on; MEMBER_LIMITS=off turns
   * them off for benchmarks and tests that post in bulk).
   */
  memberLimits?: boolean;
  /** How often open live threads get a heartbeat and are compared with the counts (default 25 s). */
  heartbeatMs?: number;
  /** The live threads' caps and signal gap (defaults: the contracts' THREAD_* constants). */
  threadStreams?: { maxPerPost?: number; maxTotal?: number; minGapMs?: number };
}

const EXPIRY_SWEEP_MS = 60_000;

/**
 * The posts service: feed, search, posting, likes, saves, comments and replies, event attendance
 * and filter usage.
 * Every write appends events and updates the read tables in the same transaction; the outbox
 * relay publishes the events. It keeps copies of authors (identity) and uploads (media).
 */
export function createPostsService(options: PostsServiceOptions = {}): ServiceDefinition<PostsDatabase> {
  return {
    name: 'posts',
    migrations: postsMigrations,
    publishes: true,
    projections: [postsProjection],
    databaseSettings: typoToleranceSettings,
    async build(ctx) {
      const deps: PostsDeps = {
        ...commandDeps(ctx),
        pool: ctx.database.pool,
        requireUploadedMedia: options.requireUploadedMedia ?? true,
        uploadNoticeWaitMs: options.uploadNoticeWaitMs ?? UPLOAD_NOTICE_WAIT_MS,
        memberLimits: options.memberLimits ?? true,
      };
      // Every instance sweeps; the deciders make a second sweep of the same post record nothing.
      let sweeping = false;
      const sweep = async () => {
        if (sweeping) return;
        sweeping = true;
        try {
          const swept = await sweepExpiries(ctx.events);
          if (swept.expired || swept.reminded) ctx.logger.info(swept, 'recorded expiries and reminders');
        } catch (err) {
          ctx.logger.warn({ err }, 'sweeping expiries failed');
        } finally {
          sweeping = false;
        }
      };
      const every = options.expirySweepMs ?? EXPIRY_SWEEP_MS;
      const sweeper = every > 0 ? setInterval(sweep, every).unref() : undefined;
      // Open posts' threads, live: signals from whichever instance handled a comment's event.
      const threads = threadBroadcast(ctx.bus, ctx.logger);
      const hub = new ThreadHub({
        counts: (postIds) => commentCounts(ctx.database.db, postIds),
        logger: ctx.logger,
        heartbeatMs: options.heartbeatMs ?? STREAM_HEARTBEAT_MS,
        ...options.threadStreams,
      });
      const stopListening = await threads.listen(
        (changes) => hub.deliver(changes),
        () => hub.resync(),
      );
      return {
        async close() {
          clearInterval(sweeper);
          stopListening();
          hub.close();
        },
        routes(app) {
          registerFeedRoutes(app, deps);
          registerPersonalExport(app, 'postsExport', ctx.database.pool, POSTS_PERSONAL_DATA);
          registerCreatePostRoutes(app, deps);
          registerReactionRoutes(app, deps);
          registerCommentRoutes(app, deps);
          registerThreadStreamRoutes(app, ctx.database.db, hub);
          registerHashtagRoutes(app, deps);
          registerAttendanceRoutes(app, deps);
          registerFilterRoutes(app, deps);
          registerUserListRoutes(app, deps);
          registerLifecycleRoutes(app, deps);
          registerSavedSearchRoutes(app, deps);
          registerSitemapRoutes(app, deps);
        },
        subscriptions: [
          // identity's users → authors; media's MediaUploaded → uploaded_media (building blocks).
          // A deleted account (UserDeleted): its posts and comments are deleted (consumers/user-deleted.ts).
          authors.subscription(ctx.database.db, CONSUMER, { onDeleted: erasePostsOf(ctx.events) }),
          uploadedMediaSubscription(ctx.database.db, CONSUMER),
          // moderation's blocks, suspensions and hidden posts → their copies (enforced here); a
          // comment hidden or restored signals its open thread once the copy has it.
          signallingHidings(moderation.subscription(ctx.database.db, CONSUMER), ctx.database.db, threads),
          // posts' own comment events → the open threads they changed, on every instance.
          threadSignalSubscription(ctx.database.db, threads, `${CONSUMER}-threads`),
          // identity's follows → their copy, for the Following feed.
          followsSubscription(ctx.database.db, `${CONSUMER}-follows`),
          // groups' groups and memberships → their copy: who sees and posts in a group.
          groupsCopySubscription(ctx.database.db, `${CONSUMER}-groups`),
          // identity's badges and moderation's verified mark → the marks beside names.
          ...memberMarksSubscriptions(ctx.database.db, `${CONSUMER}-marks`),
          // messaging's accepted offers → the sale is pending.
          offerAcceptedSubscription(ctx.database.db, ctx.events, `${CONSUMER}-offers`),
        ],
      };
    },
  };
}

export const postsService = createPostsService();
