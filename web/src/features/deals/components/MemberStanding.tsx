import { Clock, Star } from 'lucide-react';
import { t } from '../../../i18n/i18n';
import { timeAgo } from '../../../lib/format';
import { useMemberStanding } from '../hooks/deals';
import { replyTimeWords } from '../lib/deal-words';

/**
 * What neighbours who dealt with a member said (their ratings: the number, the average, the
 * latest notes) and how soon they usually reply: the trust signals on a profile.
 */
export function MemberStanding({ userId }: { userId: string }) {
  const standing = useMemberStanding(userId).data;
  if (!standing) return null;
  const { ratingsCount, averageRating, typicalReplyMinutes, ratings } = standing;
  return (
    <section className="mt-3 grid gap-1 text-sm" data-testid="member-standing">
      <p className="inline-flex items-center justify-center gap-1.5">
        <Star aria-hidden className="size-4 fill-amber-400 text-amber-500" />
        {ratingsCount === 0
          ? t('No ratings yet')
          : t('{average} from {count, plural, one {# rating} other {# ratings}}', {
              average: averageRating?.toFixed(1) ?? '',
              count: ratingsCount,
            })}
      </p>
      {typicalReplyMinutes !== null && (
        <p
          className="inline-flex items-center justify-center gap-1.5 text-muted-foreground"
          data-testid="reply-time"
        >
          <Clock aria-hidden className="size-4" />
          {replyTimeWords(typicalReplyMinutes)}
        </p>
      )}
      {ratings.length > 0 && (
        <ul className="mx-auto mt-2 grid max-w-md gap-2 text-left">
          {ratings.slice(0, 5).map((r) => (
            <li
              key={`${r.postId}-${r.raterId}`}
              className="rounded-xl border bg-muted/40 px-3 py-2"
              data-testid="rating"
            >
              <p className="font-medium">
                <span className="sr-only">{t('{count} stars', { count: r.score })}</span>
                <span aria-hidden>{'★'.repeat(r.score)}</span>{' '}
                <span className="text-muted-foreground">
                  · {r.raterName} · {timeAgo(r.createdAt)}
                </span>
              </p>
              <p>{r.note}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
