import { serviceRoutes } from './endpoint-route';

// posts' endpoints: the feeds, posts, likes, saves and answers to events, a post's lifecycle,
// filters and saved searches, comments, hashtags and mentions.
// Part of ENDPOINT_ROUTES (routes.ts), without zod as it; their schemas: posts-schemas.ts.

// biome-ignore format: one endpoint a line reads as a table
export const POSTS_ROUTES = serviceRoutes('posts', {
  listPosts: { method: 'GET', path: '/api/posts', auth: 'guest-ok', guestCache: true },
  createPost: { method: 'POST', path: '/api/posts', auth: 'user' },
  getPostStatuses: { method: 'POST', path: '/api/posts/status', auth: 'user' },
  getPost: { method: 'GET', path: '/api/posts/:id', auth: 'guest-ok', guestCache: true },
  getPostStatus: { method: 'GET', path: '/api/posts/:id/status', auth: 'user' },
  likePost: { method: 'POST', path: '/api/posts/:id/like', auth: 'user' },
  savePost: { method: 'POST', path: '/api/posts/:id/save', auth: 'user' },
  getAttendance: { method: 'GET', path: '/api/event-attendance', auth: 'user' },
  setAttendance: { method: 'POST', path: '/api/event-attendance', auth: 'user' },
  getTopFilters: { method: 'GET', path: '/api/user/top-filters', auth: 'user' },
  recordFilterUsage: { method: 'POST', path: '/api/user/filter-usage', auth: 'user' },
  listMyPosts: { method: 'GET', path: '/api/users/me/posts', auth: 'user' },
  listMySaved: { method: 'GET', path: '/api/users/me/saved', auth: 'user' },
  listMyLiked: { method: 'GET', path: '/api/users/me/liked', auth: 'user' },
  listUserPosts: { method: 'GET', path: '/api/users/:id/posts', auth: 'guest-ok', guestCache: true },
  listSitemapPosts: { method: 'GET', path: '/internal/sitemap/posts', auth: 'internal' },
  countNewPosts: { method: 'GET', path: '/internal/figures/posts', auth: 'internal' },

  // a post's lifecycle, withdrawn answers, saved searches
  updatePost: { method: 'PATCH', path: '/api/posts/:id', auth: 'user' },
  deletePost: { method: 'DELETE', path: '/api/posts/:id', auth: 'user' },
  closePost: { method: 'POST', path: '/api/posts/:id/close', auth: 'user' },
  reopenPost: { method: 'POST', path: '/api/posts/:id/reopen', auth: 'user' },
  renewPost: { method: 'POST', path: '/api/posts/:id/renew', auth: 'user' },
  getPostCalendar: { method: 'GET', path: '/api/posts/:id/calendar.ics', auth: 'guest-ok' },
  withdrawAttendance: { method: 'DELETE', path: '/api/event-attendance', auth: 'user' },
  createSavedSearch: { method: 'POST', path: '/api/saved-searches', auth: 'user' },
  listSavedSearches: { method: 'GET', path: '/api/saved-searches', auth: 'user' },
  deleteSavedSearch: { method: 'DELETE', path: '/api/saved-searches/:id', auth: 'user' },

  // comments and replies
  listComments: { method: 'GET', path: '/api/posts/:id/comments', auth: 'guest-ok' },
  openThreadStream: { method: 'GET', path: '/api/posts/:id/comments/stream', auth: 'guest-ok', stream: true },
  createComment: { method: 'POST', path: '/api/posts/:id/comments', auth: 'user' },
  updateComment: { method: 'PATCH', path: '/api/comments/:id', auth: 'user' },
  deleteComment: { method: 'DELETE', path: '/api/comments/:id', auth: 'user' },
  likeComment: { method: 'POST', path: '/api/comments/:id/like', auth: 'user' },

  // hashtags and mentions
  listPopularHashtags: { method: 'GET', path: '/api/hashtags', auth: 'guest-ok', guestCache: true },
  getHashtag: { method: 'GET', path: '/api/hashtags/:name', auth: 'guest-ok', guestCache: true },
  listHashtagPosts: { method: 'GET', path: '/api/hashtags/:name/posts', auth: 'guest-ok', guestCache: true },
  suggestMentions: { method: 'GET', path: '/api/mentions/suggestions', auth: 'user' },
});
