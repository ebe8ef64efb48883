import { serviceRoutes } from './endpoint-route';

// posts' endpoints: the feeds, posts, likes, saves and answers to events, a post's lifecycle,
// filters and saved searches, comments, hashtags and mentions.
// Part of ENDPOINT_ROUTES (routes.ts), without zod as it; their schemas: posts-schemas.ts.

// biome-ignore format: one endpoint a line reads as a table
export const POSTS_ROUTES = serviceRoutes('posts', {
  listPosts: { method: 'GET', path: '/api/posts', service: 'posts', auth: 'guest-ok' },
  createPost: { method: 'POST', path: '/api/posts', service: 'posts', auth: 'user' },
  getPostStatuses: { method: 'POST', path: '/api/posts/status', service: 'posts', auth: 'user' },
  getPost: { method: 'GET', path: '/api/posts/:id', service: 'posts', auth: 'guest-ok' },
  getPostStatus: { method: 'GET', path: '/api/posts/:id/status', service: 'posts', auth: 'user' },
  likePost: { method: 'POST', path: '/api/posts/:id/like', service: 'posts', auth: 'user' },
  savePost: { method: 'POST', path: '/api/posts/:id/save', service: 'posts', auth: 'user' },
  getAttendance: { method: 'GET', path: '/api/event-attendance', service: 'posts', auth: 'user' },
  setAttendance: { method: 'POST', path: '/api/event-attendance', service: 'posts', auth: 'user' },
  getTopFilters: { method: 'GET', path: '/api/user/top-filters', service: 'posts', auth: 'user' },
  recordFilterUsage: { method: 'POST', path: '/api/user/filter-usage', service: 'posts', auth: 'user' },
  listMyPosts: { method: 'GET', path: '/api/users/me/posts', service: 'posts', auth: 'user' },
  listMySaved: { method: 'GET', path: '/api/users/me/saved', service: 'posts', auth: 'user' },
  listMyLiked: { method: 'GET', path: '/api/users/me/liked', service: 'posts', auth: 'user' },
  listUserPosts: { method: 'GET', path: '/api/users/:id/posts', service: 'posts', auth: 'guest-ok' },
  listSitemapPosts: { method: 'GET', path: '/internal/sitemap/posts', service: 'posts', auth: 'internal' },
  countNewPosts: { method: 'GET', path: '/internal/figures/posts', service: 'posts', auth: 'internal' },

  // a post's lifecycle, withdrawn answers, saved searches
  updatePost: { method: 'PATCH', path: '/api/posts/:id', service: 'posts', auth: 'user' },
  deletePost: { method: 'DELETE', path: '/api/posts/:id', service: 'posts', auth: 'user' },
  closePost: { method: 'POST', path: '/api/posts/:id/close', service: 'posts', auth: 'user' },
  reopenPost: { method: 'POST', path: '/api/posts/:id/reopen', service: 'posts', auth: 'user' },
  renewPost: { method: 'POST', path: '/api/posts/:id/renew', service: 'posts', auth: 'user' },
  getPostCalendar: { method: 'GET', path: '/api/posts/:id/calendar.ics', service: 'posts', auth: 'guest-ok' },
  withdrawAttendance: { method: 'DELETE', path: '/api/event-attendance', service: 'posts', auth: 'user' },
  createSavedSearch: { method: 'POST', path: '/api/saved-searches', service: 'posts', auth: 'user' },
  listSavedSearches: { method: 'GET', path: '/api/saved-searches', service: 'posts', auth: 'user' },
  deleteSavedSearch: { method: 'DELETE', path: '/api/saved-searches/:id', service: 'posts', auth: 'user' },

  // comments and replies
  listComments: { method: 'GET', path: '/api/posts/:id/comments', service: 'posts', auth: 'guest-ok' },
  openThreadStream: { method: 'GET', path: '/api/posts/:id/comments/stream', service: 'posts', auth: 'guest-ok', stream: true },
  createComment: { method: 'POST', path: '/api/posts/:id/comments', service: 'posts', auth: 'user' },
  updateComment: { method: 'PATCH', path: '/api/comments/:id', service: 'posts', auth: 'user' },
  deleteComment: { method: 'DELETE', path: '/api/comments/:id', service: 'posts', auth: 'user' },
  likeComment: { method: 'POST', path: '/api/comments/:id/like', service: 'posts', auth: 'user' },

  // hashtags and mentions
  listPopularHashtags: { method: 'GET', path: '/api/hashtags', service: 'posts', auth: 'guest-ok' },
  getHashtag: { method: 'GET', path: '/api/hashtags/:name', service: 'posts', auth: 'guest-ok' },
  listHashtagPosts: { method: 'GET', path: '/api/hashtags/:name/posts', service: 'posts', auth: 'guest-ok' },
  suggestMentions: { method: 'GET', path: '/api/mentions/suggestions', service: 'posts', auth: 'user' },
});
