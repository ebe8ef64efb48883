/** Emails are unique without regard to case, so they are stored and compared lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
