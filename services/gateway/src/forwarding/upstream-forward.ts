import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { Client, type Dispatcher, Pool } from 'undici';
import { roundRobinLookup } from '../upstreams/round-robin-lookup';

// An upstream that accepts the connection but never answers must not hold the request forever.
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * One undici `Pool` per upstream instance, kept alive between requests. No cap on connections:
 * every open live stream (/api/stream) holds one for as long as the browser keeps it, so a cap
 * would be a cap on signed-in browsers, and once reached it would hold back every other request
 * to that service.
 */
export class UpstreamPools {
  private readonly pools = new Map<string, Pool>();
  private readonly clients = new Set<Client>();
  // Each new connection to a scaled service goes to its next replica (see upstreams/round-robin-lookup.ts).
  private readonly lookup = roundRobinLookup();

  constructor(private readonly timeoutMs: number) {}

  /** The pool of an instance, by its origin (`http://host:port`). */
  of(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: null,
        pipelining: 1,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        connect: { timeout: CONNECT_TIMEOUT_MS, lookup: this.lookup },
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  /**
   * A connection of its own, for a live stream, closed when the stream ends (`close`). Not one
   * of a pool's: undici sends a request aborted on a pooled connection again on a new one
   * (whatever the abort), which would leave a connection open for every stream that ended.
   */
  dedicated(origin: string): Client {
    const client = new Client(origin, {
      pipelining: 1,
      headersTimeout: 0,
      bodyTimeout: 0,
      connect: { timeout: CONNECT_TIMEOUT_MS, lookup: this.lookup },
    });
    this.clients.add(client);
    return client;
  }

  close(client: Client, err?: Error) {
    this.clients.delete(client);
    client.destroy(err ?? null).catch(() => {});
  }

  /** Closes every upstream connection, live streams included: nothing stays open after the gateway. */
  async destroy() {
    const all: Dispatcher[] = [...this.pools.values(), ...this.clients];
    this.pools.clear();
    this.clients.clear();
    await Promise.all(all.map((dispatcher) => dispatcher.destroy().catch(() => {})));
  }
}

/** The request as it is sent upstream (and sent again, to `origin`, when retried). */
export interface UpstreamCall {
  origin: string;
  /** Path and query string, as the browser sent them. */
  path: string;
  method: string;
  /** Flat `[name, value, …]` list. */
  headers: string[];
  /** The browser's body as it streams in (request-bodies.ts), or none. */
  body: Readable | undefined;
  /** Answer and body timeout; 0 for a live stream, which stays open as long as the browser wants. */
  timeoutMs: number | undefined;
}

/** What differs between the kinds of forwarded requests (see answer-policies.ts and storage-proxy.ts). */
export interface AnswerPolicy {
  /**
   * Called when the upstream's answer starts: the header list the browser receives (from the
   * upstream's raw list, without hop-by-hop headers; see `answerHeaders`).
   */
  headers(reply: FastifyReply, status: number, raw: Buffer[]): string[];
  /** The origin to send a failed request to once more, or null when it must not be repeated. */
  retryOn?(err: Error, call: UpstreamCall): string | null;
  /** Answers a request that failed before any of the upstream's answer reached the browser. */
  fail(reply: FastifyReply, err: Error): void;
  /**
   * Given the whole answer once it was forwarded (up to `KEPT_BYTES`), to keep it: a guest's
   * public read (see guest-cache.ts). Not called for an answer that broke off or was larger.
   */
  keep?(reply: FastifyReply, status: number, headers: string[], body: Buffer): void;
  /**
   * A live stream: its headers go out at once (not with its first event), and `end` ends it
   * cleanly (the session ended); returns what to call when the stream ends otherwise.
   */
  hold?(reply: FastifyReply, end: () => void): (() => void) | undefined;
}

const RETRY_DELAY_MS = 20;
/** Answers up to this size leave with their headers in a single write. */
const ONE_WRITE_BYTES = 16 * 1024;
/** The largest answer handed to a policy's `keep`. */
const KEPT_BYTES = 256 * 1024;

/**
 * Sends the request upstream and writes the answer straight into the browser's response: no
 * intermediate stream, the status and headers written once. The reply stays Fastify's until the
 * answer's first bytes are written (so a failure before then is still answered as JSON, through
 * the usual hooks); it is then hijacked, and Fastify's `onResponse` hooks still see it finish.
 */
export function forward(pools: UpstreamPools, reply: FastifyReply, call: UpstreamCall, policy: AnswerPolicy) {
  send(new ForwardHandler(pools, reply, call, policy, 0));
}

function send(handler: ForwardHandler) {
  const { pools, call, own } = handler;
  (own ?? pools.of(call.origin)).dispatch(dispatchOptions(call), handler);
}

function dispatchOptions(call: UpstreamCall): Dispatcher.DispatchOptions {
  return {
    path: call.path,
    method: call.method as Dispatcher.HttpMethod,
    headers: call.headers,
    body: call.body ?? null,
    headersTimeout: call.timeoutMs,
    bodyTimeout: call.timeoutMs,
  };
}

/**
 * undici's handler interface: the controller it hands over aborts, pauses and resumes the
 * upstream request, and holds the answer's raw header list.
 */
class ForwardHandler implements Dispatcher.DispatchHandler {
  /** A live stream's connection of its own (see `UpstreamPools.dedicated`). */
  readonly own: Client | null;
  private controller: Dispatcher.DispatchController | null = null;
  private status = 0;
  private headers: string[] | null = null;
  /** Bytes of the answer were written to the browser: a failure can no longer be answered. */
  private started = false;
  private finished = false;
  private release: (() => void) | undefined;
  /** The answer's first chunk, not written yet (see `onResponseData`). */
  private first: Buffer | null = null;
  /** The answer's chunks, for the policy's `keep` (null: not kept, or grown too large). */
  private kept: Buffer[] | null;
  private keptBytes = 0;
  private readonly raw: ServerResponse;

  constructor(
    readonly pools: UpstreamPools,
    private readonly reply: FastifyReply,
    readonly call: UpstreamCall,
    private readonly policy: AnswerPolicy,
    private readonly attempt: number,
  ) {
    this.raw = reply.raw;
    this.own = policy.hold ? pools.dedicated(call.origin) : null;
    this.kept = policy.keep ? [] : null;
    // The browser went away before the answer was complete: the upstream request goes with it.
    this.raw.once('close', this.onBrowserClose);
    // It may have gone already (while its session was looked up, or before a retry).
    if (this.raw.destroyed) this.onBrowserClose();
  }

  private readonly onBrowserClose = () => {
    if (this.finish()) this.stop(new Error('the browser closed the connection'));
  };

  onRequestStart(controller: Dispatcher.DispatchController) {
    this.controller = controller;
    if (this.finished) this.stop(new Error('the browser closed the connection'));
  }

  onResponseStart(controller: Dispatcher.DispatchController, status: number) {
    // 1xx informational answers (103 Early Hints) are not passed on.
    if (status < 200) return;
    this.status = status;
    // The HTTP/1.1 client's header list, as it came: [name, value, …] Buffers.
    this.headers = this.policy.headers(this.reply, status, (controller.rawHeaders ?? []) as Buffer[]);
    const hold = this.policy.hold;
    if (hold) {
      // A live stream's headers go out now: the browser's EventSource opens on them.
      this.start();
      this.raw.flushHeaders();
      this.release = hold(this.reply, this.endCleanly);
    }
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer) {
    if (this.finished) return;
    if (this.kept) {
      this.keptBytes += chunk.length;
      if (this.keptBytes <= KEPT_BYTES) this.kept.push(chunk);
      else this.kept = null;
    }
    if (!this.started) {
      // A small answer usually comes in one chunk: kept until the next one or the end, so that
      // headers and body leave in one write (see `onResponseEnd`).
      if (this.first === null && chunk.length <= ONE_WRITE_BYTES && !this.policy.hold) {
        this.first = chunk;
        return;
      }
      this.start();
    }
    if (this.first !== null) {
      this.raw.write(this.first);
      this.first = null;
    }
    if (this.raw.write(chunk)) return;
    // The browser reads slower than the upstream sends: pause the upstream until it drains.
    controller.pause();
    this.raw.once('drain', () => controller.resume());
  }

  onResponseEnd() {
    if (!this.finish()) return;
    if (!this.started) this.start();
    const first = this.first;
    if (first === null) this.raw.end();
    else {
      this.first = null;
      // As a latin1 string (byte for byte) Node sends it in the same write as the headers; a
      // Buffer would go as a second piece of a writev, which costs more on this path.
      this.raw.end(first.toString('latin1'), 'latin1');
    }
    if (this.kept) this.policy.keep?.(this.reply, this.status, this.headers ?? [], Buffer.concat(this.kept));
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error) {
    if (this.finished) return;
    if (this.started) {
      // Part of the answer went out: the browser must see it broken, never as complete.
      this.finish();
      this.reply.log.warn({ err }, 'upstream answer broke off');
      this.raw.destroy(err);
      return;
    }
    const retryTo =
      this.attempt === 0 && this.headers === null ? this.policy.retryOn?.(err, this.call) : null;
    if (!retryTo) {
      this.finish();
      this.policy.fail(this.reply, err);
      return;
    }
    this.finish();
    this.call.origin = retryTo;
    setTimeout(
      () => send(new ForwardHandler(this.pools, this.reply, this.call, this.policy, 1)),
      RETRY_DELAY_MS,
    );
  }

  /** Ends a held stream cleanly: the session ended. */
  private readonly endCleanly = () => {
    if (!this.finish()) return;
    this.stop(new Error('the session ended'));
    this.raw.end();
  };

  /** Marks the forward done (false if it already was), letting go of what it held. */
  private finish(): boolean {
    if (this.finished) return false;
    this.finished = true;
    this.raw.removeListener('close', this.onBrowserClose);
    this.release?.();
    // A live stream's connection closes with it (an ended one is not reused).
    if (this.own) this.pools.close(this.own);
    return true;
  }

  /** Drops the upstream request (a live stream's connection is already closed by `finish`). */
  private stop(err: Error) {
    if (!this.own) this.controller?.abort(err);
  }

  private start() {
    this.started = true;
    this.reply.hijack();
    const headers = this.headers ?? [];
    // An HTTP/1.1 connection cannot be reused before the browser's body was read to its end:
    // the upstream answered early (a refusal), so this connection closes after the answer.
    if (!this.reply.request.raw.complete) headers.push('connection', 'close');
    this.raw.writeHead(this.status, headers);
  }
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/**
 * The upstream's raw header list as the browser gets it: hop-by-hop headers dropped (Node sets
 * the browser connection's own), names lowercased; `cache-control` is left to `cacheControl`.
 * The headers the gateway's hooks put on the reply (security headers) follow, unless the
 * upstream sent one of the same name.
 */
export function answerHeaders(
  reply: FastifyReply,
  raw: Buffer[],
  cacheControl: (given: string | undefined) => string | undefined,
): string[] {
  const out: string[] = [];
  let given: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = (raw[i] as Buffer).toString('latin1').toLowerCase();
    if (HOP_BY_HOP.has(name)) continue;
    const value = (raw[i + 1] as Buffer).toString('latin1');
    if (name === 'cache-control') given = value;
    else out.push(name, value);
  }
  const cache = cacheControl(given);
  if (cache !== undefined) out.push('cache-control', cache);
  const own = reply.getHeaders();
  for (const name in own) {
    const value = own[name];
    if (value === undefined || (name !== 'set-cookie' && hasName(out, name))) continue;
    if (Array.isArray(value)) for (const v of value) out.push(name, v);
    else out.push(name, String(value));
  }
  return out;
}

function hasName(list: string[], name: string) {
  return headerValue(list, name) !== undefined;
}

/** The first value of header `name` (lowercase) in a flat `[name, value, …]` list. */
export function headerValue(list: readonly string[], name: string): string | undefined {
  for (let i = 0; i < list.length; i += 2) if (list[i] === name) return list[i + 1];
  return undefined;
}
