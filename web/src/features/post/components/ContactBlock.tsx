import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OWN_POST_NOTICE, type Post, SELF_MESSAGE_ERROR } from '@waco/contracts';
import { type LucideIcon, Mail, MessageCircle, Phone } from 'lucide-react';
import { api } from '../../../api/client';
import { HttpError, isUnauthorized, messageOf } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { useNavigate } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server-text';
import { PROTECTED_ACTIONS } from '../../../lib/action-wording';
import { haptic } from '../../../lib/haptics';
import { buttonClass } from '../../../ui/button';
import { toast } from '../../../ui/toast-store';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { useSignInPrompt } from '../../auth/hooks/sign-in-prompt';

/** "Failed to start conversation: {message}" (spec section 8). */
const conversationFailed = (message: string) => t('Failed to start conversation: {message}', { message });

/** Contact Seller / Contact Employer: Send Message starts a conversation and opens it. */
export function ContactBlock({ post }: { post: Post }) {
  const { isSignedIn, user } = useCurrentUser();
  const prompt = useSignInPrompt();
  const navigate = useNavigate();
  const isJob = post.category === 'job';
  const action = isJob ? PROTECTED_ACTIONS.messageEmployer : PROTECTED_ACTIONS.messageSeller;
  const client = useQueryClient();
  const openThread = (conversationId: string) =>
    navigate(`/messages?${new URLSearchParams({ conversation: conversationId, post: post.id })}`);
  const onError = (error: Error) => {
    if (isUnauthorized(error)) return prompt(action);
    haptic('error');
    // The server's English is compared; what is shown is in the reader's language.
    if (error instanceof HttpError && error.serverMessage === SELF_MESSAGE_ERROR) selfMessage();
    else
      toast({
        title: t('Error'),
        description: conversationFailed(messageOf(error)),
        variant: 'destructive',
      });
  };
  const start = useMutation({
    mutationFn: () => api.call('startConversation', { body: { recipientId: post.userId, postId: post.id } }),
    // The thread's messages will say which post they are about.
    onSuccess: ({ conversationId }) => openThread(conversationId),
    onError,
  });
  // "Is this still available?" in one tap, as Marketplace does: the message is sent (in the
  // asker's language), then the thread opens with it.
  const ask = useMutation({
    mutationFn: () =>
      api.call('sendMessage', {
        body: { recipientId: post.userId, postId: post.id, content: t('Is this still available?') },
      }),
    onSuccess: (message) => {
      void client.invalidateQueries({ queryKey: queryKeys.conversations });
      openThread(message.conversationId);
    },
    onError,
  });
  const selfMessage = () =>
    toast({
      title: serverText(SELF_MESSAGE_ERROR),
      description: serverText(OWN_POST_NOTICE),
      variant: 'destructive',
    });
  const onSend = (mutation: typeof start | typeof ask) => () => {
    if (!isSignedIn) return prompt(action);
    if (user?.id === post.userId) return selfMessage();
    haptic('tap');
    mutation.mutate();
  };
  const busy = start.isPending || ask.isPending;
  // Asked of a thing for sale that is still up, by anyone but its seller.
  const canAsk = post.category === 'sale' && post.state === 'active' && user?.id !== post.userId;
  const hasContact = Boolean(post.contactPhone || post.contactEmail);
  return (
    <section aria-labelledby="contact-block" className="rounded-2xl border bg-muted/50 p-4">
      <h3 id="contact-block" className="font-bold">
        {isJob ? t('Contact Employer') : t('Contact Seller')}
      </h3>
      <button
        type="button"
        disabled={busy}
        onClick={onSend(start)}
        className={buttonClass('primary', 'lg', 'mt-3 w-full')}
      >
        <MessageCircle aria-hidden className="size-5" />
        {start.isPending ? t('Opening…') : t('Send Message')}
      </button>
      {canAsk && (
        <button
          type="button"
          disabled={busy}
          onClick={onSend(ask)}
          className={buttonClass('outline', 'lg', 'mt-2 w-full')}
        >
          {ask.isPending ? t('Sending…') : t('Is this still available?')}
        </button>
      )}
      <div className="mt-4 border-t pt-3">
        <h4 className="text-sm font-semibold">{t('Contact Information')}</h4>
        {hasContact ? (
          <ul className="mt-2 grid gap-1.5 text-sm">
            {post.contactPhone && (
              <ContactLink href={`tel:${post.contactPhone}`} icon={Phone} text={post.contactPhone} />
            )}
            {post.contactEmail && (
              <ContactLink href={`mailto:${post.contactEmail}`} icon={Mail} text={post.contactEmail} />
            )}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">
            {t('No contact information available for this post.')}
          </p>
        )}
      </div>
    </section>
  );
}

function ContactLink({ href, icon: Icon, text }: { href: string; icon: LucideIcon; text: string }) {
  return (
    <li>
      <a href={href} className="inline-flex items-center gap-2 hover:underline">
        <Icon aria-hidden className="size-4 text-muted-foreground" />
        {text}
      </a>
    </li>
  );
}
