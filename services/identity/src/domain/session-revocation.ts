import { type EventOf, SessionRevoked } from '@waco/contracts';
import { type Decider, newEvent } from '@waco/platform';
import type { z } from 'zod';

export interface RevokeSession {
  /** The stored hash, never the token. */
  sessionId: string;
  userId: string;
  reason: SessionRevokedReason;
}

export type SessionRevokedReason = z.input<typeof SessionRevoked.schema>['reason'];

/** A session's stream: its one `SessionRevoked`; revoking twice records nothing more. */
export const sessionDecider: Decider<RevokeSession, { revoked: boolean }, EventOf<typeof SessionRevoked>> = {
  events: [SessionRevoked],
  initialState: { revoked: false },
  evolve: (state, event) => (event.type === SessionRevoked.type ? { revoked: true } : state),
  decide: (command, state) =>
    state.revoked
      ? []
      : [
          newEvent(SessionRevoked, {
            sessionId: command.sessionId,
            userId: command.userId,
            reason: command.reason,
          }),
        ],
};
