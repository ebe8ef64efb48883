import type { CommunityEvent } from '@waco/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { cn } from '../../../ui/cn';
import { formatMonth, wacoDayKey, weekdayNames } from '../lib/waco-time';
import { EventCard } from './EventCard';

const pad = (n: number) => String(n).padStart(2, '0');

/** A month of events, each on its Waco day; the month before and after by the arrows. */
export function EventCalendar({
  year,
  month,
  events,
  onMonth,
}: {
  year: number;
  month: number;
  events: CommunityEvent[];
  onMonth(year: number, month: number): void;
}) {
  const first = new Date(Date.UTC(year, month, 1));
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const lead = first.getUTCDay();
  const byDay = new Map<string, CommunityEvent[]>();
  for (const event of events) {
    const key = wacoDayKey(event.startDate);
    byDay.set(key, [...(byDay.get(key) ?? []), event]);
  }
  const today = wacoDayKey(new Date());
  const step = (by: number) => {
    const next = new Date(Date.UTC(year, month + by, 1));
    onMonth(next.getUTCFullYear(), next.getUTCMonth());
  };
  const cells = Array.from({ length: days }, (_, i) => i + 1);
  return (
    <section aria-label={formatMonth(year, month)} className="rounded-2xl border bg-card p-3">
      <div className="mb-3 flex items-center justify-between">
        <button
          type="button"
          className="grid size-10 place-items-center rounded-full hover:bg-muted"
          onClick={() => step(-1)}
          aria-label={t('Previous month')}
        >
          <ChevronLeft aria-hidden className="size-5" />
        </button>
        <h2 className="font-semibold capitalize">{formatMonth(year, month)}</h2>
        <button
          type="button"
          className="grid size-10 place-items-center rounded-full hover:bg-muted"
          onClick={() => step(1)}
          aria-label={t('Next month')}
        >
          <ChevronRight aria-hidden className="size-5" />
        </button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs text-muted-foreground" aria-hidden>
        {/* A phone's column is narrow: one letter there, the short name from 640 px. */}
        {weekdayNames('short').map((name, i) => (
          <span key={name}>
            <span className="sm:hidden">{weekdayNames('narrow')[i]}</span>
            <span className="hidden sm:inline">{name}</span>
          </span>
        ))}
      </div>
      <ol className="mt-1 grid grid-cols-7 gap-1">
        {cells.map((day) => {
          const key = `${year}-${pad(month + 1)}-${pad(day)}`;
          const dayEvents = byDay.get(key) ?? [];
          return (
            <li
              key={key}
              // The first day under its weekday.
              style={day === 1 ? { gridColumnStart: lead + 1 } : undefined}
              className={cn(
                'min-h-16 min-w-0 overflow-hidden rounded-lg border p-1 text-left text-xs lg:min-h-24',
                key === today && 'border-primary',
              )}
            >
              <span className={cn('font-semibold', key === today && 'text-primary')}>{day}</span>
              <ul className="mt-0.5 grid grid-cols-1 gap-0.5">
                {dayEvents.map((event) => (
                  <li key={event.id}>
                    <Link
                      to={`/events/${event.id}`}
                      className="block truncate rounded bg-primary-soft px-1 text-primary-soft-foreground hover:underline"
                      title={event.title}
                    >
                      {event.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
      {/* A phone's day is too narrow for a title: the month's events are listed under it too. */}
      {events.length > 0 && (
        <ul className="mt-4 grid grid-cols-1 gap-3 lg:hidden">
          {events.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </ul>
      )}
    </section>
  );
}
