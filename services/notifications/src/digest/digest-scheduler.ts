import { type Logger, type PeriodicRound, startPeriodicRound } from '@waco/platform';
import type { Kysely } from 'kysely';
import { digestFacts, membersDue } from '../db/digest-posts';
import { claimDigest } from '../db/notification-mails';
import type { NotificationsDatabase } from '../db/schema';
import { digestOf, lastFinishedPeriod } from '../domain/digest-rules';
import type { StoredDigest } from '../mail/mail-sender';

/** How many members a round reads at once. */
const PAGE = 50;

/** `runDue` claims and queues every digest due now; answers how many have something to send. */
export type DigestScheduler = PeriodicRound<number>;

/**
 * Every `everyMs`, the digests of the last finished period (domain/digest-rules.ts) for each
 * member who asked for one and has not had it: each claimed with its content in one insert, which
 * only one instance wins (so two replicas, or a restart, never send a member a period twice); a
 * period with nothing to tell is claimed too, and sends nothing. The clock is `now`, so tests
 * choose the day.
 */
export function startDigestScheduler(deps: {
  db: Kysely<NotificationsDatabase>;
  logger: Logger;
  now(): Date;
  everyMs: number;
  /** After digests were queued: the mail sender may start at once. */
  queued(): void;
}): DigestScheduler {
  return startPeriodicRound(deps, 'digests could not be prepared; will retry', async () => {
    const now = deps.now();
    const periods = { daily: lastFinishedPeriod(now, 'daily'), weekly: lastFinishedPeriod(now, 'weekly') };
    const keys = { daily: periods.daily.key, weekly: periods.weekly.key };
    let queued = 0;
    for (;;) {
      const members = await membersDue(deps.db, keys, PAGE);
      if (members.length === 0) break;
      for (const member of members) {
        const period = periods[member.digest];
        const facts = await digestFacts(deps.db, member, period);
        const digest = digestOf(facts.posts, {
          ...member,
          following: facts.following,
          blocked: facts.blocked,
        });
        const items: StoredDigest[] = digest ? [{ frequency: member.digest, ...digest }] : [];
        if ((await claimDigest(deps.db, member.userId, period.key, items, now)) && digest) queued++;
      }
    }
    if (queued > 0) deps.queued();
    return queued;
  });
}
