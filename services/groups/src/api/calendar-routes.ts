import { type HttpApp, notFound, registerEndpoint } from '@waco/platform';
import { openCalendarFeed, tokenHashOf } from '../commands/calendar-feed';
import type { GroupsDeps } from '../commands/deps';
import { calendarOwner, eventsAttendedBy, toCalendarEntry } from '../db/events';
import { icalendar } from '../domain/icalendar';

/** A member's calendar feed: a secret address (made anew on request) of the events they attend. */
export function registerCalendarRoutes(app: HttpApp, deps: GroupsDeps) {
  registerEndpoint(app, 'openCalendarFeed', async (req, reply) =>
    reply.status(201).send(await openCalendarFeed(deps, req.userId)),
  );
  registerEndpoint(app, 'calendarFeed', async (req, reply) => {
    // The address is the secret: anyone holding it reads the calendar (calendar apps sign in to nothing).
    const owner = await calendarOwner(deps.db, tokenHashOf(req.params.token.replace(/\.ics$/, '')));
    if (!owner) throw notFound('Calendar not found');
    const events = await eventsAttendedBy(deps.db, owner, deps.now());
    return reply
      .type('text/calendar; charset=utf-8')
      .send(icalendar(events.map(toCalendarEntry), 'Waco Commons events'));
  });
}
