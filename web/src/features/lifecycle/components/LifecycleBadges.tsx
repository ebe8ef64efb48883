import type { Post } from '@waco/contracts';
import { RotateCcw } from 'lucide-react';
import { t } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/format';
import { buttonClass } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { closeLabel, usePostLifecycle } from '../hooks/lifecycle';

const badge = 'inline-flex h-6 items-center rounded-full px-2.5 text-xs font-semibold';

/**
 * What a post's lifecycle shows on it: "Pending" while an accepted offer holds a sale, "Sold" /
 * "Filled" / "Cancelled" once closed, "Expired"
 * (with Renew for its owner), and "Edited" once its owner changed it.
 */
export function LifecycleBadges({ post, className }: { post: Post; className?: string }) {
  // Most posts show no badge: they subscribe to nothing (a card's hooks cost its hydration).
  const pending = post.state === 'active' && post.pending === true;
  if (post.state === 'active' && !post.editedAt && !pending) return null;
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      {pending && (
        <span
          className={cn(badge, 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100')}
          data-testid="pending-badge"
        >
          {t('Pending')}
        </span>
      )}
      {post.state === 'closed' && (
        <span
          className={cn(badge, 'bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900')}
          data-testid="closed-badge"
        >
          {closeLabel(post)}
        </span>
      )}
      {post.state === 'expired' && (
        <span
          className={cn(badge, 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100')}
          data-testid="expired-badge"
        >
          {t('Expired')}
        </span>
      )}
      {post.state === 'expired' && <RenewButton post={post} />}
      {post.editedAt && (
        <span
          className="text-xs text-muted-foreground"
          data-testid="edited-mark"
          title={t('Edited {date}', { date: formatDateTime(post.editedAt) })}
        >
          {t('Edited')}
        </span>
      )}
    </div>
  );
}

/** Renew, on an expired post, for its owner only. */
function RenewButton({ post }: { post: Post }) {
  const { user } = useCurrentUser();
  const lifecycle = usePostLifecycle(post);
  if (user?.id !== post.userId) return null;
  return (
    <button
      type="button"
      className={buttonClass('outline', 'sm', 'h-7 rounded-full px-3 text-xs')}
      disabled={lifecycle.isPending}
      onClick={() => lifecycle.mutate('renew')}
    >
      <RotateCcw aria-hidden className="size-3.5" /> {t('Renew')}
    </button>
  );
}
