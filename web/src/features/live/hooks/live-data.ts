import { type InfiniteData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConversationSummary,
  type Message,
  NOTIFICATIONS_POLL_MS,
  type Notification,
  type NotificationList,
  type UnreadCounts,
} from '@waco/contracts';
import { useEffect } from 'react';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import { groupKeys } from '../../groups/hooks/keys';
import { connectStream, onStreamEvent, onStreamOpen, useStreamConnected } from '../api/stream';

/** A thread in the cache: pages of messages (oldest first), the newest page first. */
export type ThreadData = InfiniteData<Message[], string | null>;

/** Adds a message to a cached thread (once), at the end of its newest page. */
export function addToThread(client: QueryClient, message: Message) {
  client.setQueryData<ThreadData>(queryKeys.thread(message.conversationId), (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.some((m) => m.id === message.id))) return data;
    const [newest = [], ...older] = data.pages;
    return { ...data, pages: [[...newest, message], ...older] };
  });
}

/** Puts a message at the top of the conversation list (the server's order: newest first). */
export function bumpConversation(client: QueryClient, message: Message, me: string) {
  client.setQueryData<ConversationSummary[]>(queryKeys.conversations, (list) => {
    if (!list) return list;
    const current = list.find((c) => c.conversationId === message.conversationId);
    if (!current) return list;
    const incoming = message.senderId !== me;
    const updated: ConversationSummary = {
      ...current,
      lastMessage: message.content,
      lastMessageDate: message.createdAt,
      unreadCount: current.unreadCount + (incoming ? 1 : 0),
    };
    return [updated, ...list.filter((c) => c !== current)];
  });
}

/**
 * The unread counts: the stream's `unread` events while it is up; otherwise (and at first) read
 * from `GET /api/notifications`, every 30 s (spec section 9) while the stream is down.
 */
export function useUnreadCounts(signedIn: boolean): UnreadCounts | undefined {
  const connected = useStreamConnected();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.unread,
    queryFn: async ({ signal }) => {
      const list = await api.call('listNotifications', { query: { limit: 1 }, signal });
      const before = client.getQueryData<UnreadCounts>(queryKeys.unread);
      return { notifications: list.unreadCount, messages: before?.messages ?? 0 };
    },
    enabled: signedIn,
    refetchInterval: connected ? false : NOTIFICATIONS_POLL_MS,
  });
  return signedIn ? query.data : undefined;
}

/** Notifications that say a post changed, so lists holding it are read again. */
const POST_CHANGES = new Set<Notification['type']>([
  'post_closed',
  'price_drop',
  'post_deleted',
  'event_changed',
  // A comment on one's post, a reply to one's comment: its count and its open thread show it now.
  'comment',
  'comment_reply',
  'post_mention',
]);

/** Notifications that say a community event changed for the member, so it is read again. */
const EVENT_CHANGES = new Set<Notification['type']>([
  'community_event_changed',
  'community_event_cancelled',
  'community_event_promoted',
]);

/** Feeds the cache from the one shared stream while a member is signed in. */
export function useLiveUpdates(userId: string | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let opened = false;
    const stops = [
      connectStream(),
      onStreamOpen(() => {
        opened = true;
      }),
      onStreamEvent('unread', (counts) => {
        if (opened) readAgainWhatTheStreamMissed(client, counts);
        opened = false;
        client.setQueryData(queryKeys.unread, counts);
      }),
      onStreamEvent('notification', (notification) => {
        client.setQueryData<NotificationList>(queryKeys.notifications, (list) => {
          if (!list || list.notifications.some((n) => n.id === notification.id)) return list;
          return {
            notifications: [notification, ...list.notifications],
            unreadCount: list.unreadCount + (notification.isRead ? 0 : 1),
          };
        });
        // An offer made, countered, accepted or declined: the open conversation's offers show it now.
        if (notification.type === 'offer' && notification.relatedId)
          void client.invalidateQueries({ queryKey: queryKeys.deal(notification.relatedId) });
        // A post someone follows changed (sold, cheaper, moved, deleted, commented on): lists and
        // the open post (its thread under its key) show it now.
        // A community event the member signed up for changed, was cancelled, or gave them a
        // place from its waitlist: its page and the lists show it now.
        if (EVENT_CHANGES.has(notification.type))
          void client.invalidateQueries({ queryKey: groupKeys.events });
        if (POST_CHANGES.has(notification.type)) {
          void client.invalidateQueries({ queryKey: queryKeys.postLists });
          if (notification.relatedId)
            void client.invalidateQueries({ queryKey: queryKeys.post(notification.relatedId) });
        }
      }),
      onStreamEvent('message', (message) => addIncomingMessage(client, message, userId)),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [client, userId]);
}

/**
 * The stream's first counts after it opens: a list read before then that disagrees with them
 * missed what came between its read and the stream's start (a stream that opens without a
 * `Last-Event-ID` replays nothing), so it is read again.
 */
function readAgainWhatTheStreamMissed(client: QueryClient, counts: UnreadCounts) {
  const notifications = client.getQueryData<NotificationList>(queryKeys.notifications);
  if (notifications && notifications.unreadCount !== counts.notifications)
    void client.invalidateQueries({ queryKey: queryKeys.notifications });
  const conversations = client.getQueryData<ConversationSummary[]>(queryKeys.conversations);
  const unreadMessages = conversations?.reduce((sum, c) => sum + c.unreadCount, 0);
  if (conversations && unreadMessages !== counts.messages)
    void client.invalidateQueries({ queryKey: queryKeys.messages });
}

/**
 * A message sent or received: it joins its thread, and its conversation tops the list (or the
 * list is fetched again when the conversation is new to it).
 */
export function addIncomingMessage(client: QueryClient, message: Message, me: string) {
  addToThread(client, message);
  const known = client
    .getQueryData<ConversationSummary[]>(queryKeys.conversations)
    ?.some((c) => c.conversationId === message.conversationId);
  if (known) bumpConversation(client, message, me);
  else void client.invalidateQueries({ queryKey: queryKeys.conversations });
}
