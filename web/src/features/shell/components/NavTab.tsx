import type { UnreadCounts } from '@waco/contracts';
import type { ComponentType } from 'react';
import { Link } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { haptic } from '../../../lib/haptics';
import { cn } from '../../../ui/cn';

export interface Tab {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  /** The sign-in prompt's action when a guest taps it. */
  action?: string;
  /** Which unread count its badge shows. */
  badge?: keyof UnreadCounts;
}

const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** A tab's icon with its unread badge, its label, and the count for screen readers. */
function TabContent({ tab, on, top, count }: { tab: Tab; on: boolean; top: boolean; count: number }) {
  const Icon = tab.icon;
  return (
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
}

/**
 * One tab of the navigation: a link, or for a guest on a members' tab a button that opens the
 * sign-in prompt. `top` is the desktop header's look.
 */
export function NavTab({
  tab,
  on,
  top,
  count,
  onPrompt,
}: {
  tab: Tab;
  on: boolean;
  top: boolean;
  count: number;
  /** Given when a guest taps it: the prompt for its action. */
  onPrompt?(action: string): void;
}) {
  const className = cn(
    top
      ? 'flex h-10 items-center gap-2 rounded-full px-3.5 text-sm font-semibold transition-colors hover:bg-muted'
      : 'flex min-w-14 flex-col items-center gap-0.5 rounded-xl px-2 py-1.5 text-[11px] font-medium transition-colors',
    on ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
    top && on && 'bg-primary-soft text-primary-soft-foreground hover:bg-primary-soft',
  );
  const content = <TabContent tab={tab} on={on} top={top} count={count} />;
  const action = tab.action;
  if (action && onPrompt) {
    return (
      <button type="button" className={className} onClick={() => onPrompt(action)}>
        {content}
      </button>
    );
  }
  return (
    <Link
      to={tab.to}
      className={className}
      aria-current={on ? 'page' : undefined}
      onClick={() => haptic('tap', 'subtle')}
    >
      {content}
    </Link>
  );
}
