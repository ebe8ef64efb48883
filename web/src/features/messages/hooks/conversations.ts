import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationSummary, Message, PublicUser, UnreadCounts } from '@waco/contracts';
import { useEffect, useMemo } from 'react';
import { api } from '../../../api/client';
import { messageOf } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { haptic } from '../../../lib/haptics';
import { toast } from '../../../ui/toast-store';
import { addIncomingMessage, type ThreadData } from '../../live/hooks/live-data';

const THREAD_PAGE = 50;

/** The other side of a conversation: from the list's summary, else from their public profile. */
export type Person = Pick<PublicUser, 'firstName' | 'lastName' | 'profileImageUrl'> & { id: string };

/** The signed-in user's conversations. */
export function useConversations() {
  return useQuery({
    queryKey: queryKeys.conversations,
    // Without a conversation, the answer is the list of conversations.
    queryFn: async ({ signal }) => (await api.call('listMessages', { signal })) as ConversationSummary[],
  });
}
export type ConversationsQuery = ReturnType<typeof useConversations>;

/** Who the conversation is with: the summary when the list knows it, else their profile. */
export function useOtherPerson(
  otherId: string | null,
  summary: ConversationSummary | undefined,
): Person | null {
  const profile = useQuery({
    queryKey: queryKeys.publicUser(otherId ?? ''),
    queryFn: ({ signal }) => api.call('getUser', { params: { id: otherId ?? '' }, signal }),
    enabled: Boolean(otherId) && !summary,
  });
  if (summary) return { id: summary.otherUserId, ...summary.otherUser };
  return profile.data ?? null;
}

/** A thread's messages, oldest first, paged backwards 50 at a time. */
export function useThread(conversationId: string, enabled: boolean) {
  const thread = useInfiniteQuery({
    queryKey: queryKeys.thread(conversationId),
    // With a conversation, the answer is a page of its messages.
    queryFn: async ({ pageParam, signal }) =>
      (await api.call('listMessages', {
        query: { conversationId, limit: THREAD_PAGE, before: pageParam ?? undefined },
        signal,
      })) as Message[],
    initialPageParam: null as string | null,
    getNextPageParam: (last: Message[]) =>
      last.length >= THREAD_PAGE ? (last[0]?.id ?? undefined) : undefined,
    enabled,
    staleTime: 0,
  });
  const messages = useMemo(() => [...(thread.data?.pages ?? [])].reverse().flat(), [thread.data]);
  return { thread, messages };
}
export type ThreadQuery = ReturnType<typeof useThread>['thread'];

/**
 * Reading a thread marks it read: when it opens, and whenever a message comes in while it is
 * open. The thread, the list and the unread count are updated in the cache.
 */
export function useMarkReadWhileOpen(
  conversationId: string,
  me: string,
  { unread, loaded }: { unread: boolean; loaded: boolean },
) {
  const client = useQueryClient();
  const { mutate, isPending } = useMutation({
    mutationFn: () => api.call('markConversationRead', { body: { conversationId } }),
    onSuccess: ({ unreadCount }) => {
      client.setQueryData<ThreadData>(queryKeys.thread(conversationId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) =>
                page.map((m) => (m.senderId !== me ? { ...m, isRead: true } : m)),
              ),
            }
          : data,
      );
      client.setQueryData<ConversationSummary[]>(queryKeys.conversations, (list) =>
        list?.map((c) => (c.conversationId === conversationId ? { ...c, unreadCount: 0 } : c)),
      );
      client.setQueryData<UnreadCounts>(queryKeys.unread, (counts) =>
        counts ? { ...counts, messages: unreadCount } : counts,
      );
    },
  });
  useEffect(() => {
    if (unread && !isPending && loaded) mutate();
  }, [unread, isPending, mutate, loaded]);
}

/**
 * Sends a message to `recipientId` (about `postId`, when the thread was opened from a post); it
 * joins the open thread and tops the list.
 */
export function useSendMessage(recipientId: string | null, me: string, postId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ content, imagePaths }: { content: string; imagePaths?: string[] }) =>
      api.call('sendMessage', { body: { recipientId: recipientId ?? '', content, postId, imagePaths } }),
    onSuccess: (message) => {
      haptic('tap');
      addIncomingMessage(client, message, me);
      // A conversation now about another post: the list (and header) show it.
      const summary = client
        .getQueryData<ConversationSummary[]>(queryKeys.conversations)
        ?.find((c) => c.conversationId === message.conversationId);
      if (postId && summary && summary.post?.id !== postId)
        void client.invalidateQueries({ queryKey: queryKeys.conversations });
    },
    onError: (error) => {
      haptic('error');
      toast({
        title: t('Error'),
        description: t('Failed to send message: {message}', { message: messageOf(error) }),
        variant: 'destructive',
      });
    },
  });
}
