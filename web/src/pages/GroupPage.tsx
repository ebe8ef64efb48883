import type { GroupRole } from '@waco/contracts';
import { CalendarPlus, Lock, type LucideIcon, PenSquare, Users } from 'lucide-react';
import { type ReactNode, Suspense, useState } from 'react';
import { queryKeys } from '../api/keys';
import { useParams } from '../app/router';
import { useCurrentUser } from '../features/auth/hooks/current-user';
import CreateEventDialog from '../features/groups/components/CreateEventDialog';
import { EventCard } from '../features/groups/components/EventCard';
import { GroupMembers } from '../features/groups/components/GroupMembers';
import { JoinRequests } from '../features/groups/components/JoinRequests';
import { MembershipButton } from '../features/groups/components/MembershipButton';
import { groupEventsQuery, useEvents } from '../features/groups/hooks/events';
import { useGroup } from '../features/groups/hooks/groups';
import { ReportButton } from '../features/moderation/components/ReportButton';
import { PostList } from '../features/profile/components/PostList';
import { NotLoaded } from '../features/shell/components/NothingHere';
import { msg, t } from '../i18n/i18n';
import { placeName } from '../lib/format';
import { usePageMeta } from '../lib/page-meta';
import { buttonClass } from '../ui/button';
import { CardNote, DetailHeader, DetailPage } from '../ui/DetailPage';
import { lazyPart } from '../ui/lazy-part';
import { PageSpinner } from '../ui/PageSpinner';

/** What the page says when the group cannot be read. */
const NOT_FOUND = {
  title: msg('Group not found'),
  text: msg('It may have closed, or the address is wrong.'),
};

const CreatePostForm = lazyPart(
  'CreatePostForm',
  () => import('../features/create/components/CreatePostForm'),
);

/**
 * `/groups/{id}`: a group's page: who, where, its members, its upcoming events and its feed (its
 * members write in it; a private group's is its members' only).
 */
export default function GroupPage() {
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const group = useGroup(id);
  const data = group.data;
  const isMember = data?.membership.status === 'member';
  const role: GroupRole | null = data?.membership.role ?? null;
  const seesInside = Boolean(data && (data.isPublic || isMember));
  const events = useEvents(groupEventsQuery(id));
  const [creating, setCreating] = useState(false);
  const [writing, setWriting] = useState(false);
  usePageMeta(
    data ? { title: data.name, description: data.description ?? t('A group on Waco Commons.') } : null,
  );
  if (group.isError || !data) return <NotLoaded failed={group.isError} notFound={NOT_FOUND} />;
  return (
    <DetailPage
      main={
        <>
          <DetailHeader imageUrl={data.imageUrl}>
            <div className="p-4">
              <div className="flex flex-wrap items-start gap-3">
                <div className="mr-auto min-w-0">
                  <h1 className="text-2xl font-bold">{data.name}</h1>
                  <p className="mt-1 flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
                    {!data.isPublic && (
                      <>
                        <Lock aria-hidden className="size-3.5" />
                        <span>{t('Private group')}</span>
                      </>
                    )}
                    {data.neighborhood && (
                      <span>
                        {data.isPublic ? '' : '· '}
                        {placeName(data.neighborhood)}
                      </span>
                    )}
                    {seesInside && (
                      <span data-testid="members-count">
                        {data.isPublic && !data.neighborhood ? '' : '· '}
                        {t('{count, plural, one {# member} other {# members}}', { count: data.membersCount })}
                      </span>
                    )}
                  </p>
                </div>
                <MembershipButton group={data} />
              </div>
              {data.description && <p className="mt-3 whitespace-pre-line">{data.description}</p>}
              {!seesInside && (
                <p className="mt-3 text-sm text-muted-foreground">
                  {t('This group is private: its members, events and description are for members only.')}
                </p>
              )}
              <ReportButton type="group" id={data.id} ownerId={data.creatorId} className="mt-2" />
            </div>
          </DetailHeader>
          {seesInside && (
            <section aria-labelledby="group-events">
              <SectionHead id="group-events" title={t('Upcoming events')}>
                {isMember && (
                  <ActionButton icon={CalendarPlus} onClick={() => setCreating(true)}>
                    {t('Create an event')}
                  </ActionButton>
                )}
              </SectionHead>
              {events.data && events.data.length === 0 ? (
                <CardNote>{t('No upcoming events in this group.')}</CardNote>
              ) : (
                <ul className="grid grid-cols-1 gap-3">
                  {events.data?.map((event) => (
                    <EventCard key={event.id} event={event} />
                  ))}
                </ul>
              )}
            </section>
          )}
          {seesInside && (
            <section aria-labelledby="group-posts">
              <SectionHead id="group-posts" title={t('Posts in this group')}>
                {isMember && !writing && (
                  <ActionButton icon={PenSquare} onClick={() => setWriting(true)}>
                    {t('Write a post')}
                  </ActionButton>
                )}
              </SectionHead>
              {writing && (
                <Suspense fallback={<PageSpinner />}>
                  <div className="mb-4">
                    <CreatePostForm groupId={id} onDone={() => setWriting(false)} />
                  </div>
                </Suspense>
              )}
              <PostList
                queryKey={queryKeys.groupPosts(id)}
                source={{ name: 'listPosts', groupId: id }}
                empty={t('No posts in this group yet.')}
              />
            </section>
          )}
        </>
      }
      side={
        <>
          {role === 'admin' && !data.isPublic && <JoinRequests groupId={id} />}
          {user && seesInside ? (
            <GroupMembers groupId={id} myRole={role} myId={user.id} />
          ) : (
            seesInside && (
              <p className="flex items-center gap-2 rounded-2xl border bg-card p-4 text-sm text-muted-foreground">
                <Users aria-hidden className="size-4" />
                {t('Sign in to see who is in this group.')}
              </p>
            )
          )}
        </>
      }
    >
      {creating && <CreateEventDialog open={creating} onOpenChange={setCreating} groupId={id} />}
    </DetailPage>
  );
}

/** A section's heading (its `id` labels the section), with the section's action beside it. */
function SectionHead({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-3">
      <h2 id={id} className="mr-auto text-lg font-bold">
        {title}
      </h2>
      {children}
    </div>
  );
}

function ActionButton({
  icon: Icon,
  onClick,
  children,
}: {
  icon: LucideIcon;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={buttonClass('primary', 'sm')} onClick={onClick}>
      <Icon aria-hidden className="size-4" />
      {children}
    </button>
  );
}
