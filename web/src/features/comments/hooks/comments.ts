import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { Comment, CommentPage, MentionRequest, Post } from '@waco/contracts';
import { useEffect, useState } from 'react';
import { api } from '../../../api/client';
import { isUnauthorized, messageOf } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { PROTECTED_ACTIONS } from '../../../lib/action-wording';
import { haptic } from '../../../lib/haptics';
import { toast } from '../../../ui/toast-store';
import { useSignInPrompt } from '../../auth/hooks/sign-in-prompt';
import { followThread } from '../api/thread-stream';

/** How often an open thread is asked again while its live stream is down (the fallback). */
const THREAD_REFRESH_MS = 30_000;

/** A post's thread: under the post's own key, so that whatever refreshes the post refreshes it too. */
export const commentsKey = (postId: string) => [...queryKeys.post(postId), 'comments'] as const;

/**
 * A post's thread, a page of top-level comments (with their replies) at a time, oldest first.
 * While it is shown, the post's live thread (`useLiveThread`) says when to read it again, for
 * every viewer, guests included; while that stream is down, every 30 s while in view. Also when
 * the page comes back into view, and after one's own writing.
 */
export function useComments(postId: string, live: boolean) {
  return useInfiniteQuery({
    queryKey: commentsKey(postId),
    queryFn: ({ pageParam, signal }) =>
      api.call('listComments', { params: { id: postId }, query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CommentPage) => last.nextCursor ?? undefined,
    refetchOnWindowFocus: true,
    refetchInterval: live ? false : THREAD_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/**
 * Follows the post's live thread while it is shown (one stream per post, however many views):
 * a change reads the post and its thread again. Answers whether the stream is up.
 */
export function useLiveThread(postId: string): boolean {
  const client = useQueryClient();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    // The thread's count once read; before that (the stream can answer first), the post's own.
    const known = () =>
      client.getQueryData<InfiniteData<CommentPage>>(commentsKey(postId))?.pages[0]?.total ??
      client.getQueryData<Post>(queryKeys.post(postId))?.commentsCount;
    const stop = followThread(
      postId,
      {
        changed: () => void client.invalidateQueries({ queryKey: queryKeys.post(postId) }),
        status: setConnected,
      },
      known,
    );
    return () => {
      stop();
      setConnected(false);
    };
  }, [client, postId]);
  return connected;
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
