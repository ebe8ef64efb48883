import type { MentionSpan } from '@waco/contracts';
import type { GroupCopyTables, UploadedMediaCopyTable, UserDirectoryTable } from '@waco/platform';
import type { ColumnType, Selectable } from 'kysely';
import type { FollowsCopyTable } from './follows';
import type { MemberMarksTable } from './member-marks';
import type { PostsModerationTables } from './moderation';

/** A timestamptz column: read as a Date, written as a Date or an ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/**
 * The posts read table (spec section 3), a projection of the `post-{id}` streams and of the
 * reaction streams that move its counters. `search` (a generated tsvector) is left out: it is
 * only ever used inside SQL fragments.
 */
export interface PostsTable {
  id: string;
  user_id: string;
  title: string;
  description: string;
  category: 'sale' | 'job' | 'event';
  neighborhood: string;
  /** numeric(10,2): read as a string, which is how the API sends prices. */
  price: string | null;
  company: string | null;
  salary: string | null;
  event_date: Timestamp | null;
  address: string | null;
  image_paths: string[];
  contact_phone: string | null;
  contact_email: string | null;
  /** Lower-cased, without the `#`, taken from title and description when the post is written. */
  hashtags: string[];
  /** Who the description mentions, and where (`MentionSpan`s). */
  mentions: ColumnType<MentionSpan[], string | undefined, string>;
  likes_count: ColumnType<number, number | undefined, number>;
  saves_count: ColumnType<number, number | undefined, number>;
  comments_count: ColumnType<number, number | undefined, number>;
  interested_count: ColumnType<number, number | undefined, number>;
  going_count: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  state: ColumnType<'active' | 'closed' | 'expired', 'active' | 'closed' | 'expired' | undefined>;
  closed_reason: 'sold' | 'filled' | 'cancelled' | null;
  closed_at: Timestamp | null;
  /** When an accepted offer made the sale pending; null when it is not (post-view.ts: `pending`). */
  pending_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  edited_at: Timestamp | null;
  expires_at: Timestamp;
  /** Until when the feed and search show it: see migrations/0004_lifecycle.ts. */
  visible_until: Timestamp;
  /** The expiry date the owner was reminded of (PostExpiringSoon). */
  reminded_for: Timestamp | null;
  /** The group it was posted in (groups' copy: group-copies.ts), or null. */
  group_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A saved search (its criteria); new matching posts notify its owner (notifications keeps a copy). */
export interface SavedSearchesTable {
  id: string;
  user_id: string;
  query: string | null;
  category: 'sale' | 'job' | 'event' | null;
  neighborhood: string | null;
  /** numeric(10,2): read as a string. */
  min_price: string | number | null;
  max_price: string | number | null;
  created_at: Timestamp;
}

/** One row per (user, post) currently liked; `id` and `created_at` come from the event. */
export interface ReactionTable {
  id: string;
  user_id: string;
  post_id: string;
  created_at: Timestamp;
}

export interface EventAttendanceTable {
  id: string;
  user_id: string;
  post_id: string;
  status: 'interested' | 'going';
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserFilterPreferencesTable {
  id: string;
  user_id: string;
  filter_type: 'search_term' | 'tag' | 'category' | 'neighborhood';
  filter_value: string;
  usage_count: number;
  last_used: Timestamp;
  created_at: Timestamp;
}

/** A comment or a reply (its row stays, without text, while a deleted comment has replies). */
export interface CommentsTable {
  id: string;
  post_id: string;
  user_id: string;
  parent_id: string | null;
  depth: number;
  content: string;
  /** Who the text mentions, and where (`MentionSpan`s). */
  mentions: ColumnType<MentionSpan[], string | undefined, string>;
  likes_count: ColumnType<number, number | undefined, number>;
  deleted: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  edited_at: Timestamp | null;
}

export interface CommentLikesTable {
  id: string;
  user_id: string;
  comment_id: string;
  post_id: string;
  created_at: Timestamp;
}

/** A tag and how many posts carry it; its id is `md5(name)::uuid`. */
export interface HashtagsTable {
  id: string;
  name: string;
  usage_count: number;
  created_at: Timestamp;
}

/** A post carrying a tag, since `created_at` (its id: `md5(post_id || '#' || name)::uuid`). */
export interface PostHashtagsTable {
  id: string;
  post_id: string;
  hashtag_id: string;
  created_at: Timestamp;
}

export interface PostsDatabase
  extends PostsModerationTables,
    FollowsCopyTable,
    MemberMarksTable,
    GroupCopyTables,
    UploadedMediaCopyTable {
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  hashtags: HashtagsTable;
  post_hashtags: PostHashtagsTable;
  posts: PostsTable;
  post_likes: ReactionTable;
  saved_posts: ReactionTable;
  event_attendance: EventAttendanceTable;
  user_filter_preferences: UserFilterPreferencesTable;
  /** Names and avatars, copied from identity's events so that the feed never calls identity. */
  authors: UserDirectoryTable;
  saved_searches: SavedSearchesTable;
}

export type PostRow = Selectable<PostsTable>;

/** The read tables that are projections of this service's own events (what a rebuild refills). */
export const PROJECTED_TABLES = [
  'posts',
  'post_likes',
  'saved_posts',
  'event_attendance',
  'user_filter_preferences',
  'saved_searches',
  'comments',
  'comment_likes',
  'hashtags',
  'post_hashtags',
] as const satisfies readonly (keyof PostsDatabase)[];
