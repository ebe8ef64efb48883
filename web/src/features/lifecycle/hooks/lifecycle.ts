import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CLOSE_REASON_LABELS,
  CLOSE_REASON_OF,
  type CloseReason,
  type Post,
  type SavedSearchRequest,
  type UpdatePostRequest,
} from '@waco/contracts';
import { api } from '../../../api/client';
import { HttpError, messageOf } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { toast } from '../../../ui/toast-store';

/** A refusal's toast: the server's own sentence ("This post has expired; renew it first"), else ours. */
const failed = (fallback: string) => (error: unknown) =>
  toast({
    title: t('Something went wrong'),
    description: error instanceof HttpError && error.serverMessage ? messageOf(error) : fallback,
    variant: 'destructive',
  });

/** The one word a post closes with: Sold, Filled, Cancelled. */
export const closeLabel = (post: Pick<Post, 'category'>) =>
  t(CLOSE_REASON_LABELS[CLOSE_REASON_OF[post.category]]);

type Action = 'close' | 'reopen' | 'renew' | 'delete';

const DONE: Record<Action, (post: Post) => { title: string; description?: string }> = {
  close: (post) => ({
    title: t('Marked as {reason}', { reason: closeLabel(post).toLowerCase() }),
    description: t('Neighbours who saved it will hear.'),
  }),
  // A pending sale put back up is "available" again; a closed post is reopened.
  reopen: (post) =>
    post.pending
      ? { title: t('Back to available'), description: t('The accepted offer no longer holds it.') }
      : { title: t('Post reopened'), description: t('It is back in the feed.') },
  renew: () => ({ title: t('Post renewed'), description: t('It stays in the feed for another 30 days.') }),
  delete: () => ({ title: t('Post deleted') }),
};

/** The owner's actions on their post: close (sold, filled, cancelled), reopen, renew, delete. */
export function usePostLifecycle(post: Post, onDeleted?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: Action) => {
      const params = { id: post.id };
      if (action === 'close')
        return api.call('closePost', {
          params,
          body: { reason: CLOSE_REASON_OF[post.category] as CloseReason },
        });
      if (action === 'reopen') return api.call('reopenPost', { params });
      if (action === 'renew') return api.call('renewPost', { params });
      await api.call('deletePost', { params });
      return null;
    },
    onSuccess: (updated, action) => {
      toast({ ...DONE[action](post), variant: 'success' });
      if (updated) client.setQueryData(queryKeys.post(post.id), updated);
      else {
        client.removeQueries({ queryKey: queryKeys.post(post.id), exact: true });
        onDeleted?.();
      }
      void client.invalidateQueries({ queryKey: queryKeys.postLists });
    },
    onError: failed(t('Please try again.')),
  });
}

/** Saves the owner's changes to a post (the edit form); answers the post as it now is. */
export function useUpdatePost(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePostRequest) => api.call('updatePost', { params: { id: postId }, body }),
    onSuccess: (post) => {
      client.setQueryData(queryKeys.post(postId), post);
      void client.invalidateQueries({ queryKey: queryKeys.postLists });
      toast({ title: t('Post updated'), variant: 'success' });
    },
  });
}

const SAVED_SEARCHES = ['saved-searches'] as const;

/** The signed-in user's saved searches. */
export function useSavedSearches(enabled: boolean) {
  return useQuery({
    queryKey: SAVED_SEARCHES,
    queryFn: ({ signal }) => api.call('listSavedSearches', { signal }),
    enabled,
  });
}

/** Saves a search: new matching posts notify the user. */
export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedSearchRequest) => api.call('createSavedSearch', { body }),
    onSuccess: () => {
      toast({
        title: t('Search saved'),
        description: t("We'll let you know when a new post matches."),
        variant: 'success',
      });
      void client.invalidateQueries({ queryKey: SAVED_SEARCHES });
    },
    onError: failed(t('Could not save this search.')),
  });
}

export function useRemoveSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('deleteSavedSearch', { params: { id } }),
    onSuccess: () => {
      toast({ title: t('Saved search removed') });
      void client.invalidateQueries({ queryKey: SAVED_SEARCHES });
    },
    onError: failed(t('Could not remove this search.')),
  });
}
