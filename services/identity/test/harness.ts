import { randomUUID } from 'node:crypto';
import { type EventEnvelope, identityEvents, MediaUploaded } from '@waco/contracts';
import { USER_ID_HEADER } from '@waco/platform';
import { createTestBus, startTestService, testEnvelope } from '@waco/platform/testing';
import { createIdentityService } from '../src/service';

/**
 * Identity on a fresh schema and an in-process bus, with a recorder of what it publishes. In
 * development (with the dev sign-in) unless told otherwise.
 */
export async function startIdentity(
  options: { production?: boolean; development?: boolean; uploadNoticeWaitMs?: number } = {},
) {
  const testBus = await createTestBus('memory');
  const published: EventEnvelope[] = [];
  await testBus.bus.subscribe({
    consumer: 'identity-test',
    producer: 'identity',
    types: identityEvents.map((e) => e.type),
    handle: async (event) => {
      published.push(event);
    },
  });
  const service = createIdentityService({ uploadNoticeWaitMs: options.uploadNoticeWaitMs ?? 500 });
  const running = await startTestService(service, {
    bus: testBus.bus,
    production: options.production,
    // The dev sign-in exists only where development is explicit; tests ask for it.
    development: options.development ?? !options.production,
  });

  /** Sends a request as the browser would through the gateway: `userId` plays the gateway's header. */
  async function call(
    method: string,
    path: string,
    init: { json?: unknown; raw?: string; contentType?: string; userId?: string; token?: string } = {},
  ) {
    const headers: Record<string, string> = {};
    let body: string | undefined;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] = 'application/json';
    }
    if (init.raw !== undefined) body = init.raw;
    if (init.contentType) headers['content-type'] = init.contentType;
    if (init.userId) headers[USER_ID_HEADER] = init.userId;
    if (init.token) headers.cookie = `sid=${init.token}`;
    const res = await fetch(`${running.url}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field
    return { status: res.status, body: json as any, headers: res.headers, sessionToken: sessionTokenOf(res) };
  }

  /** Signs a new user up; answers the user, the session token and the password used. */
  async function signUp(
    overrides: Partial<Record<'firstName' | 'lastName' | 'email' | 'password', string>> = {},
  ) {
    const request = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: uniqueEmail(),
      password: 'correct horse battery',
      ...overrides,
    };
    const res = await call('POST', '/api/signup', { json: request });
    if (res.status !== 201 || !res.sessionToken) {
      throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return { user: res.body as { id: string; email: string }, token: res.sessionToken, request };
  }

  /** Row counts of every table a request could write. */
  async function counts() {
    const { rows } = await running.database.pool.query<Record<string, number>>(`
      SELECT (SELECT count(*) FROM users)::int AS users,
             (SELECT count(*) FROM credentials)::int AS credentials,
             (SELECT count(*) FROM sessions)::int AS sessions,
             (SELECT count(*) FROM events)::int AS events`);
    return rows[0];
  }

  /** Waits until the bus has delivered an event that matches. */
  async function waitForPublished(type: string, match: (data: Record<string, unknown>) => boolean) {
    return waitFor(() => published.find((e) => e.type === type && match(e.data as Record<string, unknown>)));
  }

  /** Plays media: announces that `ownerId` completed the upload of `objectPath`. */
  async function publishUpload(ownerId: string, objectPath: string) {
    await testBus.bus.publish(
      'media',
      testEnvelope(MediaUploaded, {
        objectPath,
        ownerId,
        contentType: 'image/jpeg',
        size: 1000,
        width: 100,
        height: 100,
      }),
    );
  }

  return {
    url: running.url,
    publishUpload,
    running,
    bus: testBus.bus,
    published,
    call,
    signUp,
    counts,
    waitForPublished,
    query: <R extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
      running.database.pool.query<R>(text, values).then((r) => r.rows),
    async stop() {
      await running.stop();
      await testBus.close();
    },
  };
}

export type Identity = Awaited<ReturnType<typeof startIdentity>>;

export const uniqueEmail = () => `user-${randomUUID()}@example.com`;

/** The `sid` cookie's value in a response, if it set one. */
function sessionTokenOf(res: Response): string | undefined {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  const value = cookie?.slice('sid='.length).split(';')[0];
  return value ? value : undefined;
}

// The outbox relay publishes only below the oldest transaction running anywhere in the cluster
// (so that it never skips a late commit); another test file holding a transaction open delays it.
export async function waitFor<T>(probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
