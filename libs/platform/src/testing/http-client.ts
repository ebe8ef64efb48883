import type { IncomingMessage } from 'node:http';
import type { HttpApp } from '../http/app';
import { USER_ID_HEADER } from '../http/current-user';

/** One request a test sends. */
export interface TestRequest {
  /** A body sent as JSON. */
  json?: unknown;
  /** A body sent as it is (bad input); give `contentType` with it. */
  raw?: string;
  contentType?: string;
  /** Plays the gateway: the signed-in user's id in its `x-user-id` header. */
  as?: string;
  headers?: Record<string, string>;
}

/** An answer as a test reads it. */
export interface TestResponse {
  status: number;
  /** The JSON answer, or its text when it is not JSON, or undefined when empty. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field
  body: any;
  bytes: Buffer;
  headers: Headers;
}

export type TestCall = (method: string, path: string, request?: TestRequest) => Promise<TestResponse>;

/**
 * Sends requests to one service: through Fastify's `inject` when given the app (no socket), over
 * HTTP when given its base URL (redirects are answered, not followed).
 */
export function testClient(target: Pick<HttpApp, 'inject'> | string): TestCall {
  return async (method, path, request = {}) => {
    const headers: Record<string, string> = { ...request.headers };
    let payload: string | undefined;
    if (request.json !== undefined) {
      payload = JSON.stringify(request.json);
      headers['content-type'] = 'application/json';
    }
    if (request.raw !== undefined) payload = request.raw;
    if (request.contentType) headers['content-type'] = request.contentType;
    if (request.as) headers[USER_ID_HEADER] = request.as;

    if (typeof target === 'string') {
      const res = await fetch(`${target}${path}`, { method, headers, body: payload, redirect: 'manual' });
      return answer(res.status, Buffer.from(await res.arrayBuffer()), res.headers);
    }
    const res = await target.inject({
      method: method as 'GET',
      url: path,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      for (const v of Array.isArray(value) ? value : [value]) {
        if (v !== undefined) responseHeaders.append(name, String(v));
      }
    }
    return answer(res.statusCode, res.rawPayload, responseHeaders);
  };
}

function answer(status: number, bytes: Buffer, headers: Headers): TestResponse {
  const text = bytes.toString();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  // `bytes` and `headers` are there to read but not enumerable: a test compares an answer whole
  // with `toEqual({ status, body })`.
  return Object.defineProperties({ status, body } as TestResponse, {
    bytes: { value: bytes, enumerable: false },
    headers: { value: headers, enumerable: false },
  });
}

/** The whole body of an answer to a raw `node:http` request, as text. */
export async function bodyText(res: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of res) text += (chunk as Buffer).toString();
  return text;
}
