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

/** Sends a request and answers the raw response, throwing `HttpError` when it is not ok. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!res.ok) throw new HttpError(res.status, (await res.text()).trim(), res.statusText);
  return res;
}

/** Sends a request and answers its JSON body (null for an empty one). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await apiFetch(path, options);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}
