import type { CommunityEvent } from '@waco/contracts';
import { CalendarDays, Download, MapPin, Users } from 'lucide-react';
import { useState } from 'react';
import { api } from '../api/client';
import { Link, useParams } from '../app/router';
import { useCurrentUser } from '../features/auth/hooks/current-user';
import { useSignInPrompt } from '../features/auth/hooks/sign-in-prompt';
import { CalendarFeedLink } from '../features/groups/components/CalendarFeedLink';
import EditEventDialog from '../features/groups/components/EditEventDialog';
import { placesLine } from '../features/groups/components/event-wording';
import { PeopleSection, PersonRow } from '../features/groups/components/PersonRow';
import { useAttend, useAttendees, useCancelEvent, useEvent } from '../features/groups/hooks/events';
import { useGroup } from '../features/groups/hooks/groups';
import { formatWacoLong } from '../features/groups/lib/waco-time';
import { ReportButton } from '../features/moderation/components/ReportButton';
import { NotLoaded } from '../features/shell/components/NothingHere';
import { msg, t } from '../i18n/i18n';
import { PROTECTED_ACTIONS } from '../lib/action-wording';
import { usePageMeta } from '../lib/page-meta';
import { buttonClass } from '../ui/button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { CoverPhoto } from '../ui/CoverPhoto';

/** What the page says when the event cannot be read. */
const NOT_FOUND = {
  title: msg('Event not found'),
  text: msg('It may be private, or the address is wrong.'),
};

/** The reader's place, in words: going, their place on the waitlist, or nothing yet. */
function MyPlace({ event, position }: { event: CommunityEvent; position: number | null }) {
  if (event.myStatus === 'attending')
    return <p className="font-semibold text-primary">{t("You're going")}</p>;
  if (event.myStatus === 'waitlisted') {
    return (
      <p className="font-semibold text-amber-700 dark:text-amber-300">
        {position ? t("You're #{position} on the waitlist", { position }) : t("You're on the waitlist")}
      </p>
    );
  }
  return null;
}

/** `/events/{id}`: an event: when in Waco's time, where, places and waitlist, and who is going. */
export default function EventPage() {
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const prompt = useSignInPrompt();
  const event = useEvent(id);
  const data = event.data;
  const attendees = useAttendees(id, Boolean(user && data));
  const group = useGroup(data?.groupId ?? '', Boolean(data?.groupId));
  const attend = useAttend(id);
  const cancel = useCancelEvent(id);
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  usePageMeta(data ? { title: data.title, description: data.description ?? data.location } : null);
  if (event.isError || !data) return <NotLoaded failed={event.isError} notFound={NOT_FOUND} />;
  const going = attendees.data?.filter((a) => a.status === 'attending') ?? [];
  const waitlist = attendees.data?.filter((a) => a.status === 'waitlisted') ?? [];
  const position = user ? waitlist.findIndex((a) => a.userId === user.id) + 1 || null : null;
  const organises = Boolean(user) && (data.creatorId === user?.id || group.data?.membership.role === 'admin');
  const full = data.maxAttendees !== null && data.attendeesCount >= data.maxAttendees;
  const started = new Date(data.startDate).getTime() <= Date.now();
  return (
    <div className="mt-4 grid grid-cols-1 gap-6 sm:mt-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <article className="grid grid-cols-1 content-start gap-4 rounded-2xl border bg-card p-4 sm:p-6">
        {data.imageUrl && <CoverPhoto path={data.imageUrl} className="h-40 w-full rounded-xl sm:h-56" />}
        {group.data && (
          <Link to={`/groups/${group.data.id}`} className="text-sm font-medium text-primary hover:underline">
            {group.data.name}
          </Link>
        )}
        <h1 className="text-2xl font-bold">{data.title}</h1>
        {data.cancelled && (
          <p className="rounded-xl bg-red-100 p-3 font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
            {t('This event was cancelled')}
          </p>
        )}
        <p className="flex items-start gap-2">
          <CalendarDays aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <span>
            <time dateTime={data.startDate} data-testid="event-start">
              {formatWacoLong(data.startDate)}
            </time>
            {data.endDate && (
              <>
                {' – '}
                <time dateTime={data.endDate}>{formatWacoLong(data.endDate)}</time>
              </>
            )}
          </span>
        </p>
        <p className="flex items-start gap-2">
          <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <span>{data.location}</span>
        </p>
        <p className="flex items-center gap-2" data-testid="event-places">
          <Users aria-hidden className="size-5 shrink-0 text-muted-foreground" />
          <span>{placesLine(data)}</span>
        </p>
        {data.description && <p className="whitespace-pre-line">{data.description}</p>}
        <div aria-live="polite" data-testid="my-place">
          <MyPlace event={data} position={position} />
        </div>
        <div className="flex flex-wrap gap-2">
          {!data.cancelled &&
            !started &&
            (data.myStatus ? (
              <button
                type="button"
                className={buttonClass('outline', 'md')}
                disabled={attend.isPending}
                onClick={() => attend.mutate(false)}
              >
                {data.myStatus === 'waitlisted' ? t('Leave the waitlist') : t("I can't go")}
              </button>
            ) : (
              <button
                type="button"
                className={buttonClass('primary', 'md')}
                disabled={attend.isPending}
                // A guest is asked to sign in.
                onClick={() => (user ? attend.mutate(true) : prompt(PROTECTED_ACTIONS.respond))}
              >
                {full ? t('Join the waitlist') : t("I'm going")}
              </button>
            ))}
          <a
            href={api.url('eventCalendarFile', { params: { id } })}
            className={buttonClass('outline', 'md')}
            download
          >
            <Download aria-hidden className="size-4" />
            {t('Add to calendar')}
          </a>
          {organises && !data.cancelled && (
            <>
              <button type="button" className={buttonClass('outline', 'md')} onClick={() => setEditing(true)}>
                {t('Change time or place')}
              </button>
              <button
                type="button"
                className={buttonClass('danger', 'md')}
                onClick={() => setCancelling(true)}
              >
                {t('Cancel event')}
              </button>
            </>
          )}
        </div>
        {user && <CalendarFeedLink />}
        <ReportButton type="event" id={data.id} ownerId={data.creatorId} />
      </article>
      <aside className="grid min-w-0 grid-cols-1 content-start gap-6">
        {user ? (
          <PeopleSection
            id="going"
            title={t('Going')}
            listTestId="going-list"
            after={
              waitlist.length > 0 && (
                <>
                  <h2 className="mt-4 text-lg font-bold">{t('Waitlist')}</h2>
                  <ol className="mt-2 divide-y" data-testid="waitlist">
                    {waitlist.map((a, i) => (
                      <PersonRow key={a.userId} person={a} note={`#${i + 1}`} />
                    ))}
                  </ol>
                </>
              )
            }
          >
            {going.map((a) => (
              <PersonRow key={a.userId} person={a} />
            ))}
          </PeopleSection>
        ) : (
          <p className="rounded-2xl border bg-card p-4 text-sm text-muted-foreground">
            {t('Sign in to see who is going.')}
          </p>
        )}
      </aside>
      {editing && <EditEventDialog event={data} open={editing} onOpenChange={setEditing} />}
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={t('Cancel this event?')}
        description={t('Everyone going is told. This cannot be undone.')}
        cancel={t('Keep the event')}
        confirm={t('Cancel event')}
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSuccess: () => setCancelling(false) })}
      />
    </div>
  );
}
