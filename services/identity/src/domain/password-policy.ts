import { MESSAGES } from '@waco/contracts';

/**
 * Why a new password is refused, beyond the schema's length rule, or null when it is fine: one
 * of the most common passwords, or the email address (or its part before the @), in any case.
 * Only signup applies it; existing passwords still sign in.
 */
export function passwordProblem(password: string, email: string, common: ReadonlySet<string>): string | null {
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.slice(0, address.lastIndexOf('@'));
  if (lower === address || lower === localPart) return MESSAGES.passwordIsEmail;
  if (common.has(lower)) return MESSAGES.passwordTooCommon;
  return null;
}
