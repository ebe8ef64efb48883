import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type AdmissionLimits, BUSY_MESSAGE } from '../src/gateway';
import { Admission } from '../src/limits/admission';
import { startEchoService } from './fake-services';
import { startGatewayOver } from './gateway-over-fakes';

// Past what it admits at once, the gateway refuses at once (503, Retry-After) instead of letting
// every request wait for every other; what it admitted is answered, and once places free up it
// serves as before (services/gateway/src/limits/admission.ts).

/** Posts' stand-in: `GET /api/posts?hold` answers only when `release` is called. */
function heldPosts() {
  const held: Array<() => void> = [];
  let arrived = () => {};
  return {
    /** Resolves once `count` requests are being held. */
    holding(count: number) {
      return new Promise<void>((resolve) => {
        arrived = () => {
          if (held.length >= count) resolve();
        };
        arrived();
      });
    },
    release() {
      for (const answer of held.splice(0)) answer();
    },
    routes(app: FastifyInstance) {
      app.get('/api/posts', async (req) => {
        if ('hold' in (req.query as object)) {
          await new Promise<void>((resolve) => {
            held.push(resolve);
            arrived();
          });
        }
        return { posts: [] };
      });
    },
  };
}

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

/** A gateway admitting as `admission` says, over a posts that holds what asks to be held. */
async function gatewayAdmitting(admission: Partial<AdmissionLimits>) {
  const upstream = heldPosts();
  const posts = await startEchoService('posts', upstream.routes);
  const stack = await startGatewayOver([posts], { admission });
  opened.push(async () => {
    upstream.release();
    await stack.close();
  });
  /** A GET whose body is read (its connection is then free for the next). */
  const get = async (path: string, signal?: AbortSignal) => {
    const res = await fetch(`${stack.base}${path}`, { signal });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };
  return { upstream, get };
}

/**
 * One place, a queue of ten with a long wait and no short one, a burst lasting 100 ms, on a clock
 * the test sets (`at`). `enter` resolves with the place's release once admitted, or null once
 * refused.
 */
function clockedAdmission() {
  let clock = 0;
  const admission = new Admission(
    { inFlight: 1, queue: 10, queueWaitMs: 60_000, overloadWaitMs: 0, standingMs: 100 },
    () => clock,
  );
  const enter = () =>
    new Promise<(() => void) | null>((resolve) =>
      admission.enter(
        (leave) => resolve(leave),
        () => resolve(null),
      ),
    );
  return {
    admission,
    enter,
    at: (ms: number) => {
      clock = ms;
    },
  };
}

describe('admission at the gateway', () => {
  it('refuses what is past its places and queue at once, 503 with Retry-After, and serves the admitted', async () => {
    const { upstream, get } = await gatewayAdmitting({ inFlight: 2, queue: 1, queueWaitMs: 50 });
    const admitted = [get('/api/posts?hold'), get('/api/posts?hold')];
    await upstream.holding(2);
    // One waits for a place and is refused when none frees up in time; one more finds the queue
    // full and is refused at once (which is which depends on which arrives first).
    const refused = await Promise.all([get('/api/posts'), get('/api/posts')]);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(JSON.parse(answer.body)).toEqual({ message: BUSY_MESSAGE });
    }
    // A live stream is not counted: it passes while every place is taken.
    const stream = await get('/api/posts/00000000-0000-4000-8000-000000000000/comments/stream');
    expect(stream.status).toBe(200);
    // Nor is a photo: an image refused would stay broken on the page.
    const photo = await get('/objects/uploads/photo.webp');
    expect(photo.status).toBe(200);

    upstream.release();
    for (const answer of await Promise.all(admitted)) expect(answer.status).toBe(200);
    // The places are free again: served as before.
    const after = await Promise.all([get('/api/posts'), get('/api/posts')]);
    expect(after.map((answer) => answer.status)).toEqual([200, 200]);
  });

  it('gives a freed place to the one waiting', async () => {
    const { upstream, get } = await gatewayAdmitting({ inFlight: 2, queue: 1, queueWaitMs: 60_000 });
    const admitted = [get('/api/posts?hold'), get('/api/posts?hold')];
    await upstream.holding(2);
    const waiting = get('/api/posts');
    // Once it waits, the queue (one place) is full: the next is refused at once.
    await expect.poll(async () => (await get('/api/posts')).status).toBe(503);
    upstream.release();
    expect((await waiting).status).toBe(200);
    for (const answer of await Promise.all(admitted)) expect(answer.status).toBe(200);
  });

  it('frees the place of a reader who left before the answer', async () => {
    const { upstream, get } = await gatewayAdmitting({ inFlight: 2, queue: 1, queueWaitMs: 50 });
    const left = new AbortController();
    const gone = get('/api/posts?hold', left.signal).catch(() => null);
    const kept = get('/api/posts?hold');
    await upstream.holding(2);
    left.abort();
    await gone;
    // Its place is given back: a new request is admitted while the other is still held.
    await expect.poll(async () => (await get('/api/posts')).status).toBe(200);
    upstream.release();
    expect((await kept).status).toBe(200);
  });

  it('tells a burst from an overload: once the queue has stood past its time, a newcomer waits only the short wait', async () => {
    const { admission, enter, at } = clockedAdmission();
    const first = await enter();
    // A burst: the queue has stood for less than its time, and those in it wait for a place.
    const second = enter();
    at(50);
    const third = enter();
    expect(admission.overloaded).toBe(false);
    // The queue has not emptied for 150 ms: an overload; the newcomer is refused after the short wait.
    at(150);
    expect(admission.overloaded).toBe(true);
    expect(await enter()).toBeNull();
    // Those who waited in the burst keep their place in line.
    first?.();
    const secondLeave = await second;
    expect(secondLeave).toBeTypeOf('function');
    secondLeave?.();
    const thirdLeave = await third;
    expect(thirdLeave).toBeTypeOf('function');
    // The queue emptied: the next who waits is in a burst again, however late it is.
    at(10_000);
    const fourth = enter();
    expect(admission.overloaded).toBe(false);
    thirdLeave?.();
    expect(await fourth).toBeTypeOf('function');
  });

  it('stays in an overload while it refuses: a queue that empties for a moment does not bring back the long wait', async () => {
    const { admission, enter, at } = clockedAdmission();
    const first = await enter();
    const second = enter();
    // The queue stands past its time: an overload, and a newcomer is refused after the short wait.
    at(150);
    expect(await enter()).toBeNull();
    // The one waiting gets its place: the queue is empty, but the refusals were a moment ago.
    first?.();
    const secondLeave = await second;
    at(200);
    expect(admission.overloaded).toBe(true);
    expect(await enter()).toBeNull();
    // Once nobody has been refused for as long as a burst lasts, a newcomer waits the long wait.
    at(400);
    expect(admission.overloaded).toBe(false);
    const third = enter();
    secondLeave?.();
    expect(await third).toBeTypeOf('function');
  });
});
