import type { GroupRole } from '@waco/contracts';

// Who may see what. A private group is its members' own: to anyone else it is a name in the
// list (so they can ask to join) and nothing more; its members, its events and who attends them
// answer 404, as if they were not there. An event is as visible as its group and itself allow.

/** The viewer's role in the group, null when they are not a member (or a guest). */
export type ViewerRole = GroupRole | null;

/** Whether the viewer may see a group's details, its members and its events' list. */
export function groupOpenTo(group: { isPublic: boolean }, viewerRole: ViewerRole): boolean {
  return group.isPublic || viewerRole !== null;
}

/** An event and the group it belongs to, as far as who may see it is concerned. */
export interface EventVisibility {
  isPublic: boolean;
  /** Its group: whether it is public, and the viewer's role in it; null when it has no group. */
  group: { isPublic: boolean; viewerRole: ViewerRole } | null;
}

/**
 * Whether the viewer may see the event at its address (and sign up for it). A group's event is
 * seen by the group's members, and by everyone when both the group and the event are public. An
 * event without a group is seen by anyone with its address; a non-public one is left out of the
 * public list (`listedFor`).
 */
export function eventOpenTo(event: EventVisibility): boolean {
  if (!event.group) return true;
  if (event.group.viewerRole !== null) return true;
  return event.group.isPublic && event.isPublic;
}

/** Whether an event appears in the list the viewer gets (its organiser and attendees see theirs). */
export function listedFor(
  event: EventVisibility,
  viewer: { isOrganiser: boolean; attends: boolean },
): boolean {
  if (event.group) return eventOpenTo(event);
  return event.isPublic || viewer.isOrganiser || viewer.attends;
}
