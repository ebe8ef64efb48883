import { badRequest, unauthorized } from '@waco/platform';
import { verifyPassword } from '../auth/passwords';
import { findAccountById } from '../db/users';
import type { IdentityDeps } from './deps';

/**
 * The signed-in user's account, once they have typed its password again (to change it, or to
 * delete the account): a session whose account is gone is a 401, a wrong password a 400 on the
 * form's `field` with `wrongMessage`.
 */
export async function accountConfirmedByPassword(
  deps: IdentityDeps,
  userId: string,
  password: string,
  wrong: { message: string; field: string },
) {
  const account = await findAccountById(deps.db, userId);
  if (!account) throw unauthorized();
  if (!(await verifyPassword(account.password_hash, password))) throw badRequest(wrong.message, wrong.field);
  return account;
}
