import { z } from 'zod';
import { Category, Neighborhood, Timestamp, Uuid } from './common';
import { defineEvent } from './envelope';
import { CLOSE_REASONS, FEED_SORTS } from './lifecycle-words';
import { MentionSpan } from './mentions';

// A post's lifecycle: edits, closing (sold, filled, cancelled), reopening, expiry
// and renewal, deletion; withdrawn event answers; saved searches. The request schemas that
// share the create form's fields live in posts.ts.

export const DAY_MS = 86_400_000;
/** A post leaves the feed this long after it was made or renewed (an event: the day after it). */
export const POST_LIFETIME_DAYS = 30;
/** Its owner hears this long before it does. */
export const EXPIRY_REMINDER_DAYS = 3;
/** A closed post stays in the feed, with its badge, this long. */
export const CLOSED_VISIBLE_DAYS = 7;
/** Saved searches one person may keep. */
export const SAVED_SEARCHES_MAX = 20;

export const POST_STATES = ['active', 'closed', 'expired'] as const;
export const PostState = z.enum(POST_STATES);
export type PostState = z.infer<typeof PostState>;

export const CloseReason = z.enum(CLOSE_REASONS, { error: 'reason must be sold, filled or cancelled' });
export type CloseReason = z.infer<typeof CloseReason>;

/** When a post made (or renewed) at `from` expires: 30 days on, or the day after an event's date. */
export function expiryOf(post: { category: Category; eventDate: string | null }, from: string): string {
  if (post.category === 'event' && post.eventDate)
    return new Date(new Date(post.eventDate).getTime() + DAY_MS).toISOString();
  return new Date(new Date(from).getTime() + POST_LIFETIME_DAYS * DAY_MS).toISOString();
}

/**
 * Closing a post; a sale may name its buyer (one of the members who messaged about it), after
 * which the two may rate each other (deals.ts).
 */
export const ClosePostRequest = z.strictObject({ reason: CloseReason, buyerId: Uuid.optional() });

export const FeedSort = z.enum(FEED_SORTS, { error: 'sort must be newest, price_asc or price_desc' });

const PriceBound = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(0, `${name} must be 0 or more`)
    .max(99_999_999.99, `${name} is at most 99999999.99`);
export const MinPrice = PriceBound('minPrice');
export const MaxPrice = PriceBound('maxPrice');

/** What a saved search looks for: the feed's filters, without paging. */
export const SavedSearchRequest = z
  .strictObject({
    query: z.string().trim().max(200, 'query is at most 200 characters').optional(),
    category: Category.optional(),
    neighborhood: Neighborhood.optional(),
    minPrice: MinPrice.optional(),
    maxPrice: MaxPrice.optional(),
  })
  .refine((s) => Boolean(s.query) || Object.entries(s).some(([k, v]) => k !== 'query' && v !== undefined), {
    message: 'A saved search needs a query or at least one filter',
  })
  .refine((s) => s.minPrice === undefined || s.maxPrice === undefined || s.minPrice <= s.maxPrice, {
    message: 'minPrice must not be above maxPrice',
    path: ['minPrice'],
  });
export type SavedSearchRequest = z.input<typeof SavedSearchRequest>;

export const SavedSearchCriteria = z.object({
  query: z.string().nullable(),
  category: Category.nullable(),
  neighborhood: Neighborhood.nullable(),
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
});
export type SavedSearchCriteria = z.infer<typeof SavedSearchCriteria>;

export const SavedSearch = SavedSearchCriteria.extend({ id: Uuid, createdAt: Timestamp });
export type SavedSearch = z.infer<typeof SavedSearch>;
export const SavedSearchIdParams = z.strictObject({ id: Uuid });

/** The words of a saved search's query (lower-case letters and digits), and its `#tags`. */
export function searchWords(query: string): { words: string[]; tags: string[] } {
  const words: string[] = [];
  const tags: string[] = [];
  for (const token of query.toLowerCase().match(/#?[\p{L}\p{N}_]+/gu) ?? []) {
    if (token.startsWith('#')) tags.push(token.slice(1));
    else words.push(token);
  }
  return { words, tags };
}

/** What a saved search is matched against: a new post's fields. */
export interface MatchablePost {
  title: string;
  description: string;
  company: string | null;
  category: Category;
  neighborhood: string;
  price: string | null;
}

/**
 * Whether a new post matches a saved search: every filter holds, every word of the query appears
 * (as a word prefix) in the title, description or company, and every `#tag` in them. A price range
 * leaves out posts without a price.
 */
export function matchesSavedSearch(search: SavedSearchCriteria, post: MatchablePost): boolean {
  if (search.category && search.category !== post.category) return false;
  if (search.neighborhood && search.neighborhood !== post.neighborhood) return false;
  if (search.minPrice !== null || search.maxPrice !== null) {
    if (post.price === null) return false;
    const price = Number(post.price);
    if (search.minPrice !== null && price < search.minPrice) return false;
    if (search.maxPrice !== null && price > search.maxPrice) return false;
  }
  if (!search.query) return true;
  const { words, tags } = searchWords(search.query);
  const text = searchWords(`${post.title} ${post.description} ${post.company ?? ''}`);
  return (
    words.every((w) => text.words.some((t) => t.startsWith(w))) &&
    tags.every((tag) => text.tags.includes(tag))
  );
}

/** What every post event carries, so consumers never ask back. */
/**
 * What every post event after `PostCreated` carries about its post: ids and the category, never
 * its owner's text (sealed in `PostCreated`/`PostEdited` only; consumers keep their own copy).
 */
export const PostRefFields = { postId: Uuid, ownerId: Uuid, category: Category };

/** The fields an owner may edit (the create form's, but category and neighbourhood). */
export const EditableFields = z.object({
  title: z.string(),
  description: z.string(),
  price: z.string().nullable(),
  company: z.string().nullable(),
  salary: z.string().nullable(),
  eventDate: Timestamp.nullable(),
  address: z.string().nullable(),
  imagePaths: z.array(z.string()),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
});
export type EditableFields = z.infer<typeof EditableFields>;
export const EDITABLE_FIELDS = Object.keys(EditableFields.shape) as (keyof EditableFields)[];

export const PostEdited = defineEvent(
  'posts',
  'PostEdited',
  z.object({
    ...PostRefFields,
    /** The new values of the fields that changed. */
    changes: EditableFields.partial(),
    /** Their values before. */
    previous: EditableFields.partial(),
    /** When the post now expires (an event whose date moved), else absent. */
    expiresAt: Timestamp.optional(),
    /** The description's mentions, when it changed (absent: they stay as they were). */
    mentions: z.array(MentionSpan).optional(),
    /** Those the edit mentions first: only they are told. */
    newlyMentioned: z.array(Uuid).default([]),
  }),
);
export const PostClosed = defineEvent(
  'posts',
  'PostClosed',
  z.object({ ...PostRefFields, reason: CloseReason, buyerId: Uuid.optional() }),
);
/** An offer on the post was accepted (messaging's OfferAccepted): pending, before sold. */
export const PostMarkedPending = defineEvent(
  'posts',
  'PostMarkedPending',
  z.object({ ...PostRefFields, buyerId: Uuid, offerId: Uuid }),
);
/** Its owner put a pending post back up for sale. */
export const PostPendingCleared = defineEvent('posts', 'PostPendingCleared', z.object({ ...PostRefFields }));
export const PostReopened = defineEvent('posts', 'PostReopened', z.object({ ...PostRefFields }));
/** A post event that names an expiry date. */
const withExpiry = <Name extends string>(type: Name) =>
  defineEvent('posts', type, z.object({ ...PostRefFields, expiresAt: Timestamp }));
export const PostRenewed = withExpiry('PostRenewed');
/** Recorded by the expiry sweep: the post left the feed. */
export const PostExpired = withExpiry('PostExpired');
/** Recorded by the expiry sweep three days ahead: its owner is told (once per expiry date). */
export const PostExpiringSoon = withExpiry('PostExpiringSoon');
export const PostDeleted = defineEvent(
  'posts',
  'PostDeleted',
  z.object({ ...PostRefFields, imagePaths: z.array(z.string()) }),
);
/** An answer to an event taken back: the row is gone (no third state). */
export const AttendanceWithdrawn = defineEvent(
  'posts',
  'AttendanceWithdrawn',
  z.object({ ...PostRefFields, userId: Uuid, previousStatus: z.enum(['interested', 'going']) }),
);
export const SavedSearchCreated = defineEvent(
  'posts',
  'SavedSearchCreated',
  SavedSearchCriteria.extend({ searchId: Uuid, userId: Uuid }),
);
export const SavedSearchDeleted = defineEvent(
  'posts',
  'SavedSearchDeleted',
  z.object({ searchId: Uuid, userId: Uuid }),
);

/** What happens to a post after it is created: the events of its stream but PostCreated. */
export const postLifecycleEvents = [
  PostEdited,
  PostClosed,
  PostReopened,
  PostMarkedPending,
  PostPendingCleared,
  PostRenewed,
  PostExpired,
  PostExpiringSoon,
  PostDeleted,
] as const;

export const lifecycleEvents = [
  ...postLifecycleEvents,
  AttendanceWithdrawn,
  SavedSearchCreated,
  SavedSearchDeleted,
] as const;
