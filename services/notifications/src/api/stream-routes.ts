import { STREAM_RETRY_MS } from '@waco/contracts';
import { type HttpApp, registerEndpoint } from '@waco/platform';
import { parseLastEventId, SSE_HEADERS, sseRetry } from '../live/sse';
import type { StreamHub } from '../live/stream-hub';

/**
 * `GET /api/stream`: the signed-in user's live stream (Server-Sent Events) of new notifications,
 * new messages and unread counts. A guest gets 401 before the stream opens.
 */
export function registerStreamRoutes(app: HttpApp, hub: StreamHub) {
  registerEndpoint(app, 'openStream', async (req, reply) => {
    // HEAD (which Fastify routes here too) asks for the headers only: a stream could never carry
    // anything, and Node sends a HEAD answer's headers only with a body it drops, so an open
    // one would hold the connection with no answer at all.
    if (req.method === 'HEAD') return reply.headers(SSE_HEADERS).send();
    const lastEventId = parseLastEventId(req.headers['last-event-id']);
    // From here on the response is ours to write, for as long as the browser keeps it open.
    reply.hijack();
    req.raw.socket.setNoDelay(true);
    req.raw.socket.setTimeout(0);
    reply.raw.writeHead(200, SSE_HEADERS);
    reply.raw.write(sseRetry(STREAM_RETRY_MS));
    hub.open(req.userId, reply.raw, lastEventId);
  });

  // Open streams would keep the server from closing: end them first; browsers reconnect.
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });
}
