import type { BusinessReview } from '@waco/contracts';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { TextAreaForm } from '../../../ui/TextAreaForm';
import { displayName } from '../../auth/hooks/current-user';
import { ReportTextButton } from '../../moderation/components/ReportButton';
import { useAnswerReview, useDeleteReview } from '../hooks/businesses';
import { Stars } from './Stars';

/**
 * A review: its writer, stars and comment, and the owner's public answer. Its writer deletes it;
 * the owner answers it; anyone else signed in reports it.
 */
export function ReviewItem({
  review,
  viewerId,
  isOwner,
}: {
  review: BusinessReview;
  viewerId: string | null;
  isOwner: boolean;
}) {
  const remove = useDeleteReview(review.businessId);
  const answer = useAnswerReview(review.businessId);
  const mine = viewerId === review.author.id;
  return (
    <li className="grid grid-cols-1 gap-2 rounded-2xl border bg-card p-4" data-review-id={review.id}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{displayName(review.author)}</span>
        <Stars rating={review.rating} />
        {review.hidden && (
          <span className="text-xs font-semibold text-amber-700">{t('Hidden from members')}</span>
        )}
      </div>
      {review.comment && <p className="whitespace-pre-line">{review.comment}</p>}
      {review.reply && (
        <div className="rounded-xl bg-muted p-3 text-sm">
          <p className="font-semibold">{t("Owner's answer")}</p>
          <p className="whitespace-pre-line">{review.reply}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {mine && (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => remove.mutate(review.id)}
            disabled={remove.isPending}
          >
            {t('Delete review')}
          </button>
        )}
        {viewerId && !mine && (
          <ReportTextButton label={t('Report review')} target={{ type: 'review', id: review.id }} />
        )}
      </div>
      {isOwner && !mine && (
        <TextAreaForm
          name={t('Answer this review')}
          className="grid grid-cols-1 gap-2"
          field={{ label: t('Answer publicly'), rows: 2, maxLength: 2000 }}
          onSubmit={(reply, clear) => answer.mutate({ reviewId: review.id, reply }, { onSuccess: clear })}
          action={t('Post answer')}
          variant="secondary"
          busy={answer.isPending}
        />
      )}
    </li>
  );
}
