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

/** A member's name and photo, as every list of people shows them (null: not given, or unknown). */
export const PersonFields = {
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
};

/** What anyone may see of a member wherever they appear (an author, a follower): id, name, photo. */
export const MemberCard = z.object({ id: Uuid, ...PersonFields });

/**
 * Text that must be given: trimmed, refused with `required` when missing or blank (or shorter
 * than `least`, with its own message), and with `tooLong` over `max` characters.
 */
export const requiredText = (
  required: string,
  max: number,
  tooLong: string,
  least: { min: number; message: string } = { min: 1, message: required },
) => z.string({ error: required }).trim().min(least.min, least.message).max(max, tooLong);

/** A page size in a query string: 1 to `max`, `fallback` when not given. */
export const pageLimit = (max: number, fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(max, `limit is at most ${max}`)
    .default(fallback);

/** Where a keyset page starts, in a query string: the previous page's `nextCursor`, as this server wrote it. */
export const pageCursor = z.string().max(200, 'cursor is not one this server gave').optional();

/** How many to skip, in a query string: 0 to `max`, 0 when not given. */
export const pageOffset = (max: number) =>
  z.coerce.number().int().min(0, 'offset must be 0 or more').max(max).default(0);

/** A page's query string by keyset: `limit` (1 to `max`, else `fallback`) and where it starts. */
export const cursorPageQuery = (max: number, fallback: number) =>
  z.strictObject({ limit: pageLimit(max, fallback), cursor: pageCursor });

/**
 * Paging by position, as fields of a query string (with its filters): `limit` (1 to `max`, else
 * `fallback`) and `offset` (to `maxOffset`).
 */
export const offsetPaging = (max: number, fallback: number, maxOffset: number) => ({
  limit: pageLimit(max, fallback),
  offset: pageOffset(maxOffset),
});

/** A page's query string by position, and nothing else: `offsetPaging`'s fields. */
export const offsetPageQuery = (max: number, fallback: number, maxOffset: number) =>
  z.strictObject(offsetPaging(max, fallback, maxOffset));

/** `limit`/`offset` paging in a query string. */
export const PageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(15),
  offset: z.coerce.number().int().min(0).default(0),
});

/** A PATCH body: every field may be left out (it stays as it is), but not all of them. */
export const withSomeChange = <Schema extends z.ZodObject>(schema: Schema) =>
  schema.refine((p) => Object.values(p).some((v) => v !== undefined), { message: 'Nothing to change' });
