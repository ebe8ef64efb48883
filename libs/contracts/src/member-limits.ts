// Limits per member on what reaches other people (posts in the feed, comments and replies on
// posts, first messages to people one never talked to): counted over rolling windows by the owning service from its own tables, and
// stricter for accounts that are new or whose email is not verified, where spam comes from. The
// gateway's per-address limit (RATE_LIMIT_PER_MINUTE) stays beneath them; docs/operations.md
// states these figures. No zod here: the web app and server-messages.ts import this file.

export const HOUR_MS = 3_600_000;
const DAY = 24 * HOUR_MS;

/** An account younger than this, or whose email is not verified, has the new accounts' limits. */
export const NEW_ACCOUNT_DAYS = 3;
export const NEW_ACCOUNT_MS = NEW_ACCOUNT_DAYS * DAY;

export const LIMIT_PERIODS = ['hour', 'day'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const PERIOD_MS: Record<LimitPeriod, number> = { hour: HOUR_MS, day: DAY };

/** At most `max` in any rolling `per`. */
export interface RateWindow {
  per: LimitPeriod;
  max: number;
}

/** The limits of one action, for new (or unverified) and for established accounts. */
export interface MemberLimits {
  newAccount: readonly RateWindow[];
  established: readonly RateWindow[];
}

/** At most `hour` in any rolling hour and `day` in any rolling day. */
const hourAndDay = (hour: number, day: number): RateWindow[] => [
  { per: 'hour', max: hour },
  { per: 'day', max: day },
];

/**
 * New posts per member. A neighbour's moving sale (seven or eight things in an afternoon) fits a
 * new account's hour; a feed flooded by one account does not.
 */
export const POSTING_LIMITS: MemberLimits = {
  newAccount: hourAndDay(10, 20),
  established: hourAndDay(30, 100),
};

/** Conversations a member starts with people they never talked to (answers and replies are free). */
export const FIRST_MESSAGE_LIMITS: MemberLimits = {
  newAccount: hourAndDay(10, 30),
  established: hourAndDay(40, 150),
};

/**
 * Comments and replies per member, on anyone's posts. A lively thread (a question, answers back
 * and forth, a few replies) fits a new account's hour; one account pasting the same pitch under
 * every post in the feed does not. Nextdoor and Facebook throttle comments per account too.
 */
export const COMMENT_LIMITS: MemberLimits = {
  newAccount: hourAndDay(20, 60),
  established: hourAndDay(60, 300),
};

/** A post whose words (see `duplicateKeyOf`) match one of the member's own of this long ago is refused. */
export const DUPLICATE_POST_WINDOW_MS = DAY;

/** The actions limited per member, as moderators see them. */
export const LIMITED_ACTIONS = ['post', 'comment', 'first-message'] as const;
export type LimitedAction = (typeof LIMITED_ACTIONS)[number];

/**
 * What makes two posts the same for the duplicate rule: title and description, lower-cased,
 * without digits, punctuation, symbols or spacing ("Cheap watches 1" and "CHEAP  watches #2!"
 * are one post).
 */
export function duplicateKeyOf(post: { title: string; description: string }): string {
  return `${post.title} ${post.description}`
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{N}\p{P}\p{S}\p{Z}\s\p{Cf}]+/gu, '');
}

export const DUPLICATE_POST =
  'You posted the same thing in the last day. Edit that post instead of posting it again.';

// The refusals, one sentence each, so that the web puts them in Spanish (server-messages.ts).
export const LIMIT_MESSAGES: Record<
  LimitedAction,
  Record<'newAccount' | 'established', Record<LimitPeriod, string>>
> = {
  post: {
    newAccount: {
      hour: 'New or unverified accounts can make {{count}} posts an hour. You can post again in {{wait}}.',
      day: 'New or unverified accounts can make {{count}} posts a day. You can post again in {{wait}}.',
    },
    established: {
      hour: 'You can make {{count}} posts an hour. You can post again in {{wait}}.',
      day: 'You can make {{count}} posts a day. You can post again in {{wait}}.',
    },
  },
  comment: {
    newAccount: {
      hour: 'New or unverified accounts can write {{count}} comments an hour. You can comment again in {{wait}}.',
      day: 'New or unverified accounts can write {{count}} comments a day. You can comment again in {{wait}}.',
    },
    established: {
      hour: 'You can write {{count}} comments an hour. You can comment again in {{wait}}.',
      day: 'You can write {{count}} comments a day. You can comment again in {{wait}}.',
    },
  },
  'first-message': {
    newAccount: {
      hour: 'New or unverified accounts can message {{count}} new people an hour. You can message someone new again in {{wait}}.',
      day: 'New or unverified accounts can message {{count}} new people a day. You can message someone new again in {{wait}}.',
    },
    established: {
      hour: 'You can message {{count}} new people an hour. You can message someone new again in {{wait}}.',
      day: 'You can message {{count}} new people a day. You can message someone new again in {{wait}}.',
    },
  },
};

/** "2 minutes", "1 hour", "45 seconds": a wait as people say it (rounded up). */
export function waitWords(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const [count, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${count} ${count === 1 ? unit : `${unit}s`}`;
}

/** The sentence a member reads when `action` reached `window`'s limit, waiting `waitMs`. */
export function limitReachedMessage(
  action: LimitedAction,
  newAccount: boolean,
  window: RateWindow,
  waitMs: number,
): string {
  return LIMIT_MESSAGES[action][newAccount ? 'newAccount' : 'established'][window.per]
    .replace('{{count}}', String(window.max))
    .replace('{{wait}}', waitWords(waitMs));
}
