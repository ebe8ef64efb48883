import { useQuery } from '@tanstack/react-query';
import { POPULAR_TAGS } from '@waco/contracts';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/keys';

/** How long the Popular Tags are taken as they are: they move over days, not seconds. */
const POPULAR_TAGS_FRESH_MS = 5 * 60_000;

/**
 * The search modal's Popular Tags (`#name`): the most used of the last 30 days, asked when the
 * modal opens; the spec's six until the answer comes (or if it does not).
 */
export function usePopularTags(open: boolean): readonly string[] {
  const query = useQuery({
    queryKey: queryKeys.popularHashtags,
    queryFn: ({ signal }) => api.call('listPopularHashtags', { signal }),
    enabled: open,
    staleTime: POPULAR_TAGS_FRESH_MS,
  });
  return query.data ? query.data.tags.map((tag) => `#${tag.name}`) : POPULAR_TAGS;
}
