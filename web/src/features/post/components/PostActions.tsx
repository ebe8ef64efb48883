import type { Post } from '@waco/contracts';
import { Bookmark, Heart, MessageCircle, Share2 } from 'lucide-react';
import { t } from '../../../i18n/i18n';
import { cn } from '../../../ui/cn';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { usePostStatus } from '../../feed/hooks/posts';
import { sharePost, useToggleReaction } from '../hooks/reactions';

const actionButton =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1.5 rounded-full px-2.5 text-sm font-semibold transition-colors hover:bg-muted active:scale-95';

/** Like (with its count), the comments' count, save and share. `ownStatus`: ask for the status here (not filled by the feed). */
export function PostActions({ post, ownStatus = false }: { post: Post; ownStatus?: boolean }) {
  const { isSignedIn } = useCurrentUser();
  const status = usePostStatus(post.id, isSignedIn, ownStatus).data;
  const like = useToggleReaction('like', post.id);
  const save = useToggleReaction('save', post.id);
  const liked = isSignedIn && Boolean(status?.isLiked);
  const saved = isSignedIn && Boolean(status?.isSaved);
  return (
    <div className="flex items-center gap-0.5">
      <button
        type="button"
        aria-label={t('Like, {count, plural, one {# like} other {# likes}}', { count: post.likesCount })}
        aria-pressed={liked}
        onClick={() => like.mutate()}
        className={cn(actionButton, liked ? 'text-rose-600 dark:text-rose-400' : 'text-muted-foreground')}
      >
        <Heart aria-hidden className={cn('size-5 transition-transform', liked && 'scale-110 fill-current')} />
        <span className="tabular-nums">{post.likesCount}</span>
      </button>
      <span
        className={cn(actionButton, 'text-muted-foreground hover:bg-transparent active:scale-100')}
        role="img"
        aria-label={t('{count, plural, one {# comment} other {# comments}}', { count: post.commentsCount })}
        data-testid="comments-count"
      >
        <MessageCircle aria-hidden className="size-5" />
        <span className="tabular-nums">{post.commentsCount}</span>
      </span>
      <button
        type="button"
        aria-label={t('Save')}
        aria-pressed={saved}
        onClick={() => save.mutate()}
        className={cn(actionButton, saved ? 'text-amber-600 dark:text-amber-400' : 'text-muted-foreground')}
      >
        <Bookmark aria-hidden className={cn('size-5', saved && 'fill-current')} />
      </button>
      <button
        type="button"
        aria-label={t('Share')}
        onClick={() => void sharePost(post)}
        className={cn(actionButton, 'text-muted-foreground')}
      >
        <Share2 aria-hidden className="size-5" />
      </button>
    </div>
  );
}
