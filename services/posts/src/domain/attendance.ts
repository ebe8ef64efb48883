import { AttendanceSet, AttendanceWithdrawn, type EventOf } from '@waco/contracts';
import { type Decider, newEvent, RuleBroken } from '@waco/platform';
import type { z } from 'zod';
import type { PostRef } from './post-ref';

type AttendanceStatus = z.infer<typeof AttendanceSet.schema>['status'];

export interface AttendanceState {
  status: AttendanceStatus | null;
}

/**
 * One user's answer to one post, or (status null) its withdrawal; the post's reference, and
 * whether the event was cancelled, are looked up by the command.
 */
export interface SetAttendance {
  post: PostRef;
  userId: string;
  status: AttendanceStatus | null;
  cancelled?: boolean;
}

export const NOT_AN_EVENT = 'Only event posts take attendance (interested or going)';
export const EVENT_CANCELLED = 'This event was cancelled';

/** The events of its stream. */
export type AttendanceEvent = EventOf<typeof AttendanceSet | typeof AttendanceWithdrawn>;

/**
 * Setting one's answer to an event: refused on other posts and on a cancelled event; the same
 * answer twice is no change. Withdrawing removes the answer (there is no third state);
 * withdrawing when there is none is no change.
 */
export const attendanceDecider: Decider<SetAttendance, AttendanceState, AttendanceEvent> = {
  events: [AttendanceSet, AttendanceWithdrawn],
  initialState: { status: null },
  evolve: (state, event) => {
    if (event.type === AttendanceSet.type) return { status: event.data.status };
    if (event.type === AttendanceWithdrawn.type) return { status: null };
    return state;
  },
  decide(command, state) {
    if (command.post.category !== 'event') throw new RuleBroken(NOT_AN_EVENT, { field: 'postId' });
    if (state.status === command.status) return [];
    if (command.status === null) {
      return [
        newEvent(AttendanceWithdrawn, {
          ...command.post,
          userId: command.userId,
          previousStatus: state.status as AttendanceStatus,
        }),
      ];
    }
    if (command.cancelled) throw new RuleBroken(EVENT_CANCELLED, { field: 'postId', status: 409 });
    return [
      newEvent(AttendanceSet, {
        ...command.post,
        userId: command.userId,
        status: command.status,
        previousStatus: state.status,
      }),
    ];
  },
};
