import type { Post } from '@waco/contracts';
import { Link } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { timeAgo } from '../../../lib/format';
import { Avatar } from '../../../ui/Avatar';
import { cn } from '../../../ui/cn';
import { displayName, initialOf } from '../../auth/hooks/current-user';
import { VerifiedMark } from '../../profile/components/MemberMarks';
import { neighborhoodLabel } from './PostMeta';

/**
 * A member's avatar opening their profile. Left out of the tab order: their name beside it is the
 * same link.
 */
export function ProfileAvatarLink({
  userId,
  user,
  size,
  className,
}: {
  userId: string;
  user: Post['user'];
  size: number;
  className?: string;
}) {
  return (
    <Link
      to={`/user/${userId}`}
      className={cn('rounded-full', className)}
      aria-label={t("{name}'s profile", { name: displayName(user) })}
      tabIndex={-1}
    >
      <Avatar initial={initialOf(user)} seed={userId} imageUrl={user.profileImageUrl} size={size} />
    </Link>
  );
}

/** The poster's avatar and name (both open /user/{userId}), time ago and neighbourhood. */
export function PostAuthor({ post, size = 40 }: { post: Post; size?: number }) {
  const name = displayName(post.user);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <ProfileAvatarLink userId={post.userId} user={post.user} size={size} />
      <div className="min-w-0">
        <span className="flex min-w-0 items-center gap-1">
          <Link to={`/user/${post.userId}`} className="block truncate text-sm font-semibold hover:underline">
            {name}
          </Link>
          {post.user.isVerified ? <VerifiedMark /> : null}
        </span>
        {/* On a narrow card the neighbourhood moves under the time rather than being cut. */}
        <p className="flex flex-wrap gap-x-1 text-xs text-muted-foreground">
          <time dateTime={post.createdAt} className="max-w-full truncate">
            {timeAgo(post.createdAt)}
            <span aria-hidden> ·</span>
          </time>
          <span className="whitespace-nowrap" data-testid="neighborhood">
            {neighborhoodLabel(post)}
          </span>
        </p>
      </div>
    </div>
  );
}
