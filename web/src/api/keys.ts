import type { Category, Neighborhood } from '@waco/contracts';

/** The feed's filters; every one is optional. */
export interface FeedFilters {
  category?: Category;
  search?: string;
  neighborhood?: Neighborhood;
  /** Only posts of the members the viewer follows (signed in). */
  following?: boolean;
  // Price range, free items only, and the order.
  minPrice?: number;
  maxPrice?: number;
  free?: boolean;
  sort?: 'newest' | 'price_asc' | 'price_desc';
}

/** Query keys, one place, so that invalidations match what the screens read. */
export const queryKeys = {
  user: ['user'] as const,
  /** Every post list (the feed with any filters, and the per-user lists). */
  postLists: ['post-lists'] as const,
  feed: (filters: FeedFilters) => ['post-lists', 'feed', filters] as const,
  myList: (kind: 'posts' | 'saved' | 'liked') => ['post-lists', 'me', kind] as const,
  post: (id: string) => ['post', id] as const,
  /** One post's like/save status for the signed-in user. */
  postStatus: (id: string) => ['post', id, 'status'] as const,
  /** The bulk status query of a feed page (spec: "exists by key only"). */
  bulkStatus: (ids: readonly string[]) => ['post-statuses', ids] as const,
  attendance: (postId: string) => ['attendance', postId] as const,
  /** Every top-filters query, whatever its limit. */
  allTopFilters: ['top-filters'] as const,
  topFilters: (limit: number) => ['top-filters', limit] as const,
  /** Unread notifications and messages (the stream's `unread`, or a poll). */
  unread: ['unread-counts'] as const,
  notifications: ['notifications'] as const,
  /** Where each kind of notification comes, and the digest. */
  notificationSettings: ['notification-settings'] as const,
  /** Conversation summaries and threads. */
  messages: ['messages'] as const,
  conversations: ['messages', 'list'] as const,
  thread: (conversationId: string) => ['messages', 'thread', conversationId] as const,
  /** A conversation's deal: its post, offers and ratings. */
  deal: (conversationId: string) => ['deals', conversationId] as const,
  publicUser: (id: string) => ['users', id] as const,
  userPosts: (id: string) => ['post-lists', 'user', id] as const,
  /** A member's ratings and typical reply time (their profile). */
  memberStanding: (id: string) => ['deals', 'standing', id] as const,
  /** A tag, its posts, and the Popular Tags. */
  hashtag: (name: string) => ['hashtags', name] as const,
  hashtagPosts: (name: string) => ['post-lists', 'hashtag', name] as const,
  /** A group's feed (its page). */
  groupPosts: (id: string) => ['post-lists', 'group', id] as const,
  popularHashtags: ['hashtags', 'popular'] as const,
  /** The `@` suggestions for what follows the `@`. */
  mentionSuggestions: (prefix: string) => ['mention-suggestions', prefix] as const,
  /** The viewer's follow of a member, and a member's followers or followed. */
  followStatus: (id: string) => ['follows', 'status', id] as const,
  followList: (id: string, side: 'followers' | 'following') => ['follows', 'list', id, side] as const,
  follows: ['follows'] as const,
  // moderation: one's standing and blocks, one's reports, the moderators' queue, audit and bursts
  standing: ['moderation', 'standing'] as const,
  blocks: ['moderation', 'blocks'] as const,
  myReports: ['moderation', 'reports', 'mine'] as const,
  moderationQueue: (status: 'open' | 'resolved') => ['moderation', 'queue', status] as const,
  moderationAudit: ['moderation', 'audit'] as const,
  /** The operator's console: each of its parts under one prefix, refreshed together. */
  console: ['console'] as const,
  consolePart: (part: 'overview' | 'dead-letters' | 'consumers' | 'roles') => ['console', part] as const,
  limitBursts: ['moderation', 'bursts'] as const,
};
