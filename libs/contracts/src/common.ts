import { z } from 'zod';
import { CATEGORIES, NEIGHBORHOODS } from './vocabulary';

/** The body of every error answer. */
export const ErrorBody = z.object({
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Uuid = z.uuid({ error: 'Must be a valid id' });

export { CATEGORIES, CATEGORY_CHIPS, CATEGORY_LABELS, NEIGHBORHOODS, POPULAR_TAGS } from './vocabulary';

export const Category = z.enum(CATEGORIES, { error: 'Category must be one of sale, job, event' });
export type Category = z.infer<typeof Category>;

export const Neighborhood = z.enum(NEIGHBORHOODS, { error: 'Unknown neighborhood' });
export type Neighborhood = z.infer<typeof Neighborhood>;

/** An ISO-8601 timestamp as sent over the wire. */
export const Timestamp = z.string();

/** `limit`/`offset` paging in a query string. */
export const PageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(15),
  offset: z.coerce.number().int().min(0).default(0),
});
