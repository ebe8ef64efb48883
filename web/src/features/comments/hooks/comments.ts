import { type QueryClient, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentPage, MentionRequest } from '@waco/contracts';
import { api } from '../../../api/client';
import { isUnauthorized, messageOf } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { PROTECTED_ACTIONS } from '../../../lib/action-wording';
import { haptic } from '../../../lib/haptics';
import { toast } from '../../../ui/toast-store';
import { useSignInPrompt } from '../../auth/hooks/sign-in-prompt';

/**
 * How often an open thread is asked again, for viewers no notification tells (neither the post's
 * author nor a member replied to): the live stream is per member, not per post.
 */
const THREAD_REFRESH_MS = 30_000;

/** A post's thread: under the post's own key, so that whatever refreshes the post refreshes it too. */
export const commentsKey = (postId: string) => [...queryKeys.post(postId), 'comments'] as const;

/**
 * A post's thread, a page of top-level comments (with their replies) at a time, oldest first.
 * New comments reach an open post through the live stream (its author and the members replied to
 * are notified, and a notification refreshes its post), for everyone else every 30 s while it is
 * open and in view, when the page comes back into view, and after one's own writing.
 */
export function useComments(postId: string) {
  return useInfiniteQuery({
    queryKey: commentsKey(postId),
    queryFn: ({ pageParam, signal }) =>
      api.call('listComments', { params: { id: postId }, query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CommentPage) => last.nextCursor ?? undefined,
    refetchOnWindowFocus: true,
    refetchInterval: THREAD_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/** The thread's comments in order, over every page loaded. */
export const commentsOf = (pages: CommentPage[] | undefined): Comment[] =>
  pages?.flatMap((p) => p.comments) ?? [];

/** After any change: the thread, the post (its count) and the lists (their cards' counts). */
function refresh(client: QueryClient, postId: string) {
  void client.invalidateQueries({ queryKey: queryKeys.post(postId) });
  void client.invalidateQueries({ queryKey: queryKeys.postLists });
}

/** What a failed change tells: a guest gets the join prompt, anyone else the server's reason. */
function useFailure() {
  const prompt = useSignInPrompt();
  return (error: unknown, fallback: string) => {
    if (isUnauthorized(error)) {
      prompt(PROTECTED_ACTIONS.comment);
      return;
    }
    haptic('error', 'subtle');
    toast({ title: fallback, description: messageOf(error), variant: 'destructive' });
  };
}

/** A change to the thread: once done, the thread and the counts refresh; on failure, `failure` says so. */
function useThreadChange<Input, Answer>(
  postId: string,
  change: (input: Input) => Promise<Answer>,
  failure: string,
) {
  const client = useQueryClient();
  const fail = useFailure();
  return useMutation({
    mutationFn: change,
    onSuccess: () => refresh(client, postId),
    onError: (error) => fail(error, failure),
  });
}

/** Writes a comment, or a reply (`parentId`). */
export const useAddComment = (postId: string) =>
  useThreadChange(
    postId,
    (input: { content: string; parentId?: string | null; mentions?: MentionRequest[] }) =>
      api.call('createComment', { params: { id: postId }, body: input }),
    t('Could not post your comment'),
  );

/** Edits one's own comment. */
export const useEditComment = (postId: string) =>
  useThreadChange(
    postId,
    (input: { id: string; content: string; mentions?: MentionRequest[] }) =>
      api.call('updateComment', {
        params: { id: input.id },
        body: { content: input.content, mentions: input.mentions },
      }),
    t('Could not save your comment'),
  );

/** Deletes one's own comment. */
export const useDeleteComment = (postId: string) =>
  useThreadChange(
    postId,
    (id: string) => api.call('deleteComment', { params: { id } }),
    t('Could not delete your comment'),
  );

/** Likes or unlikes a comment; the thread shows the server's count once it answers. */
export function useLikeComment(postId: string) {
  const client = useQueryClient();
  const fail = useFailure();
  return useMutation({
    mutationFn: (id: string) => api.call('likeComment', { params: { id } }),
    onMutate: () => haptic('like', 'subtle'),
    onSuccess: (answer, id) => {
      client.setQueryData<{ pages: CommentPage[]; pageParams: unknown[] }>(commentsKey(postId), (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => ({
                ...page,
                comments: page.comments.map((c) =>
                  c.id === id ? { ...c, isLiked: answer.liked, likesCount: answer.likesCount } : c,
                ),
              })),
            }
          : old,
      );
    },
    onError: (error) => fail(error, t('Failed to toggle like')),
  });
}
