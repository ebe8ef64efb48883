import {
  ACCOUNT_MESSAGES,
  EmailVerificationRequested,
  EmailVerified,
  type EventOf,
  MESSAGES,
  PasswordChanged,
  PasswordResetRequested,
  UserRegistered,
} from '@waco/contracts';
import { type Decider, newEvent, RuleBroken } from '@waco/platform';

/** How long a verification link works. */
export const VERIFICATION_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a password reset link works (one hour). */
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

/** What the account commands need of a user's stream. */
export interface AccountState {
  registered: boolean;
  emailVerified: boolean;
}

export type AccountCommand =
  | { type: 'request-verification'; userId: string; expiresAt: Date }
  | { type: 'verify-email'; userId: string; now: Date }
  | { type: 'request-password-reset'; userId: string; expiresAt: Date }
  | { type: 'change-password'; userId: string; via: 'reset' | 'change'; now: Date };

/**
 * The account side of a user's stream (the profile side is `userDecider`): verification links,
 * verification, reset links and password changes. Tokens and hashes never enter the events.
 */
export const accountDecider: Decider<
  AccountCommand,
  AccountState,
  EventOf<
    | typeof UserRegistered
    | typeof EmailVerified
    | typeof EmailVerificationRequested
    | typeof PasswordResetRequested
    | typeof PasswordChanged
  >
> = {
  events: [
    UserRegistered,
    EmailVerified,
    EmailVerificationRequested,
    PasswordResetRequested,
    PasswordChanged,
  ],
  initialState: { registered: false, emailVerified: false },
  evolve(state, event) {
    if (event.type === UserRegistered.type) return { ...state, registered: true };
    if (event.type === EmailVerified.type) return { ...state, emailVerified: true };
    return state;
  },
  decide(command, state) {
    // A session or link whose user is gone: as if not signed in.
    if (!state.registered) throw new RuleBroken(MESSAGES.signedOut, { status: 401 });
    switch (command.type) {
      case 'request-verification':
        if (state.emailVerified) throw new RuleBroken(ACCOUNT_MESSAGES.alreadyVerified, { status: 409 });
        return [
          newEvent(EmailVerificationRequested, {
            userId: command.userId,
            expiresAt: command.expiresAt.toISOString(),
          }),
        ];
      case 'verify-email':
        // A second click on the link changes nothing.
        if (state.emailVerified) return [];
        return [newEvent(EmailVerified, { userId: command.userId, verifiedAt: command.now.toISOString() })];
      case 'request-password-reset':
        return [
          newEvent(PasswordResetRequested, {
            userId: command.userId,
            expiresAt: command.expiresAt.toISOString(),
          }),
        ];
      case 'change-password':
        return [
          newEvent(PasswordChanged, {
            userId: command.userId,
            via: command.via,
            changedAt: command.now.toISOString(),
          }),
        ];
    }
  },
};

/** Whether a stored link may still be used at `now`: unused and not expired. */
export function linkUsable(link: { expires_at: Date; used_at: Date | null }, now: Date): boolean {
  return link.used_at === null && link.expires_at.getTime() > now.getTime();
}
