import { z } from 'zod';
import { Category, Neighborhood, Timestamp, Uuid } from './common';
import {
  FEED_PAGE_SIZE,
  FEED_PAGE_SIZE_MAX,
  MAX_IMAGES_PER_POST,
  TOP_FILTERS_DEFAULT_LIMIT,
} from './constants';
import { ObjectPath } from './identity';

export const PostAuthor = z.object({
  id: Uuid,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type PostAuthor = z.infer<typeof PostAuthor>;

export const Post = z.object({
  id: Uuid,
  userId: Uuid,
  user: PostAuthor,
  title: z.string(),
  description: z.string(),
  category: Category,
  neighborhood: Neighborhood,
  price: z.string().nullable(),
  company: z.string().nullable(),
  salary: z.string().nullable(),
  eventDate: Timestamp.nullable(),
  address: z.string().nullable(),
  imagePaths: z.array(z.string()),
  contactPhone: z.string().nullable().optional(),
  contactEmail: z.string().nullable().optional(),
  likesCount: z.number().int(),
  savesCount: z.number().int(),
  commentsCount: z.number().int(),
  interestedCount: z.number().int(),
  goingCount: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Post = z.infer<typeof Post>;

export const PostPage = z.object({ posts: z.array(Post), nextCursor: z.string().nullable() });
export type PostPage = z.infer<typeof PostPage>;

export const FeedQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_SIZE_MAX).default(FEED_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  cursor: z.string().max(200).optional(),
  category: Category.optional(),
  search: z.string().trim().max(200).optional(),
  neighborhood: Neighborhood.optional(),
});
export type FeedQuery = z.infer<typeof FeedQuery>;

const Money = z
  .string()
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, 'Price must be a number from 0 to 99999999.99 with at most two decimals')
  .transform((v) => Number(v).toFixed(2));

const Optional = (max: number, label: string) =>
  z.string().trim().max(max, `${label} is at most ${max} characters`).nullish();

/** One post schema for the create form and the server. */
export const CreatePostRequest = z
  .strictObject({
    category: Category,
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(3, 'Title must be at least 3 characters')
      .max(120, 'Title must be at most 120 characters'),
    description: z
      .string({ error: 'Description is required' })
      .trim()
      .min(1, 'Description is required')
      .max(5000, 'Description must be at most 5000 characters'),
    neighborhood: Neighborhood.default('other'),
    price: Money.nullish(),
    company: Optional(120, 'Company'),
    salary: Optional(120, 'Salary'),
    eventDate: z.iso.datetime({ offset: true, error: 'Event date must be a valid date' }).nullish(),
    address: Optional(200, 'Address'),
    contactPhone: Optional(40, 'Contact phone'),
    contactEmail: z.email('Contact email must be a valid email').nullish(),
    imagePaths: z
      .array(ObjectPath)
      .max(MAX_IMAGES_PER_POST, `At most ${MAX_IMAGES_PER_POST} photos`)
      .default([]),
  })
  .refine((p) => p.category !== 'event' || Boolean(p.eventDate), {
    message: 'Event date is required for events',
    path: ['eventDate'],
  });
export type CreatePostRequest = z.input<typeof CreatePostRequest>;

export const PostIdParams = z.strictObject({ id: Uuid });
export const PostStatus = z.object({ isLiked: z.boolean(), isSaved: z.boolean() });
export type PostStatus = z.infer<typeof PostStatus>;
export const BulkStatusRequest = z.strictObject({ ids: z.array(Uuid).max(FEED_PAGE_SIZE_MAX) });
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
  filterValue: z.string().trim().min(1, 'filterValue is required').max(100),
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
  limit: z.coerce.number().int().min(1).max(8).default(TOP_FILTERS_DEFAULT_LIMIT),
});
