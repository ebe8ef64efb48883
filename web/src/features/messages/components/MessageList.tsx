import { type Message, thumbnailUrl } from '@waco/contracts';
import { Flag } from 'lucide-react';
import { Fragment } from 'react';
import { t } from '../../../i18n/i18n';
import { formatClock, formatDateTime, timeAgo } from '../../../lib/format';
import { cn } from '../../../ui/cn';
import { LinkedText } from '../../post/components/LinkedText';
import { shownContent } from '../message-text';

/** The id of my last message the other person has read (it shows "Seen"), if any. */
export function lastSeenId(messages: Message[], me: string): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m && m.senderId === me && m.isRead) return m.id;
  }
  return null;
}

/**
 * A thread's messages, mine on the right, each with its time; a time line wherever 30 minutes
 * passed between two; "Seen" under my last message the other person has read.
 */
export function MessageList({
  messages,
  me,
  name,
  onReport,
}: {
  messages: Message[];
  me: string;
  name: string;
  /** Report a received message (its id). */
  onReport?(messageId: string): void;
}) {
  const seen = lastSeenId(messages, me);
  return (
    <ol
      className="grid gap-1.5"
      aria-label={t('Messages with {name}', { name: name || t('this neighbour') })}
    >
      {messages.map((m, i) => {
        const mine = m.senderId === me;
        const previous = messages[i - 1];
        const gap =
          !previous || new Date(m.createdAt).getTime() - new Date(previous.createdAt).getTime() > 30 * 60_000;
        return (
          <Fragment key={m.id}>
            {gap && (
              <li className="my-2 text-center text-xs text-muted-foreground" aria-hidden>
                {timeAgo(m.createdAt)}
              </li>
            )}
            <li className={cn('flex flex-col', mine ? 'items-end' : 'items-start')} data-testid="message">
              <div
                className={cn('group flex w-full items-center gap-1', mine ? 'justify-end' : 'justify-start')}
              >
                <p
                  className={cn(
                    'max-w-[80%] rounded-2xl px-3.5 py-2 text-[15px] leading-snug break-words whitespace-pre-wrap',
                    mine
                      ? 'rounded-br-md bg-primary text-primary-foreground'
                      : 'rounded-bl-md bg-muted text-foreground',
                  )}
                  title={formatDateTime(m.createdAt)}
                >
                  <span className="sr-only">{mine ? t('You: ') : `${name}: `}</span>
                  {m.imagePaths && m.imagePaths.length > 0 && (
                    <span className="mb-1.5 flex flex-wrap gap-1.5">
                      {m.imagePaths.map((path) => (
                        <a key={path} href={path} target="_blank" rel="noreferrer">
                          <img
                            src={thumbnailUrl(path)}
                            alt={t('Photo')}
                            loading="lazy"
                            className="size-32 rounded-xl object-cover"
                            data-testid="message-photo"
                          />
                        </a>
                      ))}
                    </span>
                  )}
                  <LinkedText text={shownContent(m.content)} hashtags={false} />
                </p>
                {!mine && onReport && (
                  <button
                    type="button"
                    aria-label={t('Report message')}
                    onClick={() => onReport(m.id)}
                    className="grid size-8 place-items-center rounded-full text-muted-foreground opacity-60 group-hover:opacity-100 hover:bg-muted focus:opacity-100"
                  >
                    <Flag aria-hidden className="size-3.5" />
                  </button>
                )}
              </div>
              <span className="mt-0.5 px-1 text-[11px] text-muted-foreground">
                <time dateTime={m.createdAt}>{formatClock(m.createdAt)}</time>
                {m.id === seen && <span data-testid="seen"> {t('· Seen')}</span>}
              </span>
            </li>
          </Fragment>
        );
      })}
    </ol>
  );
}
