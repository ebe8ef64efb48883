import { CITY_TIME_ZONE, type CommunityEvent } from '@waco/contracts';
import { CalendarDays, MapPin } from 'lucide-react';
import { Link } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { formatEventDate } from '../../../lib/format';
import { placesLine, statusLine } from './event-wording';

/** An event in a list: when (in Waco), where, places, and the reader's own status. */
export function EventCard({ event }: { event: CommunityEvent }) {
  const status = statusLine(event);
  return (
    <li className="rounded-2xl border bg-card p-4" data-event-id={event.id}>
      <h2 className="font-semibold">
        <Link to={`/events/${event.id}`} className="hover:underline">
          {event.title}
        </Link>
        {event.cancelled && (
          <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-800 dark:bg-red-950 dark:text-red-200">
            {t('Cancelled')}
          </span>
        )}
      </h2>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
        <CalendarDays aria-hidden className="size-4 shrink-0" />
        <time dateTime={event.startDate}>{formatEventDate(event.startDate, CITY_TIME_ZONE)}</time>
      </p>
      <p className="mt-0.5 flex items-center gap-1.5 text-sm text-muted-foreground">
        <MapPin aria-hidden className="size-4 shrink-0" />
        <span className="min-w-0 truncate">{event.location}</span>
      </p>
      <p className="mt-2 text-sm">
        {placesLine(event)}
        {status && <span className="ml-2 font-medium text-primary">{status}</span>}
      </p>
    </li>
  );
}
