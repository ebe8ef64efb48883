import { serverText } from '../i18n/server-text';
/**
 * The one way the app talks to the server (spec sections 7 and 8): cookies always go along,
 * bodies are JSON, and a non-ok answer becomes an error whose text is
 * "{status}: {body text or status text}".
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'HttpError';
  }

  /** The server's own sentence (`{message}` of an error body), when it sent one. */
  get serverMessage(): string | null {
    try {
      const parsed = JSON.parse(this.bodyText) as { message?: unknown };
      return typeof parsed.message === 'string' && parsed.message ? parsed.message : null;
    } catch {
      return null;
    }
  }
}

export const isUnauthorized = (error: unknown) => error instanceof HttpError && error.status === 401;

/** The server's message of an error (in the reader's language), else the error's own text. */
export function messageOf(error: unknown): string {
  if (error instanceof HttpError) {
    const message = error.serverMessage;
    return message ? serverText(message) : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * How long a read refused because the server is busy (503 with `Retry-After`: the gateway's
 * admission, docs/operations.md "Overload") waits before each new try: the server's `Retry-After`
 * first, then longer. After the last, the refusal is the answer (its sentence is shown). Writes
 * are never sent again by themselves.
 */
const BUSY_RETRY_WAITS_MS = [1000, 2000, 4000];

/** The wait before try `attempt` (0-based) of a refused read, or null when it is not to be tried again. */
function busyRetryWait(res: Response, method: string, attempt: number): number | null {
  if (method !== 'GET' || res.status !== 503 || attempt >= BUSY_RETRY_WAITS_MS.length) return null;
  const retryAfter = res.headers.get('retry-after');
  if (retryAfter === null) return null;
  const asked = Number(retryAfter) * 1000;
  const planned = BUSY_RETRY_WAITS_MS[attempt] as number;
  // A little spread, so that readers refused together do not all come back at the same moment.
  return Math.max(Number.isFinite(asked) ? asked : 0, planned) * (1 + Math.random() * 0.25);
}

function waitUnlessAborted(ms: number, signal: AbortSignal | undefined) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** Sends a request and answers the raw response, throwing `HttpError` when it is not ok. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const method = options.method ?? 'GET';
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(path, {
      method,
      credentials: 'include',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    if (res.ok) return res;
    const wait = busyRetryWait(res, method, attempt);
    if (wait === null) throw new HttpError(res.status, (await res.text()).trim(), res.statusText);
    await res.body?.cancel();
    await waitUnlessAborted(wait, options.signal);
  }
}

/** Sends a request and answers its JSON body (null for an empty one). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await apiFetch(path, options);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}
