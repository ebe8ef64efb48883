import { AttendanceSet } from '@waco/contracts';
import { type NewEvent, newEvent } from '@waco/platform';
import type { z } from 'zod';
import type { PostRef, StreamState } from './decider';
import { RuleBroken } from './rule-broken';

type AttendanceStatus = z.infer<typeof AttendanceSet.schema>['status'];

export interface AttendanceState {
  status: AttendanceStatus | null;
}

export const attendanceState: StreamState<AttendanceState> = {
  initial: { status: null },
  evolve: (state, event) =>
    event.type === AttendanceSet.type
      ? { status: (event.data as { status: AttendanceStatus }).status }
      : state,
};

export const NOT_AN_EVENT = 'Only event posts take attendance (interested or going)';

/** Setting one's answer to an event: refused on other posts; the same answer twice is no change. */
export function decideAttendance(
  command: { post: PostRef; userId: string; status: AttendanceStatus },
  state: AttendanceState,
): NewEvent[] {
  if (command.post.category !== 'event') throw new RuleBroken(NOT_AN_EVENT, 'postId');
  if (state.status === command.status) return [];
  return [
    newEvent(AttendanceSet, {
      ...command.post,
      userId: command.userId,
      status: command.status,
      previousStatus: state.status,
    }),
  ];
}
