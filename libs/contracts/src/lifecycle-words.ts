import type { CATEGORIES } from './vocabulary';

// The lifecycle's words and lists without their schemas (lifecycle.ts), so that the web app's
// first view can use them without loading zod.

export const CLOSE_REASONS = ['sold', 'filled', 'cancelled'] as const;
type CloseReason = (typeof CLOSE_REASONS)[number];
/** The one reason each category closes with: a sale is sold, a job filled, an event cancelled. */
export const CLOSE_REASON_OF = { sale: 'sold', job: 'filled', event: 'cancelled' } as const satisfies Record<
  (typeof CATEGORIES)[number],
  CloseReason
>;
export const CLOSE_REASON_LABELS: Record<CloseReason, string> = {
  sold: 'Sold',
  filled: 'Filled',
  cancelled: 'Cancelled',
};

export const FEED_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
