import type { ReportsResolved } from '@waco/contracts';
import type { z } from 'zod';
import type { NotificationDraft } from './notification-rules';

type Resolved = z.infer<(typeof ReportsResolved)['schema']>;

const OUTCOMES: Record<Resolved['action'], Record<Resolved['targetType'], string>> = {
  dismiss: {
    post: 'Moderators reviewed the post you reported and left it up.',
    user: 'Moderators reviewed the member you reported and took no action.',
    message: 'Moderators reviewed the message you reported and took no action.',
    comment: 'Moderators reviewed the comment you reported and left it up.',
    business: 'Moderators reviewed the business you reported and left it up.',
    review: 'Moderators reviewed the review you reported and left it up.',
    group: 'Moderators reviewed the group you reported and left it up.',
    event: 'Moderators reviewed the event you reported and left it up.',
  },
  hide: {
    post: 'Moderators hid the post you reported.',
    user: 'Moderators acted on the member you reported.',
    message: 'Moderators acted on the message you reported.',
    comment: 'Moderators hid the comment you reported.',
    business: 'Moderators took down the business you reported.',
    review: 'Moderators hid the review you reported.',
    group: 'Moderators hid the group you reported.',
    event: 'Moderators hid the event you reported.',
  },
  suspend: {
    post: 'Moderators hid the post you reported and suspended its author.',
    user: 'Moderators suspended the member you reported.',
    message: 'Moderators suspended the member whose message you reported.',
    comment: 'Moderators hid the comment you reported and suspended its author.',
    business: 'Moderators took down the business you reported and suspended who added it.',
    review: 'Moderators hid the review you reported and suspended its author.',
    group: 'Moderators hid the group you reported and suspended its owner.',
    event: 'Moderators hid the event you reported and suspended its organiser.',
  },
};

/** A resolution tells each of the target's reporters its outcome, with the moderators' note. */
export function reportOutcomeNotifications(data: Resolved): NotificationDraft[] {
  const outcome = OUTCOMES[data.action][data.targetType];
  return data.reporterIds.map((recipientId) => ({
    recipientId,
    type: 'report_resolved',
    title: 'Your report was reviewed',
    message: data.note ? `${outcome} Note: ${data.note}` : outcome,
    relatedId: data.targetId,
    actorId: data.moderatorId,
  }));
}
