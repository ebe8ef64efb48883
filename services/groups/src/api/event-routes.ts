import { EVENT_NOT_FOUND } from '@waco/contracts';
import { type HttpApp, notFound, registerEndpoint } from '@waco/platform';
import {
  cancelEvent,
  changeEvent,
  createEvent,
  inviteToEvent,
  setAttendance,
} from '../commands/community-events';
import type { GroupsDeps } from '../commands/deps';
import {
  attendeesOf,
  findEvent,
  groupFactsOf,
  hiddenEventFrom,
  listEvents,
  statusAt,
  toCalendarEntry,
  toEvent,
} from '../db/events';
import { icalendar } from '../domain/icalendar';
import { eventOpenTo } from '../domain/visibility';

/** Community events: scheduling, changing, cancelling, signing up, who goes, and its .ics. */
export function registerEventRoutes(app: HttpApp, deps: GroupsDeps) {
  registerEndpoint(app, 'createEvent', async (req, reply) =>
    reply.status(201).send(await createEvent(deps, req.userId, req.body)),
  );
  registerEndpoint(app, 'listEvents', async (req) => listEvents(deps.db, req.userId, req.query, deps.now()));
  registerEndpoint(app, 'getEvent', async (req) => {
    const row = await visibleEvent(deps, req.params.id, req.userId);
    return toEvent(row, await statusAt(deps.db, row.id, req.userId));
  });
  registerEndpoint(app, 'updateEvent', async (req) => changeEvent(deps, req.params.id, req.userId, req.body));
  registerEndpoint(app, 'cancelEvent', async (req) => cancelEvent(deps, req.params.id, req.userId));
  registerEndpoint(app, 'attendEvent', async (req) =>
    setAttendance(deps, req.params.id, req.userId, 'attend'),
  );
  registerEndpoint(app, 'leaveEvent', async (req) => setAttendance(deps, req.params.id, req.userId, 'leave'));
  registerEndpoint(app, 'inviteToEvent', async (req) =>
    inviteToEvent(deps, req.params.id, req.userId, req.body.userId),
  );
  registerEndpoint(app, 'acceptEventInvitation', async (req) =>
    setAttendance(deps, req.params.id, req.userId, 'accept-invitation'),
  );
  registerEndpoint(app, 'declineEventInvitation', async (req) =>
    setAttendance(deps, req.params.id, req.userId, 'decline-invitation'),
  );
  registerEndpoint(app, 'listEventAttendees', async (req) => {
    await visibleEvent(deps, req.params.id, req.userId);
    return attendeesOf(deps.db, req.params.id);
  });
  registerEndpoint(app, 'eventCalendarFile', async (req, reply) => {
    const row = await visibleEvent(deps, req.params.id, req.userId);
    const file = icalendar([toCalendarEntry(row)]);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="event.ics"')
      .send(file);
  });
}

/** The event, when the viewer may see it; 404 otherwise, as if it were not there. */
async function visibleEvent(deps: GroupsDeps, eventId: string, viewerId: string | null) {
  const row = await findEvent(deps.db, eventId);
  const group = row ? await groupFactsOf(deps.db, row.group_id, viewerId) : null;
  if (!row || (row.group_id && !group) || !eventOpenTo({ isPublic: row.is_public, group }))
    throw notFound(EVENT_NOT_FOUND);
  if (await hiddenEventFrom(deps.db, row, viewerId)) throw notFound(EVENT_NOT_FOUND);
  return row;
}
