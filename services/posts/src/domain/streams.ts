/**
 * The event streams posts writes. Reactions get a stream per (post, user): likes by different
 * users never contend, and one user's toggles are ordered by their stream's version.
 */
export const postStream = (postId: string) => `post-${postId}`;
export const likeStream = (postId: string, userId: string) => `like-${postId}-${userId}`;
export const saveStream = (postId: string, userId: string) => `save-${postId}-${userId}`;
export const attendanceStream = (postId: string, userId: string) => `attendance-${postId}-${userId}`;
export const filterUsageStream = (userId: string) => `filters-${userId}`;
export const savedSearchStream = (searchId: string) => `saved-search-${searchId}`;
export const commentStream = (commentId: string) => `comment-${commentId}`;
export const commentLikeStream = (commentId: string, userId: string) => `comment-like-${commentId}-${userId}`;
