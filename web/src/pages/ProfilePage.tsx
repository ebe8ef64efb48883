import * as Tabs from '@radix-ui/react-tabs';
import { MapPin, UserPen } from 'lucide-react';
import { Suspense } from 'react';
import { MY_LISTS } from '../api/client';
import { queryKeys } from '../api/keys';
import { useSearchParams } from '../app/router';
import { PersonAvatar } from '../features/auth/components/PersonAvatar';
import { displayName, useCurrentUser } from '../features/auth/hooks/current-user';
import { MemberStanding } from '../features/deals/components/MemberStanding';
import { PostList } from '../features/profile/components/PostList';
import { msg, t } from '../i18n/i18n';
import { timeAgo } from '../lib/format';
import { usePageMeta } from '../lib/page-meta';
import { buttonClass } from '../ui/button';
import { lazyPart } from '../ui/lazy-part';

const EditProfileDialog = lazyPart(
  'EditProfileDialog',
  () => import('../features/profile/components/EditProfileDialog'),
);

export const PROFILE_TABS = [
  { value: 'posts', label: msg('Posts'), empty: msg("You haven't posted anything yet.") },
  { value: 'liked', label: msg('Liked'), empty: msg('Posts you like will show here.') },
  { value: 'saved', label: msg('Saved'), empty: msg('Posts you save will show here.') },
] as const;
type TabValue = (typeof PROFILE_TABS)[number]['value'];
const isTab = (value: string | null): value is TabValue => PROFILE_TABS.some((tab) => tab.value === value);

/** `/profile`: who you are, Edit Profile, and the tabs Posts, Liked, Saved (`?tab=`; `?edit=1` opens the editor). */
export default function ProfilePage() {
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  usePageMeta({ title: t('Profile'), description: t('Your profile.') });
  if (!user) return null;
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'posts';
  const editing = params.get('edit') === '1';
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  return (
    <div className="mt-4 sm:mt-6">
      <section className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
        <div className="flex items-center gap-4">
          <PersonAvatar person={user} size={76} />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-2xl font-bold">{displayName(user)}</h1>
            <p className="text-sm text-muted-foreground">
              {t('Joined')} {user.createdAt ? timeAgo(user.createdAt) : t('Recently')}
            </p>
            {user.location && (
              <p className="mt-0.5 flex items-center gap-1 text-sm text-muted-foreground">
                <MapPin aria-hidden className="size-3.5" />
                {user.location}
              </p>
            )}
          </div>
        </div>
        {user.bio && <p className="mt-4 text-[15px]">{user.bio}</p>}
        <MemberStanding userId={user.id} />
        <button
          type="button"
          className={buttonClass('outline', 'md', 'mt-4 w-full sm:w-auto')}
          onClick={() => update({ edit: '1' })}
        >
          <UserPen aria-hidden className="size-4" />
          {t('Edit Profile')}
        </button>
      </section>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => update({ tab: value === 'posts' ? null : value })}
        className="mt-4"
      >
        <Tabs.List
          aria-label={t('Your posts')}
          className="sticky top-14 z-30 flex gap-1 rounded-xl border bg-card/95 p-1 backdrop-blur sm:top-16"
        >
          {PROFILE_TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="flex-1 rounded-lg px-3 py-2 text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-primary data-[state=active]:text-primary-foreground"
            >
              {t(tab.label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {PROFILE_TABS.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value} className="mt-4 outline-none">
            <PostList
              queryKey={queryKeys.myList(tab.value === 'posts' ? 'posts' : tab.value)}
              source={{ name: MY_LISTS[tab.value] }}
              empty={t(tab.empty)}
            />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <Suspense fallback={null}>
        {editing && (
          <EditProfileDialog user={user} open onOpenChange={(open) => !open && update({ edit: null })} />
        )}
      </Suspense>
    </div>
  );
}
