import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationSummary, Message, PublicUser, UnreadCounts } from '@waco/contracts';
import { ArrowLeft, MessageCircle, Search } from 'lucide-react';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../api/client';
import { HttpError, messageOf } from '../api/http';
import { queryKeys } from '../api/keys';
import { displayName, initialOf, useCurrentUser } from '../features/auth/hooks/current-user';
import { addToThread, bumpConversation, type ThreadData } from '../features/live/hooks/live-data';
import { Composer } from '../features/messages/components/Composer';
import { timeAgo } from '../lib/format';
import { haptic } from '../lib/haptics';
import { usePageMeta } from '../lib/page-meta';
import { Avatar } from '../ui/Avatar';
import { cn } from '../ui/cn';
import { toast } from '../ui/toast-store';

const THREAD_PAGE = 50;

/** The other participant of a conversation id ("{a}_{b}"), or null when it is not one. */
function otherParticipant(conversationId: string, me: string): string | null {
  const parts = conversationId.toLowerCase().split('_');
  if (parts.length !== 2 || !parts.includes(me.toLowerCase())) return null;
  return parts[0] === me.toLowerCase() ? (parts[1] ?? null) : (parts[0] ?? null);
}

const shortTime = (iso: string) => {
  const date = new Date(iso);
  const sameDay = date.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(
    'en-US',
    sameDay ? { hour: 'numeric', minute: '2-digit' } : { month: 'short', day: 'numeric' },
  ).format(date);
};

type Person = Pick<PublicUser, 'firstName' | 'lastName' | 'profileImageUrl'> & { id: string };

function useConversations() {
  return useQuery({
    queryKey: queryKeys.conversations,
    // Without a conversation, the answer is the list of conversations.
    queryFn: async ({ signal }) => (await api.call('listMessages', { signal })) as ConversationSummary[],
  });
}

/** `/messages` (`?conversation={id}` opens a thread): the list and the thread, side by side when wide. */
export default function MessagesPage() {
  usePageMeta({ title: 'Messages', description: 'Your conversations with neighbours.' });
  const [params, setParams] = useSearchParams();
  const selected = params.get('conversation');
  const conversations = useConversations();
  const open = (id: string | null) => setParams(id ? { conversation: id } : {});

  return (
    <div className="relative left-1/2 mt-2 w-[calc(100vw-1.5rem)] max-w-5xl -translate-x-1/2 sm:mt-4 sm:w-[calc(100vw-2rem)]">
      <h1 className="sr-only">Messages</h1>
      <div className="flex h-[calc(100dvh-9.75rem)] overflow-hidden rounded-2xl border bg-card shadow-sm sm:h-[calc(100dvh-12rem)]">
        <section
          aria-label="Conversations"
          className={cn('w-full flex-col border-r md:flex md:w-80 md:shrink-0', selected ? 'hidden' : 'flex')}
        >
          <ConversationList
            query={conversations}
            selected={selected}
            onOpen={(id) => {
              haptic('tap', 'subtle');
              open(id);
            }}
          />
        </section>
        <section
          aria-label="Conversation"
          className={cn('min-w-0 flex-1 flex-col', selected ? 'flex' : 'hidden md:flex')}
        >
          {selected ? (
            <Thread
              key={selected}
              conversationId={selected}
              summary={conversations.data?.find((c) => c.conversationId === selected)}
              onBack={() => open(null)}
            />
          ) : (
            <div className="m-auto max-w-xs p-6 text-center">
              <span className="mx-auto grid size-14 place-items-center rounded-full bg-primary-soft text-primary-soft-foreground">
                <MessageCircle aria-hidden className="size-7" />
              </span>
              <p className="mt-3 font-semibold">Select a conversation</p>
              <p className="mt-1 text-sm text-muted-foreground">
                Pick someone on the left to read and reply.
              </p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function ConversationList({
  query,
  selected,
  onOpen,
}: {
  query: ReturnType<typeof useConversations>;
  selected: string | null;
  onOpen(id: string): void;
}) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const list = useMemo(
    () => (query.data ?? []).filter((c) => !needle || c.lastMessage.toLowerCase().includes(needle)),
    [query.data, needle],
  );
  return (
    <>
      <div className="border-b p-3">
        {/* The page's heading is the h1 above, which stays when a phone shows only the thread. */}
        <p aria-hidden className="px-1 pb-2 text-xl font-bold">
          Messages
        </p>
        <label className="relative block">
          <span className="sr-only">Search messages</span>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search messages"
            className="h-10 w-full rounded-full border bg-background pr-3 pl-9 text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
          />
        </label>
      </div>
      <div className="flex-1 overflow-y-auto">
        {query.isPending ? (
          <ul aria-label="Loading conversations" className="grid gap-1 p-2">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex animate-pulse items-center gap-3 p-2">
                <span className="size-12 rounded-full bg-muted" />
                <span className="grid flex-1 gap-2">
                  <span className="h-3 w-1/2 rounded bg-muted" />
                  <span className="h-3 w-3/4 rounded bg-muted" />
                </span>
              </li>
            ))}
          </ul>
        ) : query.isError ? (
          <p className="p-6 text-center text-sm text-muted-foreground">Could not load your conversations.</p>
        ) : list.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">
            {needle
              ? 'No messages match your search.'
              : 'No conversations yet. Message a seller or employer from a post.'}
          </p>
        ) : (
          <ul className="grid gap-0.5 p-2" data-testid="conversation-list">
            {list.map((c) => {
              const unread = c.unreadCount > 0;
              const name = displayName(c.otherUser);
              const current = selected === c.conversationId;
              return (
                <li key={c.conversationId}>
                  {/* On the tinted (selected) row, secondary text takes the tint's own colour. */}
                  <button
                    type="button"
                    onClick={() => onOpen(c.conversationId)}
                    aria-current={selected === c.conversationId ? 'true' : undefined}
                    data-conversation-id={c.conversationId}
                    className={cn(
                      'flex w-full items-center gap-3 rounded-xl p-2.5 text-left transition-colors hover:bg-muted',
                      selected === c.conversationId && 'bg-primary-soft hover:bg-primary-soft',
                    )}
                  >
                    <Avatar
                      initial={initialOf(c.otherUser)}
                      seed={c.otherUserId}
                      imageUrl={c.otherUser.profileImageUrl}
                      size={48}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline justify-between gap-2">
                        <span className={cn('truncate', unread ? 'font-bold' : 'font-semibold')}>{name}</span>
                        <time
                          dateTime={c.lastMessageDate}
                          className={cn(
                            'shrink-0 text-xs',
                            current ? 'text-primary-soft-foreground' : 'text-muted-foreground',
                          )}
                        >
                          {shortTime(c.lastMessageDate)}
                        </time>
                      </span>
                      <span className="flex items-center justify-between gap-2">
                        <span
                          className={cn(
                            'truncate text-sm',
                            unread ? 'font-medium text-foreground' : 'text-muted-foreground',
                            current && 'text-primary-soft-foreground',
                          )}
                        >
                          {c.lastMessage}
                        </span>
                        {unread && (
                          <span className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-primary px-1.5 text-[11px] font-bold text-primary-foreground">
                            <span className="sr-only">Unread messages: </span>
                            {c.unreadCount}
                          </span>
                        )}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </>
  );
}

function Thread({
  conversationId,
  summary,
  onBack,
}: {
  conversationId: string;
  /** The conversation's line in the list, once the list knows it. */
  summary: ConversationSummary | undefined;
  onBack(): void;
}) {
  const { user } = useCurrentUser();
  const me = user?.id ?? '';
  const client = useQueryClient();
  const otherId = otherParticipant(conversationId, me);
  const profile = useQuery({
    queryKey: queryKeys.publicUser(otherId ?? ''),
    queryFn: ({ signal }) => api.call('getUser', { params: { id: otherId ?? '' }, signal }),
    enabled: Boolean(otherId) && !summary,
  });
  const other: Person | null = summary
    ? { id: summary.otherUserId, ...summary.otherUser }
    : profile.data
      ? profile.data
      : null;

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
    enabled: Boolean(otherId),
    staleTime: 0,
  });
  const messages = useMemo(() => [...(thread.data?.pages ?? [])].reverse().flat(), [thread.data]);

  // Reading a thread marks it read: when it opens, and whenever a message comes in while it is open.
  const unreadFromOther = messages.some((m) => m.senderId !== me && !m.isRead);
  const markRead = useMutation({
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
  const { mutate: markReadNow, isPending: marking } = markRead;
  useEffect(() => {
    if ((unreadFromOther || (summary?.unreadCount ?? 0) > 0) && !marking && thread.isSuccess) markReadNow();
  }, [unreadFromOther, summary?.unreadCount, marking, markReadNow, thread.isSuccess]);

  const send = useMutation({
    mutationFn: (content: string) =>
      api.call('sendMessage', { body: { recipientId: otherId ?? '', content } }),
    onSuccess: (message) => {
      haptic('tap');
      addToThread(client, message);
      const known = client
        .getQueryData<ConversationSummary[]>(queryKeys.conversations)
        ?.some((c) => c.conversationId === message.conversationId);
      if (known) bumpConversation(client, message, me);
      else void client.invalidateQueries({ queryKey: queryKeys.conversations });
    },
    onError: (error) => {
      haptic('error');
      toast({
        title: 'Error',
        description: `Failed to send message: ${messageOf(error)}`,
        variant: 'destructive',
      });
    },
  });

  // Keep the newest message in view as messages arrive.
  const scroller = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the newest message changes
  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lastId]);

  const missing = !otherId || (thread.error instanceof HttpError && thread.error.status === 404);
  const name = other ? displayName(other) : '';
  return (
    <>
      <header className="flex items-center gap-2 border-b p-2.5 sm:p-3">
        <button
          type="button"
          onClick={onBack}
          aria-label="Back to conversations"
          className="grid size-10 place-items-center rounded-full hover:bg-muted md:hidden"
        >
          <ArrowLeft aria-hidden className="size-5" />
        </button>
        {other ? (
          <Link
            to={`/user/${other.id}`}
            className="flex min-w-0 items-center gap-3 rounded-xl pr-2 hover:bg-muted"
          >
            <Avatar initial={initialOf(other)} seed={other.id} imageUrl={other.profileImageUrl} size={40} />
            <h2 className="truncate font-bold">{name}</h2>
          </Link>
        ) : (
          <h2 className="font-bold">{missing ? 'Conversation not found' : 'Conversation'}</h2>
        )}
      </header>
      <div ref={scroller} className="flex-1 overflow-y-auto px-3 py-4 sm:px-4" data-testid="thread">
        {missing ? (
          <p className="mt-10 text-center text-sm text-muted-foreground">This conversation does not exist.</p>
        ) : thread.isPending ? (
          <p className="mt-10 text-center text-sm text-muted-foreground">Loading messages…</p>
        ) : thread.isError ? (
          <p className="mt-10 text-center text-sm text-muted-foreground">Could not load this conversation.</p>
        ) : (
          <>
            {thread.hasNextPage && (
              <div className="mb-3 text-center">
                <button
                  type="button"
                  onClick={() => void thread.fetchNextPage()}
                  disabled={thread.isFetchingNextPage}
                  className="rounded-full border px-3 py-1 text-xs font-medium hover:bg-muted"
                >
                  {thread.isFetchingNextPage ? 'Loading…' : 'Load earlier messages'}
                </button>
              </div>
            )}
            {messages.length === 0 && (
              <p className="mt-10 text-center text-sm text-muted-foreground">
                Say hello{name ? ` to ${name}` : ''}: your first message starts the conversation.
              </p>
            )}
            <ol className="grid gap-1.5" aria-label={`Messages with ${name || 'this neighbour'}`}>
              {messages.map((m, i) => {
                const mine = m.senderId === me;
                const previous = messages[i - 1];
                const gap =
                  !previous ||
                  new Date(m.createdAt).getTime() - new Date(previous.createdAt).getTime() > 30 * 60_000;
                return (
                  <Fragment key={m.id}>
                    {gap && (
                      <li className="my-2 text-center text-xs text-muted-foreground" aria-hidden>
                        {timeAgo(m.createdAt)}
                      </li>
                    )}
                    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-testid="message">
                      <p
                        className={cn(
                          'max-w-[80%] rounded-2xl px-3.5 py-2 text-[15px] leading-snug break-words whitespace-pre-wrap',
                          mine
                            ? 'rounded-br-md bg-primary text-primary-foreground'
                            : 'rounded-bl-md bg-muted text-foreground',
                        )}
                        title={new Date(m.createdAt).toLocaleString()}
                      >
                        <span className="sr-only">{mine ? 'You: ' : `${name}: `}</span>
                        {m.content}
                      </p>
                    </li>
                  </Fragment>
                );
              })}
            </ol>
          </>
        )}
      </div>
      <Composer
        disabled={missing || !otherId}
        label={name ? `Message ${name}` : 'Message'}
        onSend={(content) => send.mutate(content)}
      />
    </>
  );
}
