import { CalendarDays, List } from 'lucide-react';
import { useState } from 'react';
import { EventCalendar } from '../features/groups/components/EventCalendar';
import { EventCard } from '../features/groups/components/EventCard';
import { ListActions } from '../features/groups/components/ListActions';
import { useEvents } from '../features/groups/hooks/events';
import { wacoThisMonth, wacoWallTimeToIso } from '../features/groups/lib/waco-time';
import { t } from '../i18n/i18n';
import { usePageMeta } from '../lib/page-meta';
import { cn } from '../ui/cn';
import { CardList, ListPage } from '../ui/ListPage';

const pad = (n: number) => String(n).padStart(2, '0');
/** A month's bounds in Waco, as the API's from and to. */
function monthRange(year: number, month: number) {
  const next = new Date(Date.UTC(year, month + 1, 1));
  return {
    from: wacoWallTimeToIso(`${year}-${pad(month + 1)}-01T00:00`),
    to: wacoWallTimeToIso(`${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-01T00:00`),
  };
}

/** `/events`: the events near you, as a list of what is coming or as a month's calendar. */
export default function EventsPage() {
  const [view, setView] = useState<'list' | 'month'>('list');
  const [shown, setShown] = useState(() => wacoThisMonth());
  const upcoming = useEvents({ limit: 50 });
  const month = useEvents({ ...monthRange(shown.year, shown.month), limit: 50 });
  usePageMeta({ title: t('Events'), description: t('Community events in Waco on Waco Commons.') });
  const tab = (name: 'list' | 'month', label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={view === name}
      onClick={() => setView(name)}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium',
        view === name ? 'bg-card shadow-sm' : 'text-muted-foreground',
      )}
    >
      <Icon aria-hidden className="size-4" />
      {label}
    </button>
  );
  return (
    <ListPage
      title={t('Events near you')}
      actions={<ListActions list="events" />}
      controls={
        <div className="mb-4 inline-flex gap-1 rounded-xl bg-muted p-1">
          {tab('list', t('List'), List)}
          {tab('month', t('Month'), CalendarDays)}
        </div>
      }
    >
      {view === 'month' ? (
        <EventCalendar
          year={shown.year}
          month={shown.month}
          events={month.data ?? []}
          onMonth={(year, m) => setShown({ year, month: m })}
        />
      ) : (
        <CardList
          label={t('Upcoming events')}
          items={upcoming.data}
          empty={{
            icon: CalendarDays,
            title: t('No upcoming events'),
            text: t('Plan a clean-up, a walk or a meeting: your neighbours will see it here.'),
          }}
          card={(event) => <EventCard key={event.id} event={event} />}
        />
      )}
    </ListPage>
  );
}
