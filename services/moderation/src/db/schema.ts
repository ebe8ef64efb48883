import type { UserDirectoryTable } from '@waco/platform';
import type { ColumnType } from 'kysely';

/** A timestamptz column: read as a Date, written as a Date or an ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Every report, a projection of the `target-…` streams (one per reported thing). */
export interface ReportsTable {
  id: string;
  target_type: string;
  target_id: string;
  target_owner_id: string;
  reporter_id: string;
  reason: string;
  details: string | null;
  /** open, dismissed, hidden or suspended. */
  status: string;
  outcome_note: string | null;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
}

/** Members holding the moderator role (`member-…` streams). */
export interface ModeratorsTable {
  user_id: string;
  granted_at: Timestamp;
}

/** Members holding the admin role, the operator's console (`member-…` streams). */
export interface AdminsTable {
  user_id: string;
  granted_at: Timestamp;
}

/** Members suspended now (`member-…` streams). */
export interface SuspensionsTable {
  user_id: string;
  note: string | null;
  moderator_id: string;
  since: Timestamp;
}

/** Who blocked whom (`blocks-…` streams). */
export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: Timestamp;
}

/** Posts hidden now, by reports pending review or by a moderator (`target-post-…` streams). */
export interface HiddenPostsTable {
  post_id: string;
  hidden_by: string;
  note: string | null;
  hidden_at: Timestamp;
}

/** Comments hidden now, by reports pending review or by a moderator (`target-comment-…` streams). */
export interface HiddenCommentsTable {
  comment_id: string;
  hidden_by: string;
  note: string | null;
  hidden_at: Timestamp;
}

/** Groups hidden now (`target-group-…` streams), and events (`hidden_events`, by `event_id`). */
export interface HiddenGroupsTable {
  group_id: string;
  hidden_by: string;
  note: string | null;
  hidden_at: Timestamp;
}
export type HiddenEventsTable = Omit<HiddenGroupsTable, 'group_id'> & { event_id: string };

/** moderation's copy of groups (groups' `GroupCreated`, `GroupHandedOver`) and events (`EventScheduled`). */
export interface KnownGroupsTable {
  id: string;
  /** The group's owner (its creator, or who it was handed over to), or the event's organiser. */
  user_id: string;
  name: string;
  description: string | null;
  image_url: string | null;
  created_at: Timestamp;
}
export type KnownEventsTable = Omit<KnownGroupsTable, 'name'> & { title: string };

/** Members carrying the verified mark now (`member-…` streams). */
export interface VerifiedMembersTable {
  user_id: string;
  verified_at: Timestamp;
}

/** moderation's copy of comments, from posts' `CommentAdded` and `CommentEdited`. */
export interface KnownCommentsTable {
  id: string;
  post_id: string;
  user_id: string;
  content: string;
  created_at: Timestamp;
}

/** Every moderator's (and operator's) action: the audit list. The row's id is its event's. */
export interface AuditTable {
  id: string;
  action: string;
  moderator_id: string | null;
  target_type: string;
  target_id: string;
  note: string | null;
  at: Timestamp;
}

/** moderation's copy of posts, from posts' `PostCreated`: what a reported post showed. */
export interface KnownPostsTable {
  id: string;
  user_id: string;
  title: string;
  description: string;
  category: string;
  image_paths: string[];
  created_at: Timestamp;
}

/** moderation's copy of messages, from messaging's `MessageSent`: what a reported message said. */
export interface KnownMessagesTable {
  id: string;
  conversation_id: string;
  sender_id: string;
  recipient_id: string;
  content: string;
  sent_at: Timestamp;
}

/** Members who reached a limit per member (posts' and messaging's events): bursts. */
export interface LimitBurstsTable {
  id: string;
  user_id: string;
  action: string;
  per: string;
  max: number;
  new_account: boolean;
  reached_at: Timestamp;
}

export interface ModerationDatabase {
  users: UserDirectoryTable;
  known_posts: KnownPostsTable;
  known_messages: KnownMessagesTable;
  known_comments: KnownCommentsTable;
  hidden_comments: HiddenCommentsTable;
  /** directory's businesses and reviews (its events): what a reported one shows, and whose it is. */
  known_businesses: {
    id: string;
    added_by: string;
    name: string;
    description: string | null;
    category: string;
    image_url: string | null;
    created_at: Timestamp;
  };
  known_reviews: {
    id: string;
    business_id: string;
    user_id: string;
    rating: number;
    comment: string | null;
    created_at: Timestamp;
  };
  hidden_businesses: { business_id: string; hidden_by: string; note: string | null; hidden_at: Timestamp };
  hidden_reviews: { review_id: string; hidden_by: string; note: string | null; hidden_at: Timestamp };
  known_groups: KnownGroupsTable;
  known_events: KnownEventsTable;
  hidden_groups: HiddenGroupsTable;
  hidden_events: HiddenEventsTable;
  verified_members: VerifiedMembersTable;
  reports: ReportsTable;
  moderators: ModeratorsTable;
  admins: AdminsTable;
  suspensions: SuspensionsTable;
  blocks: BlocksTable;
  hidden_posts: HiddenPostsTable;
  audit: AuditTable;
  limit_bursts: LimitBurstsTable;
}

/** The read tables built from moderation's own events: what a rebuild empties and refills. */
export const PROJECTED_TABLES = [
  'reports',
  'moderators',
  'admins',
  'suspensions',
  'blocks',
  'hidden_posts',
  'hidden_comments',
  'hidden_businesses',
  'hidden_reviews',
  'hidden_groups',
  'hidden_events',
  'verified_members',
  'audit',
] as const;
