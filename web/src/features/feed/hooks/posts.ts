import { type InfiniteData, type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  FEED_CACHE_MS,
  FEED_PAGE_SIZE,
  POST_STATUS_CACHE_MS,
  type Post,
  type PostPage,
  type PostStatus,
} from '@waco/contracts';
import { useEffect } from 'react';
import { api } from '../../../api/client';
import { apiRequest, HttpError } from '../../../api/http';
import { type FeedFilters, queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { toast } from '../../../ui/toast-store';

/**
 * The address index.html preloads: the unfiltered first page, fetched while the code loads. Only
 * the first feed view uses it (`bootFeedQuery`); every later request is written differently
 * (`offset` first), so that none of them is ever answered with that early, maybe stale, response.
 */
export const BOOT_FEED_PATH = api.url('listPosts', { query: { limit: FEED_PAGE_SIZE, offset: 0 } });

/** The query string of one feed page: the API's cursor once it gave one, offset 0 before. */
export function feedPath(filters: FeedFilters, cursor: string | null): string {
  return api.url('listPosts', {
    query: {
      ...(cursor ? { cursor } : { offset: 0 }),
      limit: FEED_PAGE_SIZE,
      category: filters.category,
      search: filters.search,
      neighborhood: filters.neighborhood,
      following: filters.following ? 'true' : undefined,
      minPrice: filters.minPrice,
      maxPrice: filters.maxPrice,
      free: filters.free ? 'true' : undefined,
      sort: filters.sort,
    },
  });
}

export const feedQuery = (filters: FeedFilters) => ({
  queryKey: queryKeys.feed(filters),
  queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
    apiRequest<PostPage>(feedPath(filters, pageParam), { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last: PostPage) => last.nextCursor ?? undefined,
  staleTime: FEED_CACHE_MS,
  refetchOnWindowFocus: false,
});

/** The first feed view without filters: the same query, answered by the preloaded response. */
export const bootFeedQuery = () => ({
  ...feedQuery({}),
  queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
    apiRequest<PostPage>(pageParam ? feedPath({}, pageParam) : BOOT_FEED_PATH, { signal }),
});

/** The feed, 15 a page, paged by the API's cursor; cached 5 min, not refetched on focus. */
export function useFeed(filters: FeedFilters) {
  return useInfiniteQuery(feedQuery(filters));
}

export const postsOf = (data: InfiniteData<PostPage> | undefined): Post[] =>
  data?.pages.flatMap((page) => page.posts) ?? [];

/** One post, from a list already loaded when there is one. */
export function usePost(id: string | null, client: QueryClient) {
  return useQuery({
    queryKey: queryKeys.post(id ?? ''),
    queryFn: ({ signal }) => api.call('getPost', { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
    initialData: () => (id ? findListedPost(client, id) : undefined),
    // A post found in a list is shown at once and refreshed behind it.
    initialDataUpdatedAt: 0,
    staleTime: FEED_CACHE_MS,
  });
}

function findListedPost(client: QueryClient, id: string): Post | undefined {
  for (const [, data] of client.getQueriesData<InfiniteData<PostPage>>({ queryKey: queryKeys.postLists })) {
    const post = data?.pages?.flatMap((p) => p.posts).find((p) => p.id === id);
    if (post) return post;
  }
  return undefined;
}

async function fetchStatus(id: string, signal: AbortSignal): Promise<PostStatus> {
  try {
    return await api.call('getPostStatus', { params: { id }, signal });
  } catch (error) {
    if (error instanceof HttpError)
      throw new Error(t('Failed to fetch post status: {status}', { status: error.status }));
    throw error;
  }
}

/**
 * The signed-in user's like/save status of a post: cached 5 min, not retried. In the feed the
 * bulk query fills it (`own: false`); a post shown alone asks for it itself.
 */
export function usePostStatus(id: string, signedIn: boolean, own = true) {
  const query = useQuery({
    queryKey: queryKeys.postStatus(id),
    queryFn: ({ signal }) => fetchStatus(id, signal),
    enabled: signedIn && own && Boolean(id),
    staleTime: POST_STATUS_CACHE_MS,
    retry: false,
  });
  // The spec's "Failed to fetch post status: {status}" is said, not only kept in the cache.
  const failure = own ? query.error : null;
  useEffect(() => {
    if (failure) toast({ title: t('Error'), description: failure.message, variant: 'destructive' });
  }, [failure]);
  return query;
}

/** One bulk call for every post of the feed; each answer is written to that post's status. */
export function useBulkStatus(ids: string[], signedIn: boolean, client: QueryClient) {
  const query = useQuery({
    queryKey: queryKeys.bulkStatus(ids),
    queryFn: ({ signal }) => api.call('getPostStatuses', { body: { ids }, signal }),
    enabled: signedIn && ids.length > 0,
    staleTime: POST_STATUS_CACHE_MS,
    retry: false,
  });
  useEffect(() => {
    if (!query.data) return;
    for (const [id, status] of Object.entries(query.data)) {
      // Never overwrite a newer answer (a like made since) with this older one.
      const known = client.getQueryState(queryKeys.postStatus(id));
      if (known && known.dataUpdatedAt >= query.dataUpdatedAt) continue;
      client.setQueryData(queryKeys.postStatus(id), status, { updatedAt: query.dataUpdatedAt });
    }
  }, [query.data, query.dataUpdatedAt, client]);
  return query;
}
