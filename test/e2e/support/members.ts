import { signUpAt, uniqueName } from '@waco/platform/testing';

/** A member signed up through the gateway: their id, email and session cookie. */
export interface Member {
  id: string;
  email: string;
  cookie: string;
}

/** Signs up a new member (surname Tester, a unique email) through the gateway at `base`. */
export async function signUpMember(base: string, firstName: string): Promise<Member> {
  const email = `${uniqueName(firstName.toLowerCase())}@example.com`;
  const { id, cookie } = await signUpAt(base, { firstName, lastName: 'Tester', email });
  return { id, email, cookie };
}

/** Signs up one member a first name, in turn, through the gateway at `base`. */
export async function signUpMembers<const Names extends readonly string[]>(
  base: string,
  ...firstNames: Names
) {
  const members: Member[] = [];
  for (const firstName of firstNames) members.push(await signUpMember(base, firstName));
  return members as { [K in keyof Names]: Member };
}

/** An answer: its JSON body (null when empty or not JSON), its text and headers, read by the tests. */
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
export type Answer = { status: number; body: any; text: string; headers: Headers; retryAfter: string | null };

/**
 * Calls the gateway at `base` as `who` (a guest for null), with a JSON body when `json` is given
 * and any further `headers`; a redirect is answered as it comes, not followed.
 */
export async function callAs(
  base: string,
  who: Member | null,
  method: string,
  path: string,
  json?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: json === undefined ? undefined : JSON.stringify(json),
    redirect: 'manual',
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, body, text, headers: res.headers, retryAfter: res.headers.get('retry-after') };
}
