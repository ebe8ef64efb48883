import type { Post } from '@waco/contracts';
import { type MouseEvent, memo, Suspense } from 'react';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { lazyPart } from '../../../ui/lazy-part';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { LifecycleBadges } from '../../lifecycle/components/LifecycleBadges';
import { HiddenNotice } from '../../moderation/components/HiddenNotice';
import { MentionedText } from './MentionedText';
import { PostActions } from './PostActions';
import { PostAuthor } from './PostAuthor';
import { CategoryBadge, CategoryTile, PostFacts } from './PostMeta';
import { PostPhotos } from './PostPhotos';

// Only on one's own posts, and its menu and dialogs weigh more than the card: loaded when needed.
const OwnerMenu = lazyPart('OwnerMenu', () =>
  import('../../lifecycle/components/OwnerMenu').then((m) => ({ default: m.OwnerMenu })),
);

interface PostCardProps {
  post: Post;
  onOpen(post: Post): void;
  onViewImage(post: Post, index: number): void;
  priority?: boolean;
}

/**
 * A post in the feed. The card opens the post, except clicks on its buttons, links and photos.
 * Memoised: a list that grows a card at a time (useProgressiveList) re-renders only the new one.
 */
export const PostCard = memo(function PostCard({ post, onOpen, onViewImage, priority }: PostCardProps) {
  const { user } = useCurrentUser();
  const onClick = (e: MouseEvent<HTMLElement>) => {
    // React passes clicks in portals (the owner's menu, its dialogs) up to the card: not its own.
    if (!e.currentTarget.contains(e.target as Node)) return;
    if ((e.target as HTMLElement).closest('button, a, [data-carousel]')) return;
    onOpen(post);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the View More button is the keyboard way in
    <article
      onClick={onClick}
      className="flex cursor-pointer flex-col overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md"
      data-post-id={post.id}
      aria-labelledby={`post-title-${post.id}`}
    >
      <div className="flex items-start justify-between gap-3 p-4 pb-3">
        <PostAuthor post={post} />
        <div className="flex shrink-0 items-center gap-1">
          <CategoryBadge category={post.category} className="mt-1 whitespace-nowrap" />
          {user?.id === post.userId && (
            <Suspense fallback={null}>
              <OwnerMenu post={post} />
            </Suspense>
          )}
        </div>
      </div>
      {/* From 1280 px the photo comes first, every card's of one shape (4:3), so cards tile. */}
      {post.imagePaths.length > 0 ? (
        <div className="xl:order-first xl:aspect-[4/3]">
          <PostPhotos
            post={post}
            size="card"
            height="var(--card-photo-height, 256px)"
            priority={priority}
            onTap={(index) => onViewImage(post, index)}
          />
        </div>
      ) : (
        <div className="hidden xl:order-first xl:grid xl:aspect-[4/3]">
          <CategoryTile category={post.category} />
        </div>
      )}
      <div className="grid gap-2 p-4 pb-2">
        <HiddenNotice post={post} />
        <h2 id={`post-title-${post.id}`} className="text-lg leading-snug font-bold tracking-tight">
          {post.title}
        </h2>
        <LifecycleBadges post={post} />
        <PostFacts post={post} />
        <p className="line-clamp-2 text-sm text-muted-foreground">
          <MentionedText text={post.description} mentions={post.mentions} />
        </p>
      </div>
      {/* A narrow card (the desktop's grid beside the filters) puts View More on a line of its own. */}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 px-2 pt-1 pb-3 sm:px-3">
        <PostActions post={post} />
        <button
          type="button"
          onClick={() => onOpen(post)}
          className={buttonClass('secondary', 'sm', 'mr-2 ml-auto rounded-full px-4 xl:mr-0 xl:px-3')}
        >
          {t('View More')}
        </button>
      </div>
    </article>
  );
});
