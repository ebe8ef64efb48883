import type { Business } from '@waco/contracts';
import { BadgeCheck } from 'lucide-react';
import { Link } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { placeName } from '../../../lib/format';
import { ListCard } from '../../../ui/ListPage';
import { CATEGORY_NAMES } from '../lib/categories';
import { Stars } from './Stars';

/** The verified mark a moderator's approval of the owner's claim gives. */
export function VerifiedMark() {
  return (
    <span className="inline-flex items-center gap-1 text-sm font-semibold text-primary">
      <BadgeCheck aria-hidden className="size-4" />
      {t('Verified owner')}
    </span>
  );
}

/** The rating, the number of reviews, and how many of those one follows recommend it. */
export function RatingLine({ business }: { business: Business }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      <Stars rating={business.averageRating} />
      <span className="font-semibold text-foreground" data-testid="average-rating">
        {business.averageRating.toFixed(2)}
      </span>
      <span>{t('{count, plural, one {# review} other {# reviews}}', { count: business.reviewsCount })}</span>
      {business.recommendedByFollowed > 0 && (
        <span>
          ·{' '}
          {t(
            '{count, plural, one {Recommended by # neighbour you follow} other {Recommended by # neighbours you follow}}',
            { count: business.recommendedByFollowed },
          )}
        </span>
      )}
    </p>
  );
}

/** A business in the directory: photo, name, category and place, rating. */
export function BusinessCard({ business }: { business: Business }) {
  return (
    <ListCard
      data-business-id={business.id}
      imageUrl={business.imageUrl}
      name={
        <>
          <Link to={`/businesses/${business.id}`} className="truncate hover:underline">
            {business.name}
          </Link>
          {business.isVerified && (
            <BadgeCheck aria-label={t('Verified owner')} className="size-4 shrink-0 text-primary" />
          )}
        </>
      }
    >
      <p className="text-sm text-muted-foreground">
        {t(CATEGORY_NAMES[business.category])}
        {business.neighborhood && ` · ${placeName(business.neighborhood)}`}
      </p>
      <RatingLine business={business} />
    </ListCard>
  );
}
