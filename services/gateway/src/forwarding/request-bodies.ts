import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { BODY_LIMIT_BYTES, type HttpApp } from '@waco/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteRule } from '../upstreams/routing-table';

/** The largest body the gateway forwards: the services' own limit (1 MB), said in words too. */
export interface BodyLimit {
  bytes: number;
  words: string;
}

/** Raised for a body that is over the limit; the error handler turns it into 413 `{ message }`. */
export function bodyTooLarge(limit: BodyLimit) {
  return Object.assign(new Error(`Request body is larger than ${limit.words}`), {
    statusCode: 413,
    code: 'WACO_BODY_TOO_LARGE',
  });
}

// Requests whose client sent `Expect: 100-continue` and still waits for the go-ahead.
const awaitingContinue = new WeakMap<IncomingMessage, ServerResponse>();

/**
 * `Expect: 100-continue` (curl sends it for bodies over 1 KB): the client waits for a go-ahead
 * before it sends the body. Node would give it at once, before the gateway knows whether it wants
 * the body; instead the go-ahead is given only when the body is about to be forwarded
 * (`acceptBody`), so that a 401, 403, 413 or 429 is answered without the body ever being sent
 * (Node then closes the connection, as RFC 9110 allows). Any other expectation gets 417.
 */
export function handleExpect(app: HttpApp) {
  app.server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    awaitingContinue.set(req, res);
    app.server.emit('request', req, res);
  });
  app.server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.stringify({ message: `Expectation "${req.headers.expect}" is not supported` });
    res.writeHead(417, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
    res.end(body);
  });
}

/**
 * Takes the request body as a stream to forward, within `limit`: a declared Content-Length over
 * it is refused before a byte is read (413), and a chunked body is counted as it streams and
 * cut off at the limit. Without this, the service would refuse the body halfway, the gateway
 * would see a broken upstream connection and answer 502 (and leave the client waiting).
 */
export function forwardBodiesWithin(app: FastifyInstance, limitOf: (req: FastifyRequest) => BodyLimit) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (req, payload, done) => {
    const limit = limitOf(req);
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > limit.bytes) return done(bodyTooLarge(limit));
    const waiting = awaitingContinue.get(req.raw);
    if (waiting) {
      awaitingContinue.delete(req.raw);
      waiting.writeContinue();
    }
    if (declared !== undefined) return done(null, payload);
    done(null, countedBody(req, payload, limit));
  });
}

const cutOff = new WeakSet<FastifyRequest>();

/** True when the request's body was cut off at the limit while streaming (answer 413, not 502). */
export const wasCutOff = (req: FastifyRequest) => cutOff.has(req);

function countedBody(req: FastifyRequest, payload: NodeJS.ReadableStream, limit: BodyLimit) {
  let seen = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen <= limit.bytes) return callback(null, chunk);
      cutOff.add(req);
      // Drop the rest as it arrives, so the client can finish sending and read the 413.
      payload.unpipe(counted);
      payload.resume();
      callback(bodyTooLarge(limit));
    },
  });
  payload.pipe(counted);
  return counted;
}

/** The body limit of a route: the services' 1 MB unless the table says otherwise. */
export function bodyLimitOf(rule: RouteRule | null): BodyLimit {
  const bytes = rule?.bodyLimit ?? BODY_LIMIT_BYTES;
  const mb = bytes / 1_048_576;
  return { bytes, words: Number.isInteger(mb) ? `${mb} MB` : `${bytes} bytes` };
}

/** The request has a body coming (or waits for the go-ahead to send one). */
export function carriesBody(req: FastifyRequest) {
  const { headers } = req;
  const length = headers['content-length'];
  return (
    (length !== undefined && length !== '0') ||
    headers['transfer-encoding'] !== undefined ||
    headers.expect !== undefined
  );
}
