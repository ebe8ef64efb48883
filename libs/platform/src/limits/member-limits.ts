import {
  type CommentLimitReached,
  type EventOf,
  type FirstMessageLimitReached,
  HOUR_MS,
  type LimitedAction,
  limitReachedMessage,
  type MemberLimits,
  NEW_ACCOUNT_MS,
  PERIOD_MS,
  type PostingLimitReached,
  type RateWindow,
} from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import { type EventStore, handleCommand, inTransaction } from '../events/command-handler';
import type { Decider } from '../events/decider';
import { ConcurrencyError, newEvent } from '../events/event-store';
import { RuleBroken } from '../events/rule-broken';
import type { AccountStanding } from '../users/user-directory';

// Limits per member (libs/contracts' member-limits.ts): the owning service gathers what the member
// did lately from its own tables and the member's standing from its user directory, the pure
// `refuseOverLimit` decides, and a refusal is recorded once an hour as an event moderators see.

/** New, unverified, or not known yet (identity's sign-up event has not arrived: a moment old). */
export function isNewAccount(standing: AccountStanding | undefined, now: Date): boolean {
  if (!standing?.registeredAt || !standing.emailVerified) return true;
  return now.getTime() - standing.registeredAt.getTime() < NEW_ACCOUNT_MS;
}

/** What a limit is decided on: the member's standing and when they did the thing lately. */
export interface MemberActivity {
  standing: AccountStanding | undefined;
  /** Newest first, within `activityBounds(limits)`. */
  recent: readonly Date[];
}

/** A full window, and how long until its oldest counted act leaves it. */
export interface LimitReached {
  window: RateWindow;
  newAccount: boolean;
  retryAfterMs: number;
}

/** How far back, and how many of a member's acts, the decision needs. */
export function activityBounds(limits: MemberLimits): { sinceMs: number; count: number } {
  const windows = [...limits.newAccount, ...limits.established];
  return {
    sinceMs: Math.max(...windows.map((w) => PERIOD_MS[w.per])),
    count: Math.max(...windows.map((w) => w.max)),
  };
}

/** The member's full window that frees last; null while every window has room. */
export function reachedLimit(limits: MemberLimits, activity: MemberActivity, now: Date): LimitReached | null {
  const newAccount = isNewAccount(activity.standing, now);
  let reached: LimitReached | null = null;
  for (const window of newAccount ? limits.newAccount : limits.established) {
    const period = PERIOD_MS[window.per];
    const inWindow = activity.recent.filter((at) => at.getTime() > now.getTime() - period);
    const oldestCounted = inWindow[window.max - 1];
    if (!oldestCounted) continue;
    const retryAfterMs = oldestCounted.getTime() + period - now.getTime();
    if (!reached || retryAfterMs > reached.retryAfterMs) reached = { window, newAccount, retryAfterMs };
  }
  return reached;
}

/** A member over a limit: 429, a sentence saying which and when, and `Retry-After`. */
export class LimitRefusal extends RuleBroken {
  constructor(
    readonly action: LimitedAction,
    readonly reached: LimitReached,
  ) {
    super(limitReachedMessage(action, reached.newAccount, reached.window, reached.retryAfterMs), {
      status: 429,
      retryAfterSeconds: reached.retryAfterMs / 1000,
    });
  }
}

/** The pure decision: refuses the member's `action` when one of its windows is full. */
export function refuseOverLimit(
  action: LimitedAction,
  limits: MemberLimits,
  activity: MemberActivity,
  now: Date,
): void {
  const reached = reachedLimit(limits, activity, now);
  if (reached) throw new LimitRefusal(action, reached);
}

type LimitEvent = typeof PostingLimitReached | typeof CommentLimitReached | typeof FirstMessageLimitReached;

interface RecordBurst {
  userId: string;
  refusal: LimitRefusal;
  now: Date;
}

/** One event per stream: the stream is the member's, the action's and the clock hour's. */
const burstDecider = (event: LimitEvent): Decider<RecordBurst, boolean, EventOf<LimitEvent>> => ({
  events: [event],
  initialState: false,
  evolve: () => true,
  decide: (command, recorded) =>
    recorded
      ? []
      : [
          newEvent(event, {
            userId: command.userId,
            per: command.refusal.reached.window.per,
            max: command.refusal.reached.window.max,
            newAccount: command.refusal.reached.newAccount,
            reachedAt: command.now.toISOString(),
          }),
        ],
});

const MAX_ATTEMPTS = 5;

/**
 * Runs `act` (gather the member's activity, decide, append) in one transaction holding the
 * member's lock for `action`, so that a burst sent all at once is counted one request after the
 * other and cannot pass a limit together. A `LimitRefusal` is recorded for moderators (`event`,
 * at most once per member, action and clock hour) and thrown on.
 */
export async function underMemberLimit<DB, T>(
  store: EventStore<DB>,
  limit: { action: LimitedAction; userId: string; event: LimitEvent; now: Date },
  act: (store: EventStore<DB>, trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${store.schema}), hashtext(${`limit-${limit.action}-${limit.userId}`}))`.execute(
          trx,
        );
        return act(inTransaction(store, trx), trx);
      });
    } catch (err) {
      if (err instanceof LimitRefusal) {
        const hour = Math.floor(limit.now.getTime() / HOUR_MS);
        await handleCommand(
          store,
          `limit-${limit.action}-${limit.userId}-${hour}`,
          burstDecider(limit.event),
          { userId: limit.userId, refusal: err, now: limit.now },
          { actorId: limit.userId },
        );
      }
      // Two writers of one stream (a conversation) can still meet: the whole transaction again.
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}
