import { CATEGORY_CHIPS, type Post } from '@waco/contracts';
import { Suspense, useCallback, useState } from 'react';
import { useCurrentUser } from '../features/auth/hooks/current-user';
import { FeedChips, FeedHeading, FilterSummary } from '../features/feed/components/FeedHeadings';
import { FeedList } from '../features/feed/components/FeedList';
import { ModeSwitch } from '../features/feed/components/ModeSwitch';
import { useFeedFilters } from '../features/feed/filters';
import { useFeedMode, useOpenPost } from '../features/feed/hooks/feed-page';
import { type ImageView, PostOverlays } from '../features/post/components/PostOverlays';
import { metaPresets, usePageMeta } from '../lib/page-meta';
import { cn } from '../ui/cn';
import { lazyPart } from '../ui/lazy-part';
import { useMediaQuery, WIDE_QUERY } from '../ui/media-query';
import { PageSpinner } from '../ui/PageSpinner';

const CreatePostForm = lazyPart(
  'CreatePostForm',
  () => import('../features/create/components/CreatePostForm'),
);
// Only on wide screens: a phone never loads it.
const FilterPanel = lazyPart('FilterPanel', () => import('../features/feed/components/FilterPanel'));

/**
 * The feed (`/`, `/home`): browse with chips and infinite scroll, or create a post (`?mode=post`).
 * A post's own address, `/post/{id}`, is the feed with that post open.
 */
export default function FeedPage() {
  const { filters, selectCategory, clear } = useFeedFilters();
  const { isSignedIn } = useCurrentUser();
  const { mode, setMode } = useFeedMode();
  const { openPostId, listShown, openPost, closePost } = useOpenPost();
  const [viewer, setViewer] = useState<ImageView | null>(null);
  const viewImage = useCallback((post: Post, index: number) => setViewer({ post, index }), []);
  // From 1280 px the filters sit in a panel on the left of the feed, in place of the chips. CSS
  // lays the page out for it (xl:), so the server's HTML lands laid out for the screen; the
  // panel's own code loads only where it shows.
  const browse = mode === 'browse';
  const wide = useMediaQuery(WIDE_QUERY);

  usePageMeta(
    filters.search
      ? metaPresets.search(filters.search)
      : filters.category
        ? metaPresets.category(CATEGORY_CHIPS[filters.category])
        : metaPresets.home(),
  );

  return (
    <div
      className={cn('pt-3', browse && 'xl:grid xl:grid-cols-[14rem_minmax(0,1fr)] xl:items-start xl:gap-6')}
    >
      {browse && (
        <div className="hidden self-stretch xl:block">
          {wide && (
            <Suspense fallback={null}>
              <FilterPanel />
            </Suspense>
          )}
        </div>
      )}
      <div className="min-w-0">
        <ModeSwitch mode={mode} onChange={setMode} />
        {mode === 'post' ? (
          isSignedIn ? (
            <div className="mx-auto max-w-2xl">
              <Suspense fallback={<PageSpinner />}>
                <CreatePostForm onDone={() => setMode('browse')} />
              </Suspense>
            </div>
          ) : (
            <PageSpinner />
          )
        ) : (
          <>
            <div className="xl:hidden">
              <FeedChips selected={filters.category ?? null} onSelect={selectCategory} />
            </div>
            <FilterSummary filters={filters} canSave={isSignedIn} onClear={clear} />
            <FeedHeading filters={filters} />
            <div className="mt-4">
              {listShown && (
                <FeedList
                  filters={filters}
                  onOpen={openPost}
                  onViewImage={viewImage}
                  onCreate={() => setMode('post')}
                  onClearFilters={clear}
                />
              )}
            </div>
          </>
        )}
      </div>
      <PostOverlays
        postId={openPostId}
        onClosePost={closePost}
        viewer={viewer}
        onCloseViewer={() => setViewer(null)}
      />
    </div>
  );
}
