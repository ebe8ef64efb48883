import type { Category, Neighborhood } from '@waco/contracts';

/** The feed's filters; every one is optional. */
export interface FeedFilters {
  category?: Category;
  search?: string;
  neighborhood?: Neighborhood;
}

/** Query keys, one place, so that invalidations match what the screens read. */
export const queryKeys = {
  user: ['/api/user'] as const,
  /** Every post list (the feed with any filters, and the per-user lists). */
  postLists: ['post-lists'] as const,
  feed: (filters: FeedFilters) => ['post-lists', 'feed', filters] as const,
  myList: (kind: 'posts' | 'saved' | 'liked') => ['post-lists', 'me', kind] as const,
  post: (id: string) => ['/api/posts', id] as const,
  /** One post's like/save status for the signed-in user. */
  postStatus: (id: string) => ['/api/posts', id, 'status'] as const,
  /** The bulk status query of a feed page (spec: "exists by key only"). */
  bulkStatus: (ids: readonly string[]) => ['/api/posts/status', ids] as const,
  attendance: (postId: string) => ['/api/event-attendance', postId] as const,
  topFilters: (limit: number) => ['/api/user/top-filters', limit] as const,
  /** Unread notifications and messages (the stream's `unread`, or a poll). */
  unread: ['unread-counts'] as const,
  notifications: ['/api/notifications'] as const,
  /** Conversation summaries and threads. */
  messages: ['/api/messages'] as const,
  conversations: ['/api/messages', 'list'] as const,
  thread: (conversationId: string) => ['/api/messages', 'thread', conversationId] as const,
  publicUser: (id: string) => ['/api/users', id] as const,
  userPosts: (id: string) => ['post-lists', 'user', id] as const,
};
