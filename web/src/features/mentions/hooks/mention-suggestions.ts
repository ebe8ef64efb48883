import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import { useCurrentUser } from '../../auth/hooks/current-user';

/** How long a prefix's suggestions are taken as they are (typing back and forth asks once). */
const SUGGESTIONS_FRESH_MS = 30_000;

/** Neighbours to mention whose name starts with `prefix` (none for a guest or no prefix). */
export function useMentionSuggestions(prefix: string | null) {
  const { isSignedIn } = useCurrentUser();
  const q = prefix?.trim() ?? '';
  const query = useQuery({
    queryKey: queryKeys.mentionSuggestions(q.toLowerCase()),
    queryFn: ({ signal }) => api.call('suggestMentions', { query: { q }, signal }),
    enabled: isSignedIn && q !== '',
    staleTime: SUGGESTIONS_FRESH_MS,
    // The previous prefix's people stay listed while the next one's are asked.
    placeholderData: keepPreviousData,
  });
  return q === '' ? [] : (query.data?.users ?? []);
}
