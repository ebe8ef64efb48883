import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { t } from '../../../i18n/i18n';
import { formatClock, formatDayMonth } from '../../../lib/format';
import { Avatar } from '../../../ui/Avatar';
import { cn } from '../../../ui/cn';
import { displayName, initialOf } from '../../auth/hooks/current-user';
import type { ConversationsQuery } from '../hooks/conversations';
import { shownContent } from '../message-text';
import { ConversationPost } from './ConversationPost';

/** Today's time ("6:05 PM"), else the day ("Nov 24"), in the reader's locale. */
const shortTime = (iso: string) =>
  new Date(iso).toDateString() === new Date().toDateString() ? formatClock(iso) : formatDayMonth(iso);

/** The conversations, newest first, searchable by their last message. */
export function ConversationList({
  query,
  selected,
  onOpen,
}: {
  query: ConversationsQuery;
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
          {t('Messages')}
        </p>
        <label className="relative block">
          <span className="sr-only">{t('Search messages')}</span>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('Search messages')}
            className="h-10 w-full rounded-full border bg-background pr-3 pl-9 text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
          />
        </label>
      </div>
      <div className="flex-1 overflow-y-auto">
        {query.isPending ? (
          <ul aria-label={t('Loading conversations')} className="grid gap-1 p-2">
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
          <p className="p-6 text-center text-sm text-muted-foreground">
            {t('Could not load your conversations.')}
          </p>
        ) : list.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">
            {needle
              ? t('No messages match your search.')
              : t('No conversations yet. Message a seller or employer from a post.')}
          </p>
        ) : (
          // minmax(0, 1fr): a row is as wide as the panel, so a long preview ends in an ellipsis.
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-0.5 p-2" data-testid="conversation-list">
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
                          {shownContent(c.lastMessage)}
                        </span>
                        {unread && (
                          <span className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-primary px-1.5 text-[11px] font-bold text-primary-foreground">
                            <span className="sr-only">{t('Unread messages:')} </span>
                            {c.unreadCount}
                          </span>
                        )}
                      </span>
                    </span>
                  </button>
                  <ConversationPost post={c.post} className="pr-2.5 pb-1.5 pl-[4.25rem]" />
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </>
  );
}
