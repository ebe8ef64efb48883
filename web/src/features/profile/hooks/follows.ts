import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { FOLLOWS_PAGE_SIZE_MAX, type FollowList, type FollowStatus, type PublicUser } from '@waco/contracts';
import { api } from '../../../api/client';
import { isUnauthorized, messageOf } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { msg, t } from '../../../i18n/i18n';
import { toast } from '../../../ui/toast-store';
import { useSignInPrompt } from '../../auth/hooks/sign-in-prompt';

/** The sign-in prompt's action for a guest who tries to follow (spec section 6's wording). */
export const FOLLOW_ACTION = msg('follow this neighbour');

/** Whether the signed-in viewer follows the member (asked only when signed in, not of oneself). */
export function useFollowStatus(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.followStatus(userId),
    queryFn: ({ signal }) => api.call('getFollowStatus', { params: { id: userId }, signal }),
    enabled,
  });
}

/** The member's counts on their profile, as the follow's answer gives them (exact, after it). */
function keepCounts(client: QueryClient, status: FollowStatus) {
  client.setQueryData<PublicUser>(queryKeys.publicUser(status.userId), (old) =>
    old ? { ...old, followersCount: status.followersCount, followingCount: status.followingCount } : old,
  );
}

/**
 * Follow or unfollow, or switch a follow's alerts (a notification when they post). A guest (401) gets the sign-in prompt; a refusal
 * (a block, a suspension) its message. Afterwards the lists of follows and the post lists (the
 * Following feed) are fetched again.
 */
export function useToggleFollow(userId: string) {
  const client = useQueryClient();
  const prompt = useSignInPrompt();
  return useMutation({
    // Follow (with the alerts switch, when it is what changes) or unfollow.
    mutationFn: (change: { follow: boolean; alerts?: boolean }) =>
      change.follow
        ? api.call('followUser', { params: { id: userId }, body: { alerts: change.alerts } })
        : api.call('unfollowUser', { params: { id: userId } }),
    onSuccess: (status) => {
      client.setQueryData(queryKeys.followStatus(userId), status);
      keepCounts(client, status);
      void client.invalidateQueries({ queryKey: queryKeys.follows });
      void client.invalidateQueries({ queryKey: queryKeys.postLists });
      void client.invalidateQueries({ queryKey: queryKeys.user });
    },
    onError: (error) => {
      if (isUnauthorized(error)) {
        prompt(FOLLOW_ACTION);
        return;
      }
      toast({ title: t('Error'), description: messageOf(error), variant: 'destructive' });
    },
  });
}

/** A member's followers, or those they follow: fifty at a time, the next fifty on asking. */
export function useFollowList(userId: string, side: 'followers' | 'following', enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.followList(userId, side),
    queryFn: ({ pageParam, signal }) =>
      api.call(side === 'followers' ? 'listFollowers' : 'listFollowing', {
        params: { id: userId },
        query: { limit: FOLLOWS_PAGE_SIZE_MAX, offset: pageParam },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last: FollowList, pages: FollowList[]) => {
      const shown = pages.reduce((n, page) => n + page.users.length, 0);
      return last.users.length > 0 && shown < last.total ? shown : undefined;
    },
    enabled,
  });
}
