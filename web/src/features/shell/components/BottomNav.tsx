import type { UnreadCounts } from '@waco/contracts';
import { Bell, Home, MessageCircle, Plus, User } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link, useLocation, useNavigate } from '../../../app/router';
import { msg, t } from '../../../i18n/i18n';
import { PROTECTED_ACTIONS } from '../../../lib/action-wording';
import { haptic } from '../../../lib/haptics';
import { cn } from '../../../ui/cn';
import { useAnyModalOpen } from '../../../ui/modal-state';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { useSignInPrompt } from '../../auth/hooks/sign-in-prompt';

interface Tab {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  /** The sign-in prompt's action when a guest taps it. */
  action?: string;
  /** Which unread count its badge shows. */
  badge?: keyof UnreadCounts;
}

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

const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

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
  const location = useLocation();
  if (modalOpen && !top) return null;

  const isHome = location.pathname === '/' || location.pathname === '/home';
  const posting = isHome && new URLSearchParams(location.search).get('mode') === 'post';
  const active = (to: string) => (to === '/' ? isHome && !posting : location.pathname.startsWith(to));

  const renderTab = (tab: Tab) => {
    const Icon = tab.icon;
    const on = active(tab.to);
    const className = cn(
      top
        ? 'flex h-10 items-center gap-2 rounded-full px-3.5 text-sm font-semibold transition-colors hover:bg-muted'
        : 'flex min-w-14 flex-col items-center gap-0.5 rounded-xl px-2 py-1.5 text-[11px] font-medium transition-colors',
      on ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
      top && on && 'bg-primary-soft text-primary-soft-foreground hover:bg-primary-soft',
    );
    const count = tab.badge && unread ? unread[tab.badge] : 0;
    const content = (
      <>
        <span className="relative">
          <Icon aria-hidden className={cn(top ? 'size-5' : 'size-6', on && 'fill-primary/15')} />
          {count > 0 && (
            <span
              data-testid={`${tab.badge}-badge`}
              className="absolute -top-1.5 -right-2.5 grid h-[18px] min-w-[18px] place-items-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white ring-2 ring-card"
            >
              {badgeText(count)}
            </span>
          )}
        </span>
        {t(tab.label)}
        {count > 0 && (
          <span className="sr-only">
            , {count} {t('unread')}
          </span>
        )}
      </>
    );
    if (tab.action && !isSignedIn) {
      const action = tab.action;
      return (
        <button key={tab.to} type="button" className={className} onClick={() => prompt(action)}>
          {content}
        </button>
      );
    }
    return (
      <Link
        key={tab.to}
        to={tab.to}
        className={className}
        aria-current={on ? 'page' : undefined}
        onClick={() => haptic('tap', 'subtle')}
      >
        {content}
      </Link>
    );
  };

  const post = () => (isSignedIn ? navigate('/?mode=post') : prompt(PROTECTED_ACTIONS.createPost));
  if (top) {
    // From 1024 px the links sit in the header: nothing floats over the cards or the form.
    return (
      <nav aria-label={t('Main')} className="mx-auto hidden items-center gap-1 lg:flex" data-testid="top-nav">
        {LEFT.map(renderTab)}
        <button
          type="button"
          onClick={post}
          className={cn(
            'mx-1 inline-flex h-10 items-center gap-1.5 rounded-full bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover',
            posting && 'ring-2 ring-primary/30 ring-offset-2 ring-offset-card',
          )}
        >
          <Plus aria-hidden className="size-5" strokeWidth={2.5} />
          {t('Post')}
        </button>
        {RIGHT.map(renderTab)}
      </nav>
    );
  }

  return (
    <nav
      aria-label={t('Main')}
      className="pb-safe fixed inset-x-0 bottom-0 z-40 border-t bg-card/90 backdrop-blur-md sm:inset-x-auto sm:bottom-4 sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:rounded-2xl sm:border sm:shadow-xl lg:hidden"
    >
      <div className="mx-auto flex h-16 max-w-md items-center justify-around px-2">
        {LEFT.map(renderTab)}
        <button
          type="button"
          aria-label={t('Post')}
          onClick={post}
          className={cn(
            '-mt-7 grid size-14 place-items-center rounded-full bg-primary text-primary-foreground shadow-lg shadow-primary/30 ring-4 ring-card transition-transform hover:scale-105 active:scale-95',
            posting && 'ring-primary/30',
          )}
        >
          <Plus aria-hidden className="size-7" strokeWidth={2.5} />
        </button>
        {RIGHT.map(renderTab)}
      </div>
    </nav>
  );
}
