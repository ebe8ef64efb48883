import { useMutation } from '@tanstack/react-query';
import type { Notification } from '@waco/contracts';
import { api } from '../../../api/client';
import { messageOf } from '../../../api/http';
import { msg, t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { toast } from '../../../ui/toast-store';

type Answer = 'accept' | 'decline';

/** The endpoints that answer an invitation, by what it invites to. */
const ANSWERS = {
  group_invitation: { accept: 'acceptGroupInvitation', decline: 'declineGroupInvitation' },
  event_invitation: { accept: 'acceptEventInvitation', decline: 'declineEventInvitation' },
} as const;

/** The two answers, in the order shown: each one's button text and look. */
const CHOICES = [
  { choice: 'accept', label: msg('Accept'), variant: 'primary' },
  { choice: 'decline', label: msg('Decline'), variant: 'outline' },
] as const;

export const isInvitation = (type: Notification['type']): type is keyof typeof ANSWERS => type in ANSWERS;

/**
 * Accept and Decline under an invitation's notification (beside the item's own button, which
 * opens the group or event). Once answered they go; an answer the server refuses (already
 * answered, a block since) says why.
 */
export function InvitationAnswer({
  notification,
}: {
  notification: Pick<Notification, 'type' | 'relatedId'>;
}) {
  const answer = useMutation({
    mutationFn: (choice: Answer) => {
      const endpoints = isInvitation(notification.type) ? ANSWERS[notification.type] : undefined;
      if (!endpoints || !notification.relatedId) throw new Error(t('Something went wrong'));
      return api.call(endpoints[choice], { params: { id: notification.relatedId } });
    },
    onSuccess: (_, choice) =>
      toast({
        title: choice === 'accept' ? t('Invitation accepted') : t('Invitation declined'),
        variant: 'success',
      }),
    onError: (error) => toast({ title: t('Error'), description: messageOf(error), variant: 'destructive' }),
  });
  if (answer.isSuccess) return null;
  return (
    <span className="mt-2 flex gap-2 pl-16" data-testid="invitation-answer">
      {CHOICES.map(({ choice, label, variant }) => (
        <button
          key={choice}
          type="button"
          disabled={answer.isPending}
          onClick={() => answer.mutate(choice)}
          className={buttonClass(variant, 'sm')}
        >
          {t(label)}
        </button>
      ))}
    </span>
  );
}
