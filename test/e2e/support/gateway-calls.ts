import type { Member } from './members';

/** A gateway's answer: its status and its JSON body (null when empty). */
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
export type Answer = { status: number; body: any };

/** One request to the gateway at `base`, as a member (their session cookie) or a guest (null). */
export async function callGateway(
  base: string,
  who: Member | null,
  method: string,
  path: string,
  json?: unknown,
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/**
 * Requests through the gateway at `base()` (read at each call: a test's stack starts in its
 * `beforeAll`), as a member (their session cookie) or as a guest (null), with a JSON body.
 */
export function gatewayCalls(base: () => string) {
  const call = (who: Member | null, method: string, path: string, json?: unknown) =>
    callGateway(base(), who, method, path, json);
  /** A sale post of the member's, as the post form sends one. */
  const createSalePost = async (who: Member, title: string) =>
    (
      await call(who, 'POST', '/api/posts', {
        category: 'sale',
        title,
        description: 'Pick up downtown',
        price: '20',
      })
    ).body as { id: string };
  return { call, createSalePost };
}
