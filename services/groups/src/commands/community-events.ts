import {
  type Attendance,
  type CommunityEvent,
  type CreateEventCommand,
  EVENT_NOT_FOUND,
  MEMBER_NOT_FOUND,
  type UpdateEventRequest,
} from '@waco/contracts';
import { gatherCreatorFacts, handleCommand, notFound } from '@waco/platform';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { eventGroupFacts, findEvent, groupFactsOf, statusAt, toEvent } from '../db/events';
import { moderation } from '../db/moderation';
import { users } from '../db/users';
import { type EventCommand, type EventState, eventDecider, eventStream, statusOf } from '../domain/events';
import type { GroupsDeps } from './deps';

// Community events: scheduling, changes, cancelling, and signing up. Each is a command on the
// event's stream; the facts from outside it (the member's suspension, their place in the event's
// group) are read in the command's transaction, after the stream's lock.

/** Schedules an event; answers it as stored. */
export async function createEvent(
  deps: GroupsDeps,
  creatorId: string,
  request: CreateEventCommand,
): Promise<CommunityEvent> {
  const eventId = uuidv7();
  const creator = await gatherCreatorFacts(deps, moderation, creatorId, request.imageUrl);
  await handleCommand(
    deps.events,
    eventStream(eventId),
    eventDecider,
    async (trx) => ({
      type: 'schedule' as const,
      eventId,
      creatorId,
      request,
      ...(await creator(trx)),
      group: await groupFactsOf(trx, request.groupId, creatorId),
      now: deps.now(),
    }),
    { actorId: creatorId },
  );
  return eventFor(deps, eventId, creatorId);
}

/** The event as the viewer sees it (its visibility was decided by the caller or the command). */
async function eventFor(deps: GroupsDeps, eventId: string, viewerId: string | null) {
  const row = await findEvent(deps.db, eventId);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return toEvent(row, await statusAt(deps.db, eventId, viewerId));
}

type Without<C> = C extends unknown ? Omit<C, 'eventId' | 'group' | 'now'> : never;
type OnEventCommand = Exclude<EventCommand, { type: 'schedule' }>;

/** Runs a command on an existing event, with the actor's facts about its group. */
export function onEvent(
  deps: GroupsDeps,
  eventId: string,
  actorId: string | null,
  command: Without<OnEventCommand>,
) {
  return handleCommand(
    deps.events,
    eventStream(eventId),
    eventDecider,
    async (trx) =>
      ({
        ...command,
        eventId,
        group: await eventGroupFacts(trx, eventId, actorId),
        // Read under the stream's lock: sign-ups are stamped in the order they were decided.
        now: deps.now(),
      }) as OnEventCommand,
    { actorId },
  );
}

export async function changeEvent(
  deps: GroupsDeps,
  eventId: string,
  editorId: string,
  changes: z.output<typeof UpdateEventRequest>,
) {
  await onEvent(deps, eventId, editorId, { type: 'change', editorId, changes });
  return eventFor(deps, eventId, editorId);
}

export async function cancelEvent(deps: GroupsDeps, eventId: string, actorId: string) {
  await onEvent(deps, eventId, actorId, { type: 'cancel', actorId });
  return eventFor(deps, eventId, actorId);
}

/**
 * Invites a member to the event: one who exists, who may see it (their facts about its group,
 * read under the stream's lock with the inviter's), and never across a block.
 */
export async function inviteToEvent(deps: GroupsDeps, eventId: string, actorId: string, userId: string) {
  if (userId !== actorId && !(await users.find(deps.db, userId))) throw notFound(MEMBER_NOT_FOUND);
  const { state } = await handleCommand(
    deps.events,
    eventStream(eventId),
    eventDecider,
    async (trx) => ({
      type: 'invite' as const,
      eventId,
      actorId,
      userId,
      blocked: await moderation.blockedBetween(trx, actorId, userId),
      group: await eventGroupFacts(trx, eventId, actorId),
      inviteeGroup: await eventGroupFacts(trx, eventId, userId),
      now: deps.now(),
    }),
    { actorId },
  );
  return attendanceOf(state, eventId, actorId);
}

/** Signs up, or leaves; answers the member's place and the counts as the stream has them. */
export async function setAttendance(
  deps: GroupsDeps,
  eventId: string,
  userId: string,
  type: 'attend' | 'leave' | 'accept-invitation' | 'decline-invitation',
): Promise<Attendance> {
  const { state } = await onEvent(deps, eventId, userId, { type, userId });
  return attendanceOf(state, eventId, userId);
}

/** The member's place and the counts as the stream has them. */
const attendanceOf = (state: EventState, eventId: string, userId: string): Attendance => ({
  eventId,
  status: statusOf(state, userId),
  attendeesCount: state.attending.length,
  waitlistCount: state.waitlist.length,
});
