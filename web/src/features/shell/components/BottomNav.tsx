import type { UnreadCounts } from '@waco/contracts';
import { Bell, Home, MessageCircle, Plus, User } from 'lucide-react';
import { useNavigate } from '../../../app/router';
import { msg, t } from '../../../i18n/i18n';
import { PROTECTED_ACTIONS } from '../../../lib/action-wording';
import { cn } from '../../../ui/cn';
import { useAnyModalOpen } from '../../../ui/modal-state';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { useSignInPrompt } from '../../auth/hooks/sign-in-prompt';
import { useNavLocation } from '../hooks/nav-location';
import { NavTab, type Tab } from './NavTab';

const LEFT: Tab[] = [
  { to: '/', label: msg('Home'), icon: Home },
  {
    to: '/messages',
    label: msg('Messages'),
    icon: MessageCircle,
    action: PROTECTED_ACTIONS.messages,
    badge: 'messages',
  },
];
const RIGHT: Tab[] = [
  {
    to: '/notifications',
    label: msg('Notifications'),
    icon: Bell,
    action: PROTECTED_ACTIONS.notifications,
    badge: 'notifications',
  },
  { to: '/profile', label: msg('Profile'), icon: User, action: PROTECTED_ACTIONS.profile },
];

/** The round Post button of the phone's bar, or the labelled one of the desktop header. */
function PostButton({ top, posting, onPost }: { top: boolean; posting: boolean; onPost(): void }) {
  if (top)
    return (
      <button
        type="button"
        onClick={onPost}
        className={cn(
          'mx-1 inline-flex h-10 items-center gap-1.5 rounded-full bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover',
          posting && 'ring-2 ring-primary/30 ring-offset-2 ring-offset-card',
        )}
      >
        <Plus aria-hidden className="size-5" strokeWidth={2.5} />
        {t('Post')}
      </button>
    );
  return (
    <button
      type="button"
      aria-label={t('Post')}
      onClick={onPost}
      className={cn(
        '-mt-7 grid size-14 place-items-center rounded-full bg-primary text-primary-foreground shadow-lg shadow-primary/30 ring-4 ring-card transition-transform hover:scale-105 active:scale-95',
        posting && 'ring-primary/30',
      )}
    >
      <Plus aria-hidden className="size-7" strokeWidth={2.5} />
    </button>
  );
}

/**
 * Home, Messages, the round Post button, Notifications, Profile, with the unread counts on
 * Messages and Notifications. Hidden while a modal is open.
 */
export function BottomNav({
  unread,
  placement = 'bottom',
}: {
  unread?: UnreadCounts;
  /** "bottom": the phone's bar (up to 1024 px); "top": the same links in the desktop header. */
  placement?: 'bottom' | 'top';
}) {
  const modalOpen = useAnyModalOpen();
  const top = placement === 'top';
  const { isSignedIn } = useCurrentUser();
  const prompt = useSignInPrompt();
  const navigate = useNavigate();
  const { posting, active } = useNavLocation();
  if (modalOpen && !top) return null;

  const tabs = (list: Tab[]) =>
    list.map((tab) => (
      <NavTab
        key={tab.to}
        tab={tab}
        on={active(tab.to)}
        top={top}
        count={tab.badge && unread ? unread[tab.badge] : 0}
        onPrompt={isSignedIn ? undefined : prompt}
      />
    ));
  const post = () => (isSignedIn ? navigate('/?mode=post') : prompt(PROTECTED_ACTIONS.createPost));
  const links = (
    <>
      {tabs(LEFT)}
      <PostButton top={top} posting={posting} onPost={post} />
      {tabs(RIGHT)}
    </>
  );

  if (top) {
    // From 1024 px the links sit in the header: nothing floats over the cards or the form.
    return (
      <nav aria-label={t('Main')} className="mx-auto hidden items-center gap-1 lg:flex" data-testid="top-nav">
        {links}
      </nav>
    );
  }
  return (
    <nav
      aria-label={t('Main')}
      className="pb-safe fixed inset-x-0 bottom-0 z-40 border-t bg-card/90 backdrop-blur-md sm:inset-x-auto sm:bottom-4 sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:rounded-2xl sm:border sm:shadow-xl lg:hidden"
    >
      <div className="mx-auto flex h-16 max-w-md items-center justify-around px-2">{links}</div>
    </nav>
  );
}
