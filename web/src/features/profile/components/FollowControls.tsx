import type { PublicUser } from '@waco/contracts';
import { Bell, BellRing, UserCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { Avatar } from '../../../ui/Avatar';
import { buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/Dialog';
import { LoadMoreButton } from '../../../ui/LoadMoreButton';
import { displayName, initialOf, useCurrentUser } from '../../auth/hooks/current-user';
import { useFollowList, useFollowStatus, useToggleFollow } from '../hooks/follows';

/**
 * Follow or Following (which unfollows) on a neighbour's profile, and, following, a bell that
 * switches alerts when they post (per follow, off at first). A guest sees Follow, which opens the
 * sign-in prompt; one's own profile has none.
 */
export function FollowButton({ user }: { user: PublicUser }) {
  const { user: me, isSignedIn } = useCurrentUser();
  const own = me?.id === user.id;
  const status = useFollowStatus(user.id, isSignedIn && !own);
  const toggle = useToggleFollow(user.id);
  if (own) return null;
  const following = status.data?.following ?? false;
  const alerts = status.data?.alerts ?? false;
  const busy = toggle.isPending || (isSignedIn && status.isPending);
  return (
    <div className="mt-4 flex items-center justify-center gap-2">
      <button
        type="button"
        aria-pressed={following}
        disabled={busy}
        onClick={() => toggle.mutate({ follow: !following })}
        className={buttonClass(following ? 'outline' : 'primary', 'md', 'min-w-32')}
      >
        {following ? (
          <UserCheck aria-hidden className="size-4" />
        ) : (
          <UserPlus aria-hidden className="size-4" />
        )}
        {following ? t('Following') : t('Follow')}
      </button>
      {following && (
        <button
          type="button"
          aria-pressed={alerts}
          aria-label={t('Alert me when they post')}
          title={t('Alert me when they post')}
          disabled={busy}
          onClick={() => toggle.mutate({ follow: true, alerts: !alerts })}
          className={buttonClass(alerts ? 'primary' : 'outline', 'icon', 'size-11')}
        >
          {alerts ? <BellRing aria-hidden className="size-4" /> : <Bell aria-hidden className="size-4" />}
        </button>
      )}
    </div>
  );
}

type Side = 'followers' | 'following';

/** "12 followers · 3 following", each opening its list. */
export function FollowCounts({ user }: { user: PublicUser }) {
  const [open, setOpen] = useState<Side | null>(null);
  const count = (side: Side, n: number) => (
    <button
      type="button"
      className="rounded-lg px-2 py-1 hover:bg-muted"
      onClick={() => setOpen(side)}
      data-testid={`${side}-count`}
    >
      {side === 'followers'
        ? t('{count, plural, one {# follower} other {# followers}}', { count: n })
        : t('{count} following', { count: n })}
    </button>
  );
  return (
    <div className="mt-2 flex items-center justify-center gap-1 text-sm font-semibold">
      {count('followers', user.followersCount)}
      <span aria-hidden className="text-muted-foreground">
        ·
      </span>
      {count('following', user.followingCount)}
      <FollowListDialog user={user} side={open} onClose={() => setOpen(null)} />
    </div>
  );
}

function FollowListDialog({ user, side, onClose }: { user: PublicUser; side: Side | null; onClose(): void }) {
  const list = useFollowList(user.id, side ?? 'followers', side !== null);
  const people = list.data?.pages.flatMap((page) => page.users) ?? [];
  const title =
    side === 'following'
      ? t('People {name} follows', { name: displayName(user) })
      : t('Followers of {name}', { name: displayName(user) });
  return (
    <Dialog open={side !== null} onOpenChange={(open) => !open && onClose()} title={title}>
      {list.isPending ? (
        <p className="py-4 text-center text-sm text-muted-foreground">{t('Loading…')}</p>
      ) : people.length ? (
        <ul className="grid max-h-[60dvh] gap-1 overflow-y-auto">
          {people.map((person) => (
            <li key={person.id}>
              <Link
                to={`/user/${person.id}`}
                onClick={onClose}
                className="flex items-center gap-3 rounded-xl p-2 hover:bg-muted"
              >
                <Avatar
                  initial={initialOf(person)}
                  seed={person.id}
                  imageUrl={person.profileImageUrl}
                  size={36}
                />
                <span className="font-medium">{displayName(person)}</span>
              </Link>
            </li>
          ))}
          {list.hasNextPage && (
            <li className="pt-2 text-center">
              <LoadMoreButton query={list} size="sm" />
            </li>
          )}
        </ul>
      ) : (
        <p className="py-4 text-center text-sm text-muted-foreground">
          {side === 'following' ? t('Not following anyone yet.') : t('No followers yet.')}
        </p>
      )}
    </Dialog>
  );
}
