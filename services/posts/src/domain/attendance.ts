import { AttendanceSet } from '@waco/contracts';
import { type Decider, newEvent, RuleBroken } from '@waco/platform';
import type { z } from 'zod';
import type { PostRef } from './post-ref';

type AttendanceStatus = z.infer<typeof AttendanceSet.schema>['status'];

export interface AttendanceState {
  status: AttendanceStatus | null;
}

/** One user's answer to one post; the post's reference is looked up by the command. */
export interface SetAttendance {
  post: PostRef;
  userId: string;
  status: AttendanceStatus;
}

export const NOT_AN_EVENT = 'Only event posts take attendance (interested or going)';

/** Setting one's answer to an event: refused on other posts; the same answer twice is no change. */
export const attendanceDecider: Decider<SetAttendance, AttendanceState> = {
  initialState: { status: null },
  evolve: (state, event) =>
    event.type === AttendanceSet.type
      ? { status: (event.data as { status: AttendanceStatus }).status }
      : state,
  decide(command, state) {
    if (command.post.category !== 'event') throw new RuleBroken(NOT_AN_EVENT, { field: 'postId' });
    if (state.status === command.status) return [];
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
