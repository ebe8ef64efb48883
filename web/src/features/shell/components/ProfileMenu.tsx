import { useQuery } from '@tanstack/react-query';
import {
  Ban,
  Bell,
  Bookmark,
  CalendarDays,
  FileText,
  Gauge,
  LogOut,
  Settings,
  ShieldCheck,
  Store,
  UserPen,
  Users,
} from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { api, MY_LISTS } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import { useNavigate } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { LanguageSwitch } from '../../../i18n/LanguageSwitch';
import { buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/Dialog';
import { useSaveMemberLanguage } from '../../account/hooks/member-language';
import { PersonAvatar } from '../../auth/components/PersonAvatar';
import { displayName, useCurrentUser } from '../../auth/hooks/current-user';
import { BlockedPeopleDialog } from '../../moderation/components/BlockedPeopleDialog';
import { useStanding } from '../../moderation/hooks/moderation';
import { PushToggle } from '../../push/components/PushToggle';

/** How many of a list there are, "50+" past one page of 50. */
function useListCount(kind: 'posts' | 'saved' | 'liked', enabled: boolean) {
  const query = useQuery({
    queryKey: [...queryKeys.myList(kind), 'count'],
    queryFn: ({ signal }) => api.call(MY_LISTS[kind], { query: { limit: 50 }, signal }),
    enabled,
  });
  if (!query.data) return '–';
  return query.data.nextCursor ? '50+' : String(query.data.posts.length);
}

/** The profile menu modal (spec section 2): who you are, your counts, and where to go. */
export default function ProfileMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { user } = useCurrentUser();
  const saveLanguage = useSaveMemberLanguage();
  const navigate = useNavigate();
  const [blockedOpen, setBlockedOpen] = useState(false);
  const standing = useStanding().data;
  const isModerator = standing?.isModerator ?? false;
  const isAdmin = standing?.isAdmin ?? false;
  const counts = {
    Posts: useListCount('posts', open && Boolean(user)),
    Saved: useListCount('saved', open && Boolean(user)),
    Liked: useListCount('liked', open && Boolean(user)),
  };
  if (!user) return null;
  const close = () => onOpenChange(false);
  const go = (to: string) => () => {
    close();
    navigate(to);
  };
  const items: { label: string; icon: ComponentType<{ className?: string }>; onSelect(): void }[] = [
    {
      label: t('Edit Profile'),
      icon: UserPen,
      onSelect: () => {
        close();
        navigate('/profile?edit=1');
      },
    },
    { label: t('My Posts'), icon: FileText, onSelect: go('/profile') },
    { label: t('Saved Posts'), icon: Bookmark, onSelect: go('/profile?tab=saved') },
    { label: t('Notifications'), icon: Bell, onSelect: go('/notifications') },
    { label: t('Groups'), icon: Users, onSelect: go('/groups') },
    { label: t('Events'), icon: CalendarDays, onSelect: go('/events') },
    { label: t('Local businesses'), icon: Store, onSelect: go('/businesses') },
    { label: t('Blocked people'), icon: Ban, onSelect: () => setBlockedOpen(true) },
    ...(isModerator ? [{ label: t('Moderation'), icon: ShieldCheck, onSelect: go('/moderation') }] : []),
    ...(isAdmin ? [{ label: t('Operator console'), icon: Gauge, onSelect: go('/admin') }] : []),
    { label: t('Settings'), icon: Settings, onSelect: go('/settings') },
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('Profile menu')} hideTitle>
      <div className="flex flex-col items-center text-center">
        <PersonAvatar person={user} size={72} />
        <p className="mt-3 text-lg font-bold">{displayName(user)}</p>
        <p className="text-sm text-muted-foreground">{user.bio || user.email}</p>
      </div>
      <div className="mt-5 grid grid-cols-3 gap-2 text-center">
        {Object.entries(counts).map(([label, count]) => (
          <div key={label} className="rounded-xl bg-muted px-2 py-3">
            <p className="text-lg font-bold">{count}</p>
            <p className="text-xs text-muted-foreground">{t(label)}</p>
          </div>
        ))}
      </div>
      <ul className="mt-4 grid gap-1">
        {items.map(({ label, icon: Icon, onSelect }) => (
          <li key={label}>
            <button
              type="button"
              onClick={onSelect}
              className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-medium hover:bg-muted"
            >
              <Icon className="size-5 text-muted-foreground" />
              {label}
            </button>
          </li>
        ))}
        <li>
          <PushToggle />
        </li>
        <li>
          <LanguageSwitch className="mx-3 my-1" onChoose={saveLanguage} />
        </li>
        <li>
          <a
            href={api.url('logOut')}
            className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
          >
            <LogOut className="size-5" />
            {t('Sign Out')}
          </a>
        </li>
      </ul>
      <button type="button" className={buttonClass('outline', 'md', 'mt-4 w-full')} onClick={close}>
        {t('Close')}
      </button>
      <BlockedPeopleDialog open={blockedOpen} onOpenChange={setBlockedOpen} />
    </Dialog>
  );
}
