import type { BusinessReview } from '@waco/contracts';
import { Star } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { TextAreaField } from '../../../ui/Field';
import { useSaveReview } from '../hooks/businesses';

/** The member's review: 1 to 5 stars and a comment; their own, when they wrote one, to change. */
export function ReviewForm({ businessId, mine }: { businessId: string; mine: BusinessReview | null }) {
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const save = useSaveReview(businessId, mine?.id ?? null, () => {
    if (!mine) setComment('');
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating > 0) save.mutate({ rating, comment });
  };
  return (
    <form
      className="grid grid-cols-1 gap-3 rounded-2xl border bg-card p-4"
      onSubmit={submit}
      aria-label={t('Your review')}
    >
      <h2 className="text-lg font-bold">{mine ? t('Your review') : t('Write a review')}</h2>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t('Rating')}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer">
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="peer sr-only"
              />
              <span className="sr-only">
                {t('{count, plural, one {# star} other {# stars}}', { count: n })}
              </span>
              <Star
                aria-hidden
                className={cn(
                  'size-8 rounded text-amber-500 peer-focus-visible:ring-2 peer-focus-visible:ring-ring',
                  n <= rating ? 'fill-current' : 'opacity-40',
                )}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField
        label={t('Comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        rows={3}
        maxLength={3000}
      />
      <button
        type="submit"
        className={buttonClass('primary', 'md')}
        disabled={save.isPending || rating === 0}
      >
        {mine ? t('Save review') : t('Post review')}
      </button>
    </form>
  );
}
