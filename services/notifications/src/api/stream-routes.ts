import { STREAM_RETRY_MS } from '@waco/contracts';
import { type HttpApp, openEventStream, parseLastEventId, registerEndpoint } from '@waco/platform';
import type { StreamHub } from '../live/stream-hub';

/**
 * `GET /api/stream`: the signed-in user's live stream (Server-Sent Events) of new notifications,
 * new messages and unread counts. A guest gets 401 before the stream opens.
 */
export function registerStreamRoutes(app: HttpApp, hub: StreamHub) {
  registerEndpoint(app, 'openStream', async (req, reply) => {
    const lastEventId = parseLastEventId(req.headers['last-event-id']);
    if (openEventStream(req, reply, STREAM_RETRY_MS)) hub.open(req.userId, reply.raw, lastEventId);
  });

  // Open streams would keep the server from closing: end them first; browsers reconnect.
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });
}
