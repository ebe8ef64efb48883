import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { FEED_CACHE_MS, FEED_PAGE_SIZE, type PostPage } from '@waco/contracts';
import { FileText } from 'lucide-react';
import { useMemo, useState } from 'react';
import { api, type MY_LISTS } from '../../../api/client';
import { t } from '../../../i18n/i18n';
import { LoadMoreButton } from '../../../ui/LoadMoreButton';
import { CARD_GRID } from '../../../ui/layout';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { postsOf, useBulkStatus } from '../../feed/hooks/posts';
import { PostCard } from '../../post/components/PostCard';
import { type ImageView, PostOverlays } from '../../post/components/PostOverlays';

/** As the feed's; the gateway asks a profile's first page so too (its boot data, profilePostsPath). */
const PAGE = FEED_PAGE_SIZE;

/** Where a list's pages come from: one of the signed-in user's lists, a user's posts, a tag's, a group's. */
export type PostListSource =
  | { name: (typeof MY_LISTS)[keyof typeof MY_LISTS] }
  | { name: 'listUserPosts'; userId: string }
  | { name: 'listHashtagPosts'; tag: string }
  | { name: 'listPosts'; groupId: string };

/** A user's list of posts (theirs, liked or saved), paged by the API's cursor, with the post modal. */
export function PostList({
  queryKey,
  source,
  empty,
}: {
  queryKey: readonly unknown[];
  source: PostListSource;
  empty: string;
}) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      const query = { limit: PAGE, cursor: pageParam ?? undefined };
      if (source.name === 'listUserPosts')
        return api.call('listUserPosts', { params: { id: source.userId }, query, signal });
      if (source.name === 'listHashtagPosts')
        return api.call('listHashtagPosts', { params: { name: source.tag }, query, signal });
      if (source.name === 'listPosts')
        return api.call('listPosts', { query: { ...query, groupId: source.groupId }, signal });
      return api.call(source.name, { query, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: PostPage) => last.nextCursor ?? undefined,
    // One's own lists are asked anew on each visit; a member's, a tag's and a group's posts are
    // kept as the feed is, so those the server rendered a page with (boot-data.ts) are not asked
    // again on hydrating.
    staleTime:
      source.name === 'listUserPosts' || source.name === 'listHashtagPosts' || source.name === 'listPosts'
        ? FEED_CACHE_MS
        : 0,
  });
  const posts = useMemo(() => postsOf(query.data), [query.data]);
  const { isSignedIn } = useCurrentUser();
  const ids = useMemo(() => posts.map((p) => p.id), [posts]);
  useBulkStatus(ids, isSignedIn, useQueryClient());
  const [openId, setOpenId] = useState<string | null>(null);
  const [viewer, setViewer] = useState<ImageView | null>(null);

  if (query.isPending)
    return (
      <ul aria-label={t('Loading posts')} className="grid gap-3">
        {[0, 1].map((i) => (
          <li key={i} className="h-48 animate-pulse rounded-2xl border bg-card" />
        ))}
      </ul>
    );
  if (query.isError)
    return (
      <p className="rounded-2xl border bg-card p-6 text-center text-sm text-muted-foreground">
        {t('Failed to fetch posts')}
      </p>
    );
  return (
    <>
      {posts.length === 0 ? (
        <div className="rounded-2xl border bg-card p-8 text-center text-sm text-muted-foreground">
          <FileText aria-hidden className="mx-auto mb-2 size-8 opacity-60" />
          {empty}
        </div>
      ) : (
        <div className={CARD_GRID}>
          {posts.map((post, i) => (
            <PostCard
              key={post.id}
              post={post}
              // The first card's photo is the largest thing on the first screen: asked for first.
              priority={i === 0}
              onOpen={(p) => setOpenId(p.id)}
              onViewImage={(p, index) => setViewer({ post: p, index })}
            />
          ))}
        </div>
      )}
      {query.hasNextPage && (
        <div className="mt-4 text-center">
          <LoadMoreButton query={query} />
        </div>
      )}
      <PostOverlays
        postId={openId}
        onClosePost={() => setOpenId(null)}
        viewer={viewer}
        onCloseViewer={() => setViewer(null)}
      />
    </>
  );
}
