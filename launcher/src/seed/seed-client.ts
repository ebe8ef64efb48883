import { EXEMPT_HEADER } from '@waco/gateway';

/** An answer, its body parsed as JSON when it is JSON. */
export interface SeedResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the seed reads answers field by field
  body: any;
  headers: Headers;
}

const MAX_WAIT_MS = 60_000;

/**
 * Talks to the gateway as a browser would: JSON bodies, the session cookie a user got at
 * signup or login. A 429 is waited out (Retry-After) rather than failing the seed.
 */
export class SeedClient {
  constructor(
    readonly gatewayUrl: string,
    private readonly log: (line: string) => void,
    /** Sent as `x-waco-unlimited` (the gateway's EXEMPT_HEADER), when the gateway gave one. */
    private readonly unlimitedToken?: string,
  ) {}

  async request(
    method: string,
    path: string,
    init: { cookie?: string; json?: unknown } = {},
  ): Promise<SeedResponse> {
    const started = Date.now();
    for (;;) {
      const headers: Record<string, string> = {};
      if (init.cookie) headers.cookie = init.cookie;
      if (this.unlimitedToken) headers[EXEMPT_HEADER] = this.unlimitedToken;
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(new URL(path, this.gatewayUrl), {
        method,
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        redirect: 'manual',
      });
      const text = await res.text();
      if (res.status === 429 && Date.now() - started < MAX_WAIT_MS) {
        const seconds = Number(res.headers.get('retry-after')) || 1;
        this.log(`seed: rate limited, waiting ${seconds} s`);
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        continue;
      }
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {}
      return { status: res.status, body, headers: res.headers };
    }
  }

  /** Like `request`, but anything other than the expected status throws, naming the call. */
  async expect(status: number, method: string, path: string, init: { cookie?: string; json?: unknown } = {}) {
    const res = await this.request(method, path, init);
    if (res.status !== status) {
      throw new Error(
        `seed: ${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)?.slice(0, 300)}`,
      );
    }
    return res;
  }

  /**
   * The id of the first item of the list at `listPath` that `isIt` recognises, if any: how the
   * seed finds what an interrupted run already made, so as not to make it again.
   */
  async findId<Item>(
    cookie: string,
    listPath: string,
    isIt: (item: Item) => boolean,
  ): Promise<string | undefined> {
    const list = await this.expect(200, 'GET', listPath, { cookie });
    return (list.body as (Item & { id: string })[]).find(isIt)?.id;
  }

  /** POSTs `json` to `path` as the member with `cookie`, expecting 201: the id of what it made. */
  async createId(cookie: string, path: string, json: unknown): Promise<string> {
    const created = await this.expect(201, 'POST', path, { cookie, json });
    return created.body.id as string;
  }
}

/** A member the seed acts as: their id, and the session cookie they signed in with. */
export interface SeedMember {
  id: string;
  cookie: string;
}

/** The `sid=...` pair from a response's Set-Cookie, to send back as a Cookie header. */
export function sessionCookie(res: SeedResponse): string | undefined {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('sid='));
}
