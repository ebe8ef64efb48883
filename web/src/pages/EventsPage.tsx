import { CalendarDays, CalendarPlus, List } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../app/router';
import { useCurrentUser } from '../features/auth/hooks/current-user';
import { useSignInPrompt } from '../features/auth/hooks/sign-in-prompt';
import CreateEventDialog from '../features/groups/components/CreateEventDialog';
import { EventCalendar } from '../features/groups/components/EventCalendar';
import { EventCard } from '../features/groups/components/EventCard';
import { useEvents } from '../features/groups/hooks/events';
import { CREATE_EVENT_ACTION } from '../features/groups/hooks/groups';
import { wacoThisMonth, wacoWallTimeToIso } from '../features/groups/lib/waco-time';
import { t } from '../i18n/i18n';
import { usePageMeta } from '../lib/page-meta';
import { buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { EmptyState } from '../ui/EmptyState';

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
  const { isSignedIn } = useCurrentUser();
  const prompt = useSignInPrompt();
  const [view, setView] = useState<'list' | 'month'>('list');
  const [shown, setShown] = useState(() => wacoThisMonth());
  const [creating, setCreating] = useState(false);
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
    <div className="mt-4 sm:mt-6">
      <header className="mb-4 flex flex-wrap items-center gap-3 px-1">
        <h1 className="mr-auto text-2xl font-bold">{t('Events near you')}</h1>
        <Link to="/groups" className={buttonClass('outline', 'sm')}>
          {t('Groups')}
        </Link>
        {/* A guest is asked to sign in. */}
        <button
          type="button"
          className={buttonClass('primary', 'sm')}
          onClick={() => (isSignedIn ? setCreating(true) : prompt(CREATE_EVENT_ACTION))}
        >
          <CalendarPlus aria-hidden className="size-4" />
          {t('Create an event')}
        </button>
      </header>
      <div className="mb-4 inline-flex gap-1 rounded-xl bg-muted p-1">
        {tab('list', t('List'), List)}
        {tab('month', t('Month'), CalendarDays)}
      </div>
      {view === 'month' ? (
        <EventCalendar
          year={shown.year}
          month={shown.month}
          events={month.data ?? []}
          onMonth={(year, m) => setShown({ year, month: m })}
        />
      ) : upcoming.data && upcoming.data.length === 0 ? (
        <EmptyState
          icon={CalendarDays}
          title={t('No upcoming events')}
          className="rounded-2xl border bg-card p-8 text-center"
        >
          {t('Plan a clean-up, a walk or a meeting: your neighbours will see it here.')}
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label={t('Upcoming events')}>
          {upcoming.data?.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </ul>
      )}
      {creating && <CreateEventDialog open={creating} onOpenChange={setCreating} />}
    </div>
  );
}
