import { z } from 'zod';
import { commentEvents } from './comments';
import {
  Category,
  MemberCard,
  Neighborhood,
  offsetPageQuery,
  offsetPaging,
  pageCursor,
  pageLimit,
  requiredText,
  Timestamp,
  Uuid,
  withSomeChange,
} from './common';
import {
  FEED_PAGE_SIZE,
  FEED_PAGE_SIZE_MAX,
  MAX_IMAGES_PER_POST,
  TOP_FILTERS_DEFAULT_LIMIT,
  TOP_FILTERS_SEARCH_LIMIT,
} from './constants';
import { defineEvent } from './envelope';
import { ObjectPath } from './identity';
import {
  CloseReason,
  EditableFields,
  FeedSort,
  lifecycleEvents,
  MaxPrice,
  MinPrice,
  PostRefFields,
  PostState,
} from './lifecycle';
import { CommentLimitReached, PostingLimitReached } from './member-limit-events';
import { MENTIONS_MAX, MentionRequest, MentionRequests, MentionSpan } from './mentions';
import { displayText, LINE_TEXT } from './text';

export const PostAuthor = MemberCard.extend({
  /** Verified by moderators (on posts' cards and pages; absent where not known). */
  isVerified: z.boolean().optional(),
});
export type PostAuthor = z.infer<typeof PostAuthor>;

export const Post = z.object({
  id: Uuid,
  userId: Uuid,
  user: PostAuthor,
  ...EditableFields.shape,
  category: Category,
  neighborhood: Neighborhood,
  // Contact details only where the poster gave them.
  contactPhone: z.string().nullable().optional(),
  contactEmail: z.string().nullable().optional(),
  likesCount: z.number().int(),
  savesCount: z.number().int(),
  commentsCount: z.number().int(),
  interestedCount: z.number().int(),
  goingCount: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  // The lifecycle (lifecycle.ts): active, closed (with its reason) or expired; when it expires
  // (or did); when its owner last edited it (null: never).
  state: PostState,
  closedReason: CloseReason.nullable(),
  /** Present (true) while an accepted offer holds an active sale: "Pending", before sold. */
  pending: z.boolean().optional(),
  expiresAt: Timestamp,
  editedAt: Timestamp.nullable(),
  /** Who the description mentions, and where. */
  mentions: z.array(MentionSpan).optional(),
  /** The group it was posted in (only its members see a private group's posts); null: none. */
  groupId: Uuid.nullable().optional(),
  /** Only on a post moderators hid, and only its owner sees it (nobody else sees the post). */
  hiddenByModerators: z.object({ note: z.string().nullable() }).optional(),
});
export type Post = z.infer<typeof Post>;

export const PostPage = z.object({ posts: z.array(Post), nextCursor: z.string().nullable() });
export type PostPage = z.infer<typeof PostPage>;

/**
 * The feed's query. `cursor` (from the previous page's `nextCursor`) is the keyset way to page:
 * page 200 costs what page 1 costs; `offset` is still accepted. `search` is full text with typo
 * tolerance; words starting with `#` match hashtags.
 */
export const FeedQuery = z.strictObject({
  ...offsetPaging(FEED_PAGE_SIZE_MAX, FEED_PAGE_SIZE, 1_000_000),
  cursor: pageCursor,
  category: Category.optional(),
  search: z.string().trim().max(200, 'search is at most 200 characters').optional(),
  neighborhood: Neighborhood.optional(),
  /** Only posts of the members the viewer follows (signed in only). */
  following: z.enum(['true', 'false'], { error: 'following must be true or false' }).optional(),
  /** Only the posts of this group (its feed; a private group's for its members only). */
  groupId: Uuid.optional(),
  // Lifecycle filters: a price range, free items only, and the order.
  minPrice: MinPrice.optional(),
  maxPrice: MaxPrice.optional(),
  free: z.enum(['true', 'false'], { error: 'free must be true or false' }).optional(),
  sort: FeedSort.default('newest'),
});
export type FeedQuery = z.input<typeof FeedQuery>;

/** Paging of a user's lists (their posts, saved, liked): the feed's paging without filters. */
export const UserPostsQuery = FeedQuery.pick({ limit: true, offset: true, cursor: true });
export type UserPostsQuery = z.input<typeof UserPostsQuery>;

// Forms send an empty string for a field left blank: it means "not given", like null.
const blankToNull = (v: string | null | undefined) => (v ? v : null);

const Money = z
  .string()
  .trim()
  .regex(/^(\d{1,8}(\.\d{1,2})?)?$/, 'Price must be a number from 0 to 99999999.99 with at most two decimals')
  .nullish()
  .transform((v) => (v ? Number(v).toFixed(2) : null));

const Optional = (max: number, label: string) =>
  z.string().trim().max(max, `${label} is at most ${max} characters`).nullish().transform(blankToNull);

const isoDateTime = z.iso.datetime({ offset: true });
/** An ISO-8601 date and time with a zone ("2025-06-01T18:00:00-05:00"), stored in UTC. */
const EventDate = z
  .string()
  .trim()
  .refine((v) => v === '' || isoDateTime.safeParse(v).success, {
    message: 'Event date must be a valid date and time, e.g. 2025-06-01T18:00:00-05:00',
  })
  .nullish()
  .transform((v) => (v ? new Date(v).toISOString() : null));

const email = z.email();
const ContactEmail = z
  .string()
  .trim()
  .max(254, 'Contact email is at most 254 characters')
  .refine((v) => v === '' || email.safeParse(v).success, 'Contact email must be a valid email')
  .nullish()
  .transform(blankToNull);

const Title = requiredText('Title is required', 120, 'Title must be at most 120 characters', {
  min: 3,
  message: 'Title must be at least 3 characters',
}).superRefine(displayText('Title', LINE_TEXT));
const Description = requiredText(
  'Description is required',
  5000,
  'Description must be at most 5000 characters',
);
const ImagePaths = z
  .array(ObjectPath, { error: 'imagePaths must be a list of photo paths' })
  .max(MAX_IMAGES_PER_POST, `At most ${MAX_IMAGES_PER_POST} photos`)
  .refine((paths) => new Set(paths).size === paths.length, 'Each photo may appear only once');

/** The fields an owner may change later, with the create form's rules (all optional). */
const editable = {
  price: Money,
  company: Optional(120, 'Company'),
  salary: Optional(120, 'Salary'),
  eventDate: EventDate,
  address: Optional(200, 'Address'),
  contactPhone: Optional(40, 'Contact phone'),
  contactEmail: ContactEmail,
};

/** One post schema for the create form and the server. */
export const CreatePostRequest = z
  .strictObject({
    category: Category,
    title: Title,
    description: Description,
    neighborhood: Neighborhood.default('other'),
    ...editable,
    imagePaths: ImagePaths.default([]),
    /** The people the description mentions (`@Name`, chosen from the suggestions). */
    mentions: MentionRequests,
    /** The group it is posted in (the poster must be a member); none: the neighbourhood's feed. */
    groupId: Uuid.nullish().transform((v) => v ?? null),
  })
  .refine((p) => p.category !== 'event' || Boolean(p.eventDate), {
    message: 'Event date is required for events',
    path: ['eventDate'],
  });
export type CreatePostRequest = z.input<typeof CreatePostRequest>;
export type CreatePostCommand = z.output<typeof CreatePostRequest>;

/**
 * `PATCH /api/posts/{id}`: the fields to change, with the create form's rules; a field left out
 * stays as it is, an empty one (or null) is cleared. Category and neighbourhood stay.
 */
export const UpdatePostRequest = withSomeChange(
  z.strictObject({
    title: Title.optional(),
    description: Description.optional(),
    ...(Object.fromEntries(Object.entries(editable).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof editable]: z.ZodOptional<(typeof editable)[K]>;
    }),
    imagePaths: ImagePaths.optional(),
    /** The new description's mentions (read only with a description: none when left out). */
    mentions: z.array(MentionRequest).max(MENTIONS_MAX, `At most ${MENTIONS_MAX} mentions`).optional(),
  }),
);
export type UpdatePostRequest = z.input<typeof UpdatePostRequest>;
export type UpdatePostCommand = z.output<typeof UpdatePostRequest>;

export const PostIdParams = z.strictObject({ id: Uuid });
export const PostStatus = z.object({ isLiked: z.boolean(), isSaved: z.boolean() });
export type PostStatus = z.infer<typeof PostStatus>;
export const BulkStatusRequest = z.strictObject({
  ids: z.array(Uuid).max(FEED_PAGE_SIZE_MAX, `At most ${FEED_PAGE_SIZE_MAX} ids at a time`),
});
export const BulkStatusResponse = z.record(z.string(), PostStatus);
export const LikeResponse = z.object({ liked: z.boolean() });
export const SaveResponse = z.object({ saved: z.boolean() });

export const ATTENDANCE_STATUSES = ['interested', 'going'] as const;
export const AttendanceStatus = z.enum(ATTENDANCE_STATUSES, { error: 'Status must be interested or going' });
export const AttendanceQuery = z.strictObject({ postId: Uuid });
export const AttendanceRequest = z.strictObject({ postId: Uuid, status: AttendanceStatus });
export const AttendanceResponse = z.object({ status: AttendanceStatus.nullable() });

export const FILTER_TYPES = ['search_term', 'tag', 'category', 'neighborhood'] as const;
export const FilterType = z.enum(FILTER_TYPES, {
  error: 'filterType must be one of search_term, tag, category, neighborhood',
});
export const FilterUsageRequest = z.strictObject({
  filterType: FilterType,
  filterValue: requiredText('filterValue is required', 100, 'filterValue is at most 100 characters'),
});
export const FilterUsage = z.object({
  id: Uuid,
  filterType: FilterType,
  filterValue: z.string(),
  usageCount: z.number().int(),
  lastUsed: Timestamp,
});
export type FilterUsage = z.infer<typeof FilterUsage>;
export const TopFiltersQuery = z.strictObject({
  limit: pageLimit(TOP_FILTERS_SEARCH_LIMIT, TOP_FILTERS_DEFAULT_LIMIT),
});

// Events of the posts service. Each carries the ids a consumer needs (the actor, the post's
// owner) and its category; the owner's text is in PostCreated and PostEdited only, sealed.
const PostRef = PostRefFields;

export const PostCreated = defineEvent(
  'posts',
  'PostCreated',
  z.object({
    ...PostRef,
    ...EditableFields.shape,
    neighborhood: Neighborhood,
    /** When it expires (lifecycle.ts `expiryOf`); absent on posts made before expiry existed. */
    expiresAt: Timestamp.optional(),
    /** Who the description mentions (each is told), and where (older events: none). */
    mentions: z.array(MentionSpan).default([]),
    /** The group it was posted in (older events: none). */
    groupId: Uuid.nullable().default(null),
  }),
);
const Reaction = z.object({ ...PostRef, userId: Uuid });
export const PostLiked = defineEvent('posts', 'PostLiked', Reaction);
export const PostUnliked = defineEvent('posts', 'PostUnliked', Reaction);
export const PostSaved = defineEvent('posts', 'PostSaved', Reaction);
export const PostUnsaved = defineEvent('posts', 'PostUnsaved', Reaction);
export const AttendanceSet = defineEvent(
  'posts',
  'AttendanceSet',
  z.object({
    ...PostRef,
    userId: Uuid,
    status: AttendanceStatus,
    previousStatus: AttendanceStatus.nullable(),
  }),
);
export const FilterUsed = defineEvent(
  'posts',
  'FilterUsed',
  z.object({ userId: Uuid, filterType: FilterType, filterValue: z.string() }),
);
export const postsEvents = [
  PostCreated,
  PostLiked,
  PostUnliked,
  PostSaved,
  PostUnsaved,
  AttendanceSet,
  FilterUsed,
  ...lifecycleEvents,
  PostingLimitReached,
  CommentLimitReached,
  ...commentEvents,
] as const;

/** The sitemap protocol's limit of addresses in one sitemap file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** A page of the posts a sitemap lists, newest first. */
export const SitemapPostsQuery = offsetPageQuery(SITEMAP_MAX_URLS, SITEMAP_MAX_URLS, 100_000_000);
export type SitemapPostsQuery = z.input<typeof SitemapPostsQuery>;

/**
 * The posts a search engine may list: those a guest sees in the feed (live, not hidden by
 * moderators, not by a suspended member), each with when it last changed; `total` counts them all.
 */
export const SitemapPosts = z.object({
  total: z.number().int(),
  posts: z.array(z.object({ id: Uuid, updatedAt: Timestamp })),
});
export type SitemapPosts = z.infer<typeof SitemapPosts>;

/** A post sent to a group its poster is not a member of (403; a private group's outsider gets 404). */
export const GROUP_MEMBERS_ONLY_POSTS = "Only the group's members can post in it";
