import { STREAM_RETRY_MS, THREAD_STREAM_FULL } from '@waco/contracts';
import { type HttpApp, HttpError, notFound, openEventStream, registerEndpoint } from '@waco/platform';
import type { Kysely } from 'kysely';
import { POST_NOT_FOUND } from '../commands/toggle-reaction';
import { visiblePostRef } from '../db/comments';
import type { PostsDatabase } from '../db/schema';
import type { ThreadHub } from '../live/thread-hub';

/** How long a browser refused for a full instance waits before it tries again. */
const FULL_RETRY_AFTER_SECONDS = 30;

/**
 * `GET /api/posts/:id/comments/stream`: a post's thread, live (Server-Sent Events), for anyone who
 * may see the post (404 otherwise, as the post itself). It carries public facts only: that the
 * thread changed, and the count.
 */
export function registerThreadStreamRoutes(app: HttpApp, db: Kysely<PostsDatabase>, hub: ThreadHub) {
  registerEndpoint(app, 'openThreadStream', async (req, reply) => {
    const post = await db.connection().execute((conn) => visiblePostRef(conn, req.params.id, req.userId));
    if (!post) throw notFound(POST_NOT_FOUND);
    if (!hub.hasRoom(post.ref.postId))
      throw new HttpError(503, THREAD_STREAM_FULL, undefined, {
        'retry-after': String(FULL_RETRY_AFTER_SECONDS),
      });
    if (openEventStream(req, reply, STREAM_RETRY_MS))
      hub.open(post.ref.postId, post.commentsCount, reply.raw);
  });

  // Open streams would keep the server from closing: end them first; browsers reconnect.
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });
}
