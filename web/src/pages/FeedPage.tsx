import { CATEGORY_CHIPS, COMPACT_FILTER_BAR_SCROLL_PX, type Post } from '@waco/contracts';
import { X } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from '../app/router';
import { useCurrentUser } from '../features/auth/hooks/current-user';
import { useSignInPrompt } from '../features/auth/hooks/sign-in-prompt';
import { CategoryChips } from '../features/feed/components/CategoryChips';
import { FeedList } from '../features/feed/components/FeedList';
import { ModeSwitch } from '../features/feed/components/ModeSwitch';
import { hasPriceFilters, useFeedFilters } from '../features/feed/filters';
import { describePriceFilters, SaveSearchButton } from '../features/lifecycle/components/SavedSearches';
import { type ImageView, PostOverlays } from '../features/post/components/PostOverlays';
import { t } from '../i18n/i18n';
import { PROTECTED_ACTIONS } from '../lib/action-wording';
import { placeName } from '../lib/format';
import { metaPresets, usePageMeta } from '../lib/page-meta';
import { cn } from '../ui/cn';
import { PAGE_WIDTH } from '../ui/layout';
import { PageSpinner } from '../ui/PageSpinner';

const CreatePostForm = lazy(() => import('../features/create/components/CreatePostForm'));

/** Shows the compact chip bar once the page has scrolled more than 100 px. */
function useScrolledPast(px: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const check = () => setPast(window.scrollY > px);
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [px]);
  return past;
}

/**
 * The feed (`/`, `/home`): browse with chips and infinite scroll, or create a post (`?mode=post`).
 * A post's own address, `/post/{id}`, is the feed with that post open.
 */
export default function FeedPage() {
  const [params, setParams] = useSearchParams();
  const { filters, selectCategory, clear } = useFeedFilters();
  const { isSignedIn, isLoading } = useCurrentUser();
  const prompt = useSignInPrompt();
  const compact = useScrolledPast(COMPACT_FILTER_BAR_SCROLL_PX);
  const [viewer, setViewer] = useState<ImageView | null>(null);
  const mode = params.get('mode') === 'post' ? 'post' : 'browse';
  const { postId: linkedPostId } = useParams();
  const navigate = useNavigate();
  const openPostId = params.get('post') ?? linkedPostId ?? null;
  // A page opened on a post (a shared link) shows that post over the whole screen: the list
  // behind it is asked for and rendered only once the post is closed, not while the post loads.
  const [listShown, setListShown] = useState(() => openPostId === null);
  useEffect(() => {
    if (openPostId === null) setListShown(true);
  }, [openPostId]);

  usePageMeta(
    filters.search
      ? metaPresets.search(filters.search)
      : filters.category
        ? metaPresets.category(CATEGORY_CHIPS[filters.category])
        : metaPresets.home(),
  );

  const setMode = useCallback(
    (next: 'browse' | 'post') => {
      if (next === 'post' && !isSignedIn) {
        prompt(PROTECTED_ACTIONS.createPost);
        return;
      }
      setParams(next === 'post' ? { mode: 'post' } : {});
      window.scrollTo({ top: 0 });
    },
    [isSignedIn, prompt, setParams],
  );

  // A guest who follows a link to /?mode=post gets the prompt and the feed.
  useEffect(() => {
    if (mode === 'post' && !isLoading && !isSignedIn) {
      prompt(PROTECTED_ACTIONS.createPost);
      setParams({}, { replace: true });
    }
  }, [mode, isLoading, isSignedIn, prompt, setParams]);

  const openPost = useCallback(
    (post: Post) => {
      const next = new URLSearchParams(params);
      next.set('post', post.id);
      setParams(next);
    },
    [params, setParams],
  );
  const viewImage = useCallback((post: Post, index: number) => setViewer({ post, index }), []);
  const closePost = useCallback(() => {
    const next = new URLSearchParams(params);
    next.delete('post');
    // A post opened at its own address closes to the feed.
    if (linkedPostId) navigate({ pathname: '/', search: next.toString() });
    else setParams(next);
  }, [params, setParams, linkedPostId, navigate]);

  return (
    <div className="pt-3">
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
          <div className="mt-3">
            <CategoryChips selected={filters.category ?? null} onSelect={selectCategory} />
          </div>
          <div
            aria-hidden={!compact}
            inert={!compact}
            className={cn(
              'fixed inset-x-0 top-14 z-30 border-b bg-card/95 backdrop-blur-md transition-all duration-200 sm:top-16',
              compact ? 'translate-y-0 opacity-100' : 'pointer-events-none -translate-y-2 opacity-0',
            )}
            data-testid="compact-chips"
          >
            <div className={PAGE_WIDTH}>
              <CategoryChips selected={filters.category ?? null} onSelect={selectCategory} compact />
            </div>
          </div>
          {(filters.search || filters.neighborhood || hasPriceFilters(filters)) && (
            <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-xl bg-primary-soft px-4 py-2.5 text-sm text-primary-soft-foreground">
              <p className="min-w-[10rem] flex-1 truncate">
                {filters.search ? (
                  <>
                    {t('Results for')} <strong>"{filters.search}"</strong>
                  </>
                ) : filters.neighborhood ? (
                  <>
                    {t('Posts in')} <strong>{placeName(filters.neighborhood ?? '')}</strong>
                  </>
                ) : (
                  <strong>{describePriceFilters(filters)}</strong>
                )}
              </p>
              <div className="ml-auto flex items-center gap-1">
                {isSignedIn && <SaveSearchButton filters={filters} />}
                <button
                  type="button"
                  onClick={clear}
                  className="inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 font-semibold hover:bg-black/5 dark:hover:bg-white/10"
                >
                  <X aria-hidden className="size-4" />
                  {t('Clear')}
                </button>
              </div>
            </div>
          )}
          <h1 className="sr-only">
            {filters.search
              ? t('Search: {query}', { query: filters.search })
              : filters.category
                ? CATEGORY_CHIPS[filters.category]
                : t('Latest posts')}
          </h1>
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
      <PostOverlays
        postId={openPostId}
        onClosePost={closePost}
        viewer={viewer}
        onCloseViewer={() => setViewer(null)}
      />
    </div>
  );
}
