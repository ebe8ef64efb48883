// Repeated failed sign-ins to one account are slowed down, whoever sends them and from however
// many addresses (the gateway's per-IP limit cannot see that), without locking the owner out for
// good: the first attempts are free, then each one more waits twice as long, never more than a
// quarter of an hour, and a success or a quiet window starts afresh.
//
// A count shared by everyone would hand anyone a lock on a chosen account: wrong passwords from
// rotating addresses would keep its owner out too. So a device that signed in to the account
// before (it holds a device cookie, OWASP's "device cookies") is counted apart, with the same
// rule: the owner's device keeps working while strangers wait, and a stolen device cookie buys
// no faster guessing than the account's own count allows.

/** Attempts without a success that pass freely, within the window. */
export const FREE_LOGIN_ATTEMPTS = 5;
/** After this long without an attempt, the count starts again. */
export const LOGIN_ATTEMPT_WINDOW_MS = 15 * 60 * 1000;
/** The wait after the last free attempt; it doubles with each attempt after that. */
export const FIRST_LOGIN_DELAY_MS = 30 * 1000;
/** The longest wait: the owner is never kept out longer than this after an attempt. */
export const MAX_LOGIN_DELAY_MS = 15 * 60 * 1000;

/** How long a device stays known after its last sign-in (the device cookie's lifetime too). */
export const KNOWN_DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/** How long sign-ins to the account wait after its `attempts`-th attempt without a success. */
export function loginDelayMs(attempts: number): number {
  if (attempts < FREE_LOGIN_ATTEMPTS) return 0;
  return Math.min(MAX_LOGIN_DELAY_MS, FIRST_LOGIN_DELAY_MS * 2 ** (attempts - FREE_LOGIN_ATTEMPTS));
}

/** "Too many failed sign-in attempts. Please try again in 2 minutes." */
export function tooManyLoginAttemptsMessage(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const when =
    seconds < 60
      ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
      : `${Math.ceil(seconds / 60)} ${Math.ceil(seconds / 60) === 1 ? 'minute' : 'minutes'}`;
  return `Too many failed sign-in attempts. Please try again in ${when}.`;
}
