import type { DigestFrequency } from '@waco/contracts';

const DAY_MS = 86_400_000;

/** One digest's period: its key (claimed once per member), and the time it covers [from, to). */
export interface DigestPeriod {
  key: string;
  from: Date;
  to: Date;
}

/**
 * The last period that has ended by `now` (UTC): yesterday for a daily digest, last week (Monday
 * to Monday) for a weekly one. A digest is sent once its period is over, so every post of the
 * period is in it, and the key says which period a member has had.
 */
export function lastFinishedPeriod(now: Date, frequency: Exclude<DigestFrequency, 'off'>): DigestPeriod {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (frequency === 'daily') {
    const from = new Date(today - DAY_MS);
    return { key: `daily:${from.toISOString().slice(0, 10)}`, from, to: new Date(today) };
  }
  const sinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  const to = new Date(today - sinceMonday * DAY_MS);
  const from = new Date(to.getTime() - 7 * DAY_MS);
  return { key: `weekly:${from.toISOString().slice(0, 10)}`, from, to };
}

/** A post of the period, with what may keep it out of a digest. */
export interface DigestPost {
  postId: string;
  ownerId: string;
  title: string;
  neighborhood: string;
  createdAt: Date;
  /** False once closed (sold, found, filled) or expired, until reopened or renewed. */
  open: boolean;
  /** Hidden by moderators (by reports pending review, or by a moderator). */
  hidden: boolean;
  /** Its owner is suspended. */
  ownerSuspended: boolean;
}

/** The most posts a digest lists in each of its two parts. */
export const DIGEST_MAX_POSTS = 10;

/**
 * A member's digest from the period's posts: those of people they follow, then (not repeating
 * them) those in their neighbourhood, newest first, each part capped; only posts still open, not
 * hidden by moderators, by members not suspended; never their own posts nor those of members
 * either of them blocked (`blocked`). A deleted post is not among them at all. Empty parts: no
 * digest at all.
 */
export function digestOf(
  posts: DigestPost[],
  member: { userId: string; neighborhood: string | null; following: Set<string>; blocked: Set<string> },
): { following: DigestPost[]; neighborhood: DigestPost[] } | null {
  const visible = posts
    .filter((p) => p.open && !p.hidden && !p.ownerSuspended)
    .filter((p) => p.ownerId !== member.userId && !member.blocked.has(p.ownerId))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const following = visible.filter((p) => member.following.has(p.ownerId)).slice(0, DIGEST_MAX_POSTS);
  const listed = new Set(following.map((p) => p.postId));
  const neighborhood = visible
    .filter(
      (p) => member.neighborhood !== null && p.neighborhood === member.neighborhood && !listed.has(p.postId),
    )
    .slice(0, DIGEST_MAX_POSTS);
  if (following.length === 0 && neighborhood.length === 0) return null;
  return { following, neighborhood };
}
