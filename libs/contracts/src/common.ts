import { z } from 'zod';

/** The body of every error answer. */
export const ErrorBody = z.object({
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Uuid = z.uuid({ error: 'Must be a valid id' });

export const CATEGORIES = ['sale', 'job', 'event'] as const;
export const Category = z.enum(CATEGORIES, { error: 'Category must be one of sale, job, event' });
export type Category = z.infer<typeof Category>;
export const CATEGORY_LABELS: Record<Category, string> = { sale: 'For Sale', job: 'Job', event: 'Event' };
export const CATEGORY_CHIPS: Record<Category, string> = { sale: 'For Sale', job: 'Jobs', event: 'Events' };

export const NEIGHBORHOODS = [
  'downtown',
  'cameron_park',
  'brazos_park',
  'sanger_heights',
  'creek_meadows',
  'other',
] as const;
export const Neighborhood = z.enum(NEIGHBORHOODS, { error: 'Unknown neighborhood' });
export type Neighborhood = z.infer<typeof Neighborhood>;

/** An ISO-8601 timestamp as sent over the wire. */
export const Timestamp = z.string();

/** `limit`/`offset` paging in a query string. */
export const PageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(15),
  offset: z.coerce.number().int().min(0).default(0),
});
