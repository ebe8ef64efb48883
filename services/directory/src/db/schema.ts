import type {
  FollowsCopyRow,
  ModerationCopyTables,
  UploadedMediaCopyTable,
  UserDirectoryTable,
} from '@waco/platform';
import type { ColumnType, Selectable } from 'kysely';

/** A timestamptz column: read as a Date, written as a Date or an ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A local business (spec section 3's `businesses`), a projection of the `business-{id}` streams. */
export interface BusinessesTable {
  id: string;
  name: string;
  category: string;
  description: string | null;
  /** Whose key seals the description shown: who added the business, or the owner who last edited it. */
  description_by: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  image_url: string | null;
  neighborhood: string | null;
  added_by: string;
  owner_id: string | null;
  is_verified: boolean;
  removed: boolean;
  /** Hidden by moderation (moderation's events, through the business's stream). */
  hidden: boolean;
  /** The sum of its ratings: the average is rating_sum / reviews_count, kept exact beside it. */
  rating_sum: number;
  reviews_count: number;
  /** decimal(3,2), read as a string by pg. */
  average_rating: ColumnType<string, string | number, string | number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A review (spec section 3's `business_reviews`): one per member per business. */
export interface BusinessReviewsTable {
  id: string;
  business_id: string;
  author_id: string;
  rating: number;
  comment: string | null;
  reply: string | null;
  reply_by: string | null;
  replied_at: Timestamp | null;
  /** Hidden by moderation: out of the list (but for its writer) and out of the average. */
  hidden: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A claim waiting for a moderator (one a business at a time). */
export interface BusinessClaimsTable {
  business_id: string;
  claimant_id: string;
  note: string | null;
  claimed_at: Timestamp;
}

export interface DirectoryDatabase extends ModerationCopyTables, UploadedMediaCopyTable {
  /** directory's copy of users' names and avatars, from identity's events. */
  users: UserDirectoryTable;
  /** Who holds the moderator role (moderation's events): who may verify claims and take businesses down. */
  moderator_roles: { user_id: string; moderator: boolean; position: number };
  /** Who follows whom (identity's events): "recommended by N neighbours you follow". */
  follows: FollowsCopyRow;
  businesses: BusinessesTable;
  business_reviews: BusinessReviewsTable;
  business_claims: BusinessClaimsTable;
}

export type BusinessRow = Selectable<BusinessesTable>;
export type ReviewRow = Selectable<BusinessReviewsTable>;

/** The read tables built from directory's own events: what a rebuild empties and refills. */
export const PROJECTED_TABLES = ['businesses', 'business_reviews', 'business_claims'] as const;
