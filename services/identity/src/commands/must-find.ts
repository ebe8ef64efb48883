import type { UserRow } from '../db/schema';

/** A row the same transaction has just written: its absence is a bug, not bad input. */
export function mustFind(user: UserRow | undefined, id: string): UserRow {
  if (!user) throw new Error(`User ${id} missing after its own write`);
  return user;
}
