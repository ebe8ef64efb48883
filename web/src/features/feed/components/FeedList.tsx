import { useQueryClient } from '@tanstack/react-query';
import { FEED_NEXT_PAGE_DISTANCE_PX, type Post } from '@waco/contracts';
import { PartyPopper, Plus, SearchX, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { HttpError, messageOf } from '../../../api/http';
import type { FeedFilters } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { afterPaint } from '../../../ui/after-paint';
import { buttonClass } from '../../../ui/button';
import { IconCircle } from '../../../ui/IconCircle';
import { CARD_GRID } from '../../../ui/layout';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { PostCard } from '../../post/components/PostCard';
import { isFiltering } from '../filters';
import { postsOf, useBulkStatus, useFeed } from '../hooks/posts';
import { useNearViewport, useProgressiveList } from '../hooks/progressive-list';
import { LoadingAnimation } from './LoadingAnimation';

/** The status of one page's posts, in one bulk call. */
function PageStatus({ ids }: { ids: string[] }) {
  const { isSignedIn } = useCurrentUser();
  useBulkStatus(ids, isSignedIn, useQueryClient());
  return null;
}

const FIRST_CARDS = 3;
/** Cards are added while the list's end is within one viewport's height below the screen. */
const RENDER_AHEAD = '0px 0px 100% 0px';

/** Whether the page's bottom is within `distance` px of the viewport's. */
export const nearBottom = (distance = FEED_NEXT_PAGE_DISTANCE_PX) =>
  document.documentElement.scrollHeight - (window.scrollY + window.innerHeight) <= distance;

interface FeedListProps {
  filters: FeedFilters;
  onOpen(post: Post): void;
  onViewImage(post: Post, index: number): void;
  onCreate(): void;
  onClearFilters(): void;
}

/** The feed: 15 a page, the next page when within 500 px of the bottom, then "You've reached the end!". */
export function FeedList({ filters, onOpen, onViewImage, onCreate, onClearFilters }: FeedListProps) {
  const feed = useFeed(filters);
  const posts = useMemo(() => postsOf(feed.data), [feed.data]);
  // The first cards render at once, the rest one per task (a card costs tens of milliseconds on a
  // phone with a 4x slower CPU: a page of cards at once would block its main thread), and only
  // as the list's end comes near the screen: cards far below it cost nothing until scrolled to.
  const [endNear, endRef] = useNearViewport(RENDER_AHEAD);
  const shown = useProgressiveList(posts, FIRST_CARDS, 1, endNear);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetching } = feed;

  const settled = shown === posts; // every card is in the page
  useEffect(() => {
    if (!hasNextPage || !settled) return;
    const check = () => {
      if (!isFetchingNextPage && nearBottom()) void fetchNextPage();
    };
    const cancel = afterPaint(check);
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      cancel();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, settled]);

  if (feed.isPending) return <LoadingAnimation />;

  if (feed.isError && posts.length === 0) {
    return (
      <div className="mt-6 rounded-2xl border bg-card p-8 text-center" role="alert">
        <TriangleAlert aria-hidden className="mx-auto size-8 text-amber-500" />
        <p className="mt-3 font-semibold">{t('Failed to fetch posts')}</p>
        {/* Why, when the server said it (busy, after the reads asked again: api/http.ts). */}
        {feed.error instanceof HttpError && feed.error.serverMessage && (
          <p className="mt-1 text-sm text-muted-foreground">{messageOf(feed.error)}</p>
        )}
        <button
          type="button"
          className={buttonClass('outline', 'sm', 'mt-4')}
          onClick={() => void feed.refetch()}
        >
          {t('Try again')}
        </button>
      </div>
    );
  }

  if (posts.length === 0) {
    const filtering = isFiltering(filters);
    return (
      <div className="mt-6 rounded-2xl border border-dashed bg-card p-10 text-center">
        <IconCircle icon={SearchX} />
        <p className="mt-4 text-lg font-bold">{t('No posts found')}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          {filtering
            ? t('Try adjusting your search or filters')
            : t('Be the first to share something with your community!')}
        </p>
        {filtering ? (
          <button type="button" className={buttonClass('outline', 'md', 'mt-5')} onClick={onClearFilters}>
            {t('Show all posts')}
          </button>
        ) : (
          <button type="button" className={buttonClass('primary', 'md', 'mt-5')} onClick={onCreate}>
            <Plus aria-hidden className="size-5" />
            {t('Create Post')}
          </button>
        )}
      </div>
    );
  }

  return (
    <>
      <div aria-busy={isFetching} className={CARD_GRID} data-testid="feed-grid">
        {feed.data?.pages.map((page) => (
          <PageStatus key={page.posts[0]?.id ?? 'empty'} ids={page.posts.map((p) => p.id)} />
        ))}
        {shown.map((post, i) => (
          <PostCard key={post.id} post={post} onOpen={onOpen} onViewImage={onViewImage} priority={i === 0} />
        ))}
        {isFetchingNextPage && (
          <div className="col-span-full">
            <LoadingAnimation label={t('Loading more posts')} />
          </div>
        )}
        {feed.isFetchNextPageError && (
          <div className="col-span-full py-6 text-center text-sm" role="alert">
            <p className="font-semibold">{t('Failed to fetch posts')}</p>
            <button
              type="button"
              className={buttonClass('outline', 'sm', 'mt-3')}
              onClick={() => void fetchNextPage()}
            >
              {t('Try again')}
            </button>
          </div>
        )}
        {!hasNextPage && settled && (
          <p className="col-span-full flex items-center justify-center gap-2 py-8 text-sm font-medium text-muted-foreground">
            <PartyPopper aria-hidden className="size-5" />
            {t("You've reached the end!")}
          </p>
        )}
      </div>
      <div ref={endRef} aria-hidden />
    </>
  );
}
