import type { FastifyReply, FastifyRequest } from 'fastify';

// Server-Sent Events, as every live stream of the services writes them (notifications' per-member
// stream, posts' per-post thread stream).

/** The response headers of a Server-Sent Events stream that no proxy should buffer or cache. */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  // What a stream carries is for this connection only: never stored by a browser or a proxy (the
  // gateway answers every /api path so too).
  'cache-control': 'no-store, no-transform',
  // nginx and similar proxies otherwise hold the events back in their buffers.
  'x-accel-buffering': 'no',
} as const;

/**
 * One SSE event (without an id when `id` is null). JSON never contains a raw line break, so
 * `data` is always a single line.
 */
export function sseEvent(id: number | null, event: string, data: unknown): string {
  return `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: ignored by browsers, it keeps the connection from looking idle. */
export const SSE_HEARTBEAT = ': heartbeat\n\n';

export const sseRetry = (ms: number) => `retry: ${ms}\n\n`;

/** The `Last-Event-ID` a reconnecting browser sends: a non-negative integer, else none. */
export function parseLastEventId(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || !/^\d{1,15}$/.test(text.trim())) return null;
  return Number(text.trim());
}

/**
 * Turns an endpoint's answer into an open event stream: the response is the caller's to write
 * from here on, for as long as the browser keeps it open. Answers false for HEAD, which gets the
 * headers only: a stream could never carry anything, and Node sends a HEAD answer's headers only
 * with a body it drops, so an open one would hold the connection with no answer at all.
 */
export function openEventStream(req: FastifyRequest, reply: FastifyReply, retryMs: number): boolean {
  if (req.method === 'HEAD') {
    void reply.headers(SSE_HEADERS).send();
    return false;
  }
  reply.hijack();
  req.raw.socket.setNoDelay(true);
  req.raw.socket.setTimeout(0);
  reply.raw.writeHead(200, SSE_HEADERS);
  reply.raw.write(sseRetry(retryMs));
  return true;
}
