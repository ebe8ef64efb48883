import type { ConversationSummary } from '@waco/contracts';
import { otherParticipantOf } from '@waco/contracts';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { HttpError } from '../../../api/http';
import { Link } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { PersonAvatar } from '../../auth/components/PersonAvatar';
import { displayName, useCurrentUser } from '../../auth/hooks/current-user';
import { DealPanel } from '../../deals/components/DealPanel';
import { ReportDialog } from '../../moderation/components/ReportDialog';
import { SafetyMenu } from '../../moderation/components/SafetyMenu';
import { useConversationPost } from '../hooks/conversation-post';
import {
  type Person,
  useMarkReadWhileOpen,
  useOtherPerson,
  useSendMessage,
  useThread,
} from '../hooks/conversations';
import { Composer } from './Composer';
import { ConversationPost } from './ConversationPost';
import { MessageList } from './MessageList';

/** One conversation: who it is with, its messages (marked read while open) and the composer. */
export function Thread({
  conversationId,
  summary,
  aboutPostId,
  onBack,
}: {
  conversationId: string;
  /** The post the member came from ("Send Message" on it): their messages are about it. */
  aboutPostId?: string;
  /** The conversation's line in the list, once the list knows it. */
  summary: ConversationSummary | undefined;
  onBack(): void;
}) {
  const { user } = useCurrentUser();
  const me = user?.id ?? '';
  const otherId = otherParticipantOf(conversationId, me);
  const other = useOtherPerson(otherId, summary);
  const { thread, messages } = useThread(conversationId, Boolean(otherId));
  useMarkReadWhileOpen(conversationId, me, {
    unread: messages.some((m) => m.senderId !== me && !m.isRead) || (summary?.unreadCount ?? 0) > 0,
    loaded: thread.isSuccess,
  });
  const send = useSendMessage(otherId, me, aboutPostId);
  const about = useConversationPost(aboutPostId, summary);
  const [reporting, setReporting] = useState<string | null>(null);
  // One of the two blocked the other: the thread stays readable, nothing more can be sent.
  const closed = summary?.closed === true;

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
      <ThreadHeader other={other} name={name} missing={missing} onBack={onBack} />
      <ConversationPost post={about} className="border-b px-3 py-2" />
      {otherId && !missing && (
        <DealPanel conversationId={conversationId} me={me} otherId={otherId} otherName={name} />
      )}
      <div ref={scroller} className="flex-1 overflow-y-auto px-3 py-4 sm:px-4" data-testid="thread">
        {missing ? (
          <p className="mt-10 text-center text-sm text-muted-foreground">
            {t('This conversation does not exist.')}
          </p>
        ) : thread.isPending ? (
          <p className="mt-10 text-center text-sm text-muted-foreground">{t('Loading messages…')}</p>
        ) : thread.isError ? (
          <p className="mt-10 text-center text-sm text-muted-foreground">
            {t('Could not load this conversation.')}
          </p>
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
                  {thread.isFetchingNextPage ? t('Loading…') : t('Load earlier messages')}
                </button>
              </div>
            )}
            {messages.length === 0 && (
              <p className="mt-10 text-center text-sm text-muted-foreground">
                {t('Say hello')}
                {name ? t(' to {name}', { name }) : ''}
                {t(': your first message starts the conversation.')}
              </p>
            )}
            <MessageList messages={messages} me={me} name={name} onReport={setReporting} />
          </>
        )}
      </div>
      <ReportDialog
        target={reporting ? { type: 'message', id: reporting } : null}
        onClose={() => setReporting(null)}
      />
      {closed && (
        <p role="status" className="border-t px-4 py-2 text-center text-sm text-muted-foreground">
          {t('This conversation is closed: one of you has blocked the other.')}
        </p>
      )}
      <Composer
        disabled={missing || !otherId || closed}
        label={name ? t('Message {name}', { name }) : t('Message')}
        onSend={(content, imagePaths) => send.mutateAsync({ content, imagePaths })}
      />
    </>
  );
}

function ThreadHeader({
  other,
  name,
  missing,
  onBack,
}: {
  other: Person | null;
  name: string;
  missing: boolean;
  onBack(): void;
}) {
  return (
    <header className="flex items-center gap-2 border-b p-2.5 sm:p-3">
      <button
        type="button"
        onClick={onBack}
        aria-label={t('Back to conversations')}
        className="grid size-10 place-items-center rounded-full hover:bg-muted md:hidden"
      >
        <ArrowLeft aria-hidden className="size-5" />
      </button>
      {other ? (
        <Link
          to={`/user/${other.id}`}
          className="flex min-w-0 items-center gap-3 rounded-xl pr-2 hover:bg-muted"
        >
          <PersonAvatar person={other} size={40} />
          <h2 className="truncate font-bold">{name}</h2>
        </Link>
      ) : (
        <h2 className="font-bold">{missing ? t('Conversation not found') : t('Conversation')}</h2>
      )}
      {other && (
        <div className="ml-auto">
          <SafetyMenu target={{ type: 'user', id: other.id }} person={{ id: other.id, name }} />
        </div>
      )}
    </header>
  );
}
