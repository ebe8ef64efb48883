import {
  AUTO_HIDE_REPORTS,
  BusinessHiddenByModerators,
  BusinessRestoredByModerators,
  CommentHiddenByModerators,
  CommentRestoredByModerators,
  EventHiddenByModerators,
  type EventOf,
  EventRestoredByModerators,
  GroupHiddenByModerators,
  GroupRestoredByModerators,
  HIDE_ONLY_POSTS,
  PostHiddenByModerators,
  PostRestoredByModerators,
  REPORT_ALREADY_RESOLVED,
  REPORT_OWN_TARGET,
  REPORT_TARGET_NOT_FOUND,
  ReportFiled,
  type ReportReason,
  ReportsResolved,
  type ReportTargetType,
  type ResolveAction,
  ReviewHiddenByModerators,
  ReviewRestoredByModerators,
  SUSPEND_SELF,
  targetEvents,
} from '@waco/contracts';
import {
  type Decider,
  type NewEvent,
  newEvent,
  RuleBroken,
  refuseSuspended,
  type Suspension,
} from '@waco/platform';

/** What one reported thing's stream says: its open reports, and whether the post or comment is hidden. */
export interface TargetState {
  open: { reportId: string; reporterId: string }[];
  hiddenBy: 'reports' | 'moderator' | null;
}

export interface FileReport {
  type: 'file';
  reportId: string;
  reporterId: string;
  targetType: ReportTargetType;
  targetId: string;
  /** Whose it is, as this service's copies say; null when there is no such thing to report. */
  targetOwnerId: string | null;
  reason: ReportReason;
  details: string | null;
  /** The reporter's suspension (this service's own table), null when not suspended. */
  reporterSuspension: Suspension;
  now: Date;
}

export interface ResolveReports {
  type: 'resolve';
  moderatorId: string;
  action: ResolveAction;
  note: string | null;
  targetType: ReportTargetType;
  targetId: string;
  targetOwnerId: string;
  now: Date;
}

export type TargetCommand = FileReport | ResolveReports;

type TargetEvent = EventOf<
  | typeof ReportFiled
  | typeof ReportsResolved
  | typeof PostHiddenByModerators
  | typeof PostRestoredByModerators
  | typeof CommentHiddenByModerators
  | typeof CommentRestoredByModerators
  | typeof BusinessHiddenByModerators
  | typeof BusinessRestoredByModerators
  | typeof ReviewHiddenByModerators
  | typeof ReviewRestoredByModerators
  | typeof GroupHiddenByModerators
  | typeof GroupRestoredByModerators
  | typeof EventHiddenByModerators
  | typeof EventRestoredByModerators
>;

function evolve(state: TargetState, event: TargetEvent): TargetState {
  switch (event.type) {
    case ReportFiled.type: {
      const { data } = event;
      return { ...state, open: [...state.open, { reportId: data.reportId, reporterId: data.reporterId }] };
    }
    case ReportsResolved.type:
      return { ...state, open: [] };
    case PostHiddenByModerators.type:
    case CommentHiddenByModerators.type:
    case BusinessHiddenByModerators.type:
    case ReviewHiddenByModerators.type:
    case GroupHiddenByModerators.type:
    case EventHiddenByModerators.type:
      return { ...state, hiddenBy: event.data.by };
    case PostRestoredByModerators.type:
    case CommentRestoredByModerators.type:
    case BusinessRestoredByModerators.type:
    case ReviewRestoredByModerators.type:
    case GroupRestoredByModerators.type:
    case EventRestoredByModerators.type:
      return { ...state, hiddenBy: null };
    default:
      return state;
  }
}

/**
 * One reported thing. A member's open report on it is their one report (reporting again changes
 * nothing); the third distinct member's report hides a post, a comment, a group or an event at
 * once, pending review; a moderator's resolution closes every open report: dismiss (one hidden by
 * reports comes back), hide (not members or messages), or suspend (the owner; the thing reported
 * is hidden too).
 */
export const targetDecider: Decider<TargetCommand, TargetState, TargetEvent> = {
  events: targetEvents,
  initialState: { open: [], hiddenBy: null },
  evolve,
  decide: (command, state) =>
    command.type === 'file' ? decideFile(command, state) : decideResolve(command, state),
};

/** The reporter's open report on this thing, if they have one. */
export function openReportOf(state: TargetState, reporterId: string) {
  return state.open.find((r) => r.reporterId === reporterId);
}

function decideFile(command: FileReport, state: TargetState): NewEvent<TargetEvent>[] {
  refuseSuspended(command.reporterSuspension);
  if (command.targetOwnerId === null)
    throw new RuleBroken(REPORT_TARGET_NOT_FOUND, { status: 404, field: 'targetId' });
  if (command.targetOwnerId === command.reporterId)
    throw new RuleBroken(REPORT_OWN_TARGET, { field: 'targetId' });
  if (openReportOf(state, command.reporterId)) return [];
  const events: NewEvent<TargetEvent>[] = [
    newEvent(ReportFiled, {
      reportId: command.reportId,
      targetType: command.targetType,
      targetId: command.targetId,
      targetOwnerId: command.targetOwnerId,
      reporterId: command.reporterId,
      reason: command.reason,
      details: command.details,
      filedAt: command.now.toISOString(),
    }),
  ];
  const reporters = new Set([...state.open.map((r) => r.reporterId), command.reporterId]);
  if (hideable(command.targetType) && state.hiddenBy === null && reporters.size >= AUTO_HIDE_REPORTS) {
    events.push(
      hiding(command.targetType, command.targetId, command.targetOwnerId, {
        by: 'reports',
        moderatorId: null,
        note: null,
        hiddenAt: command.now.toISOString(),
      }),
    );
  }
  return events;
}

function decideResolve(command: ResolveReports, state: TargetState): NewEvent<TargetEvent>[] {
  if (state.open.length === 0) throw new RuleBroken(REPORT_ALREADY_RESOLVED, { status: 409 });
  if (command.action === 'hide' && !hideable(command.targetType))
    throw new RuleBroken(HIDE_ONLY_POSTS, { field: 'action' });
  if (command.action === 'suspend' && command.targetOwnerId === command.moderatorId)
    throw new RuleBroken(SUSPEND_SELF, { field: 'action' });
  const at = command.now.toISOString();
  const events: NewEvent<TargetEvent>[] = [
    newEvent(ReportsResolved, {
      targetType: command.targetType,
      targetId: command.targetId,
      targetOwnerId: command.targetOwnerId,
      reportIds: state.open.map((r) => r.reportId),
      reporterIds: [...new Set(state.open.map((r) => r.reporterId))],
      action: command.action,
      note: command.note,
      moderatorId: command.moderatorId,
      resolvedAt: at,
    }),
  ];
  if (command.action === 'dismiss' && state.hiddenBy === 'reports') {
    const restored = { ownerId: command.targetOwnerId, moderatorId: command.moderatorId, restoredAt: at };
    events.push(restoring(command.targetType, command.targetId, restored));
  }
  if (command.action !== 'dismiss' && hideable(command.targetType)) {
    events.push(
      hiding(command.targetType, command.targetId, command.targetOwnerId, {
        by: 'moderator',
        moderatorId: command.moderatorId,
        note: command.note,
        hiddenAt: at,
      }),
    );
  }
  return events;
}

/** Posts, comments, businesses, reviews, groups and events can be hidden; members and messages cannot. */
const hideable = (type: ReportTargetType) => type !== 'user' && type !== 'message';

/** The event that hides a post, a comment, a business, a review, a group or an event. */
function hiding(
  type: ReportTargetType,
  id: string,
  ownerId: string,
  how: { by: 'reports' | 'moderator'; moderatorId: string | null; note: string | null; hiddenAt: string },
): NewEvent<TargetEvent> {
  const d = { ownerId, ...how };
  if (type === 'comment') return newEvent(CommentHiddenByModerators, { commentId: id, ...d });
  if (type === 'business') return newEvent(BusinessHiddenByModerators, { businessId: id, ...d });
  if (type === 'review') return newEvent(ReviewHiddenByModerators, { reviewId: id, ...d });
  if (type === 'group') return newEvent(GroupHiddenByModerators, { groupId: id, ...d });
  if (type === 'event') return newEvent(EventHiddenByModerators, { eventId: id, ...d });
  return newEvent(PostHiddenByModerators, { postId: id, ...d });
}

/** The event that brings back one hidden by reports, when a moderator dismisses them. */
function restoring(
  type: ReportTargetType,
  id: string,
  d: { ownerId: string; moderatorId: string; restoredAt: string },
): NewEvent<TargetEvent> {
  if (type === 'comment') return newEvent(CommentRestoredByModerators, { commentId: id, ...d });
  if (type === 'business') return newEvent(BusinessRestoredByModerators, { businessId: id, ...d });
  if (type === 'review') return newEvent(ReviewRestoredByModerators, { reviewId: id, ...d });
  if (type === 'group') return newEvent(GroupRestoredByModerators, { groupId: id, ...d });
  if (type === 'event') return newEvent(EventRestoredByModerators, { eventId: id, ...d });
  return newEvent(PostRestoredByModerators, { postId: id, ...d });
}
