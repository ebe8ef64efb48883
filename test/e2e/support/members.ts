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
