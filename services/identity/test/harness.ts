import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identityEvents } from '@waco/contracts';
import type { Mailer } from '@waco/platform';
import { startMailCatcher } from '@waco/platform/mail-catcher';
import { countRows, publishMediaUploaded, startServiceUnderTest, waitFor } from '@waco/platform/testing';
import { expect } from 'vitest';
import { createIdentityService } from '../src/service';

/** Where the mails' links point in tests. */
export const TEST_APP_URL = 'http://app.test';

/**
 * Identity on a fresh schema and an in-process bus, with a recorder of what it publishes, sending
 * its mail over SMTP to a mail catcher of its own. In development (with the dev sign-in) unless
 * told otherwise. `mailer` may wrap the SMTP mailer (to fail a send).
 */
export async function startIdentity(
  options: {
    production?: boolean;
    development?: boolean;
    uploadNoticeWaitMs?: number;
    mailer?: (smtpUrl: string) => Mailer;
  } = {},
) {
  const mailDir = await mkdtemp(join(tmpdir(), 'waco-mail-'));
  const catcher = await startMailCatcher({ dataDir: mailDir });
  const service = createIdentityService({
    uploadNoticeWaitMs: options.uploadNoticeWaitMs ?? 500,
    mailer: options.mailer ? options.mailer(catcher.url) : catcher.url,
    appUrl: TEST_APP_URL,
    devMailbox: catcher,
  });
  const identity = await startServiceUnderTest(service, {
    publishes: identityEvents,
    over: 'http',
    production: options.production,
    // The dev sign-in exists only where development is explicit; tests ask for it.
    development: options.development ?? !options.production,
  });

  /** Sends a request as the browser would through the gateway: `userId` plays the gateway's header. */
  async function call(
    method: string,
    path: string,
    init: {
      json?: unknown;
      raw?: string;
      contentType?: string;
      userId?: string;
      token?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    const { userId, token, headers, ...rest } = init;
    const res = await identity.call(method, path, {
      ...rest,
      as: userId,
      headers: { ...(token ? { cookie: `sid=${token}` } : {}), ...headers },
    });
    return Object.assign(res, { sessionToken: sessionTokenOf(res.headers) });
  }

  /** Signs a new user up; answers the user, the session token and the password used. */
  async function signUp(
    overrides: Partial<Record<'firstName' | 'lastName' | 'email' | 'password', string>> = {},
    headers: Record<string, string> = {},
  ) {
    const request = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: uniqueEmail(),
      password: 'correct horse battery',
      ...overrides,
    };
    const res = await call('POST', '/api/signup', { json: request, headers });
    if (res.status !== 201 || !res.sessionToken) {
      throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return { user: res.body as { id: string; email: string }, token: res.sessionToken, request };
  }

  /** Row counts of every table a request could write. */
  const counts = () =>
    countRows(identity.query, {
      users: 'users',
      credentials: 'credentials',
      sessions: 'sessions',
      events: 'events',
    });

  /** Plays media: announces that `ownerId` completed the upload of `objectPath`. */
  const publishUpload = (ownerId: string, objectPath: string) =>
    publishMediaUploaded(identity.bus, ownerId, objectPath);

  /** The mails the catcher received for `address`, once there are at least `count`. */
  const mailsTo = (address: string, count = 1) =>
    waitFor(
      async () => {
        const mails = await catcher.list(address);
        return mails.length >= count && mails;
      },
      10_000,
      `${count} mail(s) to ${address}`,
    );

  /** The link of the mail's text (its one http address). */
  const linkIn = (text: string) => {
    const link = text.match(/http:\/\/app\.test\/\S+/)?.[0];
    if (!link) throw new Error(`no link in: ${text}`);
    return new URL(link);
  };

  async function stop() {
    await identity.stop();
    await catcher.stop();
    await rm(mailDir, { recursive: true, force: true });
  }

  return { ...identity, stop, call, signUp, counts, publishUpload, catcher, mailsTo, linkIn };
}

export type Identity = Awaited<ReturnType<typeof startIdentity>>;

/** Where development was not asked for: the dev sign-in answers 404, creates nobody, sets no cookie. */
export async function expectNoDevLogIn(identity: Identity) {
  const before = await identity.counts();
  const res = await identity.call('POST', '/api/dev/login-test-user');
  expect(res.status).toBe(404);
  expect(res.body.message).toEqual(expect.any(String));
  expect(res.sessionToken).toBeUndefined();
  expect(await identity.counts()).toEqual(before);
}

export const uniqueEmail = () => `user-${randomUUID()}@example.com`;

/** The `sid` cookie's value in a response, if it set one. */
function sessionTokenOf(headers: Headers): string | undefined {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('sid='));
  const value = cookie?.slice('sid='.length).split(';')[0];
  return value ? value : undefined;
}
