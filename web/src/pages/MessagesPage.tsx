import { MessageCircle } from 'lucide-react';
import { useSearchParams } from '../app/router';
import { ConversationList } from '../features/messages/components/ConversationList';
import { Thread } from '../features/messages/components/Thread';
import { useConversations } from '../features/messages/hooks/conversations';
import { t } from '../i18n/i18n';
import { haptic } from '../lib/haptics';
import { usePageMeta } from '../lib/page-meta';
import { cn } from '../ui/cn';
import { EmptyState } from '../ui/EmptyState';

/**
 * `/messages` (`?conversation={id}` opens a thread, `&post={id}` when opened from a post, whose
 * id the messages then carry): the list and the thread, side by side when wide. */
export default function MessagesPage() {
  usePageMeta({ title: t('Messages'), description: t('Your conversations with neighbours.') });
  const [params, setParams] = useSearchParams();
  const selected = params.get('conversation');
  const conversations = useConversations();
  const open = (id: string | null) => setParams(id ? { conversation: id } : {});

  return (
    <div className="relative left-1/2 mt-2 w-[calc(100vw-1.5rem)] max-w-5xl -translate-x-1/2 sm:mt-4 sm:w-[calc(100vw-2rem)] lg:left-0 lg:w-full lg:max-w-none lg:translate-x-0">
      <h1 className="sr-only">{t('Messages')}</h1>
      <div className="flex h-[calc(100dvh-9.75rem)] overflow-hidden rounded-2xl border bg-card shadow-sm sm:h-[calc(100dvh-12rem)]">
        <section
          aria-label={t('Conversations')}
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
          aria-label={t('Conversation')}
          className={cn('min-w-0 flex-1 flex-col', selected ? 'flex' : 'hidden md:flex')}
        >
          {selected ? (
            <Thread
              key={selected}
              conversationId={selected}
              summary={conversations.data?.find((c) => c.conversationId === selected)}
              aboutPostId={params.get('post') ?? undefined}
              onBack={() => open(null)}
            />
          ) : (
            <EmptyState
              icon={MessageCircle}
              title={t('Select a conversation')}
              className="m-auto max-w-xs p-6 text-center"
            >
              {t('Pick someone on the left to read and reply.')}
            </EmptyState>
          )}
        </section>
      </div>
    </div>
  );
}
