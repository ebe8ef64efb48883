import type { Message } from '@waco/contracts';
import { Fragment } from 'react';
import { timeAgo } from '../../../lib/format';
import { cn } from '../../../ui/cn';

/** A thread's messages, mine on the right; a time line wherever 30 minutes passed between two. */
export function MessageList({ messages, me, name }: { messages: Message[]; me: string; name: string }) {
  return (
    <ol className="grid gap-1.5" aria-label={`Messages with ${name || 'this neighbour'}`}>
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
  );
}
