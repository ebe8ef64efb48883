import { z } from 'zod';
import { cursorPageQuery, Timestamp } from './common';
import { FEED_PAGE_SIZE, FEED_PAGE_SIZE_MAX } from './constants';
import { isHashtagName, normalizeHashtag } from './hashtag-text';

// Hashtags (spec section 3, `hashtags` and `post_hashtags`): read from posts' titles and
// descriptions by posts, which keeps each tag's usageCount with the post's own writes.

export const HASHTAG_NAME_INVALID =
  'A tag is 1 to 50 letters, digits or _ (without the #), such as "furniture" or "niños"';
/** How far back the search modal's Popular Tags look. */
export const POPULAR_HASHTAGS_DAYS = 30;
/** How many Popular Tags the search modal shows. */
export const POPULAR_HASHTAGS_COUNT = 6;

/** A tag's name in an address: normalized (composed, lower case), refused when it cannot be a tag. */
export const HashtagName = z
  .string()
  .transform((name) => normalizeHashtag(name))
  .refine(isHashtagName, HASHTAG_NAME_INVALID);

export const HashtagParams = z.strictObject({ name: HashtagName });
export const HashtagPostsQuery = cursorPageQuery(FEED_PAGE_SIZE_MAX, FEED_PAGE_SIZE);
export type HashtagPostsQuery = z.input<typeof HashtagPostsQuery>;

/** A tag: how many posts carry it now (0 for one never used or no longer used). */
export const Hashtag = z.object({
  name: z.string(),
  usageCount: z.number().int(),
  /** When it was first used (null: never). */
  createdAt: Timestamp.nullable(),
});
export type Hashtag = z.infer<typeof Hashtag>;

export const PopularHashtags = z.object({
  /** The most used tags of the last 30 days, most used first, filled up with the spec's six. */
  tags: z.array(z.object({ name: z.string(), recentPosts: z.number().int() })),
});
export type PopularHashtags = z.infer<typeof PopularHashtags>;
