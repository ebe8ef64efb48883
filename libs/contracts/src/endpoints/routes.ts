import { ACCOUNT_ROUTES } from './account-routes';
import type { EndpointRoute } from './endpoint-route';
import { EXPORT_ROUTES } from './export-routes';

export * from './endpoint-route';

// Every HTTP endpoint of the system, declared once: method, path, who may call it, which process
// answers it. Without zod, so that the web app's typed client can use it on its first screen; the
// schemas of each endpoint are in `schemas.ts`, under the same name.

// biome-ignore format: one endpoint a line reads as a table
export const ENDPOINT_ROUTES = {
  // identity: accounts and sessions
  signUp: { method: 'POST', path: '/api/signup', service: 'identity', auth: 'guest-ok', strictRateLimit: true },
  logIn: { method: 'POST', path: '/api/login', service: 'identity', auth: 'guest-ok', strictRateLimit: true },
  loginPage: { method: 'GET', path: '/api/login', service: 'identity', auth: 'guest-ok' },
  logOut: { method: 'GET', path: '/api/logout', service: 'identity', auth: 'guest-ok', endsSession: true },
  devLogIn: { method: 'POST', path: '/api/dev/login-test-user', service: 'identity', auth: 'guest-ok', developmentOnly: true },
  getCurrentUser: { method: 'GET', path: '/api/user', service: 'identity', auth: 'user' },
  updateProfile: { method: 'PUT', path: '/api/user/profile', service: 'identity', auth: 'user' },
  getUser: { method: 'GET', path: '/api/users/:id', service: 'identity', auth: 'guest-ok' },
  resolveSession: { method: 'GET', path: '/internal/sessions/:token', service: 'identity', auth: 'internal' },
  // identity: account recovery and trust (account-routes.ts)
  ...ACCOUNT_ROUTES,
  ...EXPORT_ROUTES,

  // posts
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

  // posts: a post's lifecycle, withdrawn answers, saved searches
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

  // messaging
  startConversation: { method: 'POST', path: '/api/conversations', service: 'messaging', auth: 'user' },
  listMessages: { method: 'GET', path: '/api/messages', service: 'messaging', auth: 'user' },
  sendMessage: { method: 'POST', path: '/api/messages', service: 'messaging', auth: 'user' },
  markConversationRead: { method: 'PUT', path: '/api/messages/read', service: 'messaging', auth: 'user' },

  // notifications, and the live stream of notifications and messages
  listNotifications: { method: 'GET', path: '/api/notifications', service: 'notifications', auth: 'user' },
  readAllNotifications: { method: 'PUT', path: '/api/notifications/read-all', service: 'notifications', auth: 'user' },
  readNotification: { method: 'PUT', path: '/api/notifications/:id/read', service: 'notifications', auth: 'user' },
  openStream: { method: 'GET', path: '/api/stream', service: 'notifications', auth: 'user', stream: true },
  getPushKey: { method: 'GET', path: '/api/push/key', service: 'notifications', auth: 'user' },
  subscribePush: { method: 'POST', path: '/api/push/subscriptions', service: 'notifications', auth: 'user' },
  unsubscribePush: { method: 'DELETE', path: '/api/push/subscriptions', service: 'notifications', auth: 'user' },

  // media: upload sessions (as @uppy/aws-s3 calls them), and the images themselves
  uploadParams: { method: 'GET', path: '/api/media/s3/params', service: 'media', auth: 'user' },
  createMultipart: { method: 'POST', path: '/api/media/s3/multipart', service: 'media', auth: 'user' },
  listParts: { method: 'GET', path: '/api/media/s3/multipart/:uploadId', service: 'media', auth: 'user' },
  signPart: { method: 'GET', path: '/api/media/s3/multipart/:uploadId/:partNumber', service: 'media', auth: 'user' },
  completeMultipart: { method: 'POST', path: '/api/media/s3/multipart/:uploadId/complete', service: 'media', auth: 'user' },
  abortMultipart: { method: 'DELETE', path: '/api/media/s3/multipart/:uploadId', service: 'media', auth: 'user' },
  uploadCredentials: { method: 'GET', path: '/api/media/s3/sts', service: 'media', auth: 'user' },
  createObjectUpload: { method: 'POST', path: '/api/objects/upload', service: 'media', auth: 'user' },
  completeUpload: { method: 'POST', path: '/api/media/complete', service: 'media', auth: 'user' },
  getImage: { method: 'GET', path: '/objects/*', service: 'media', auth: 'guest-ok' },

  // moderation: reports, blocks, the moderation queue (trust and safety)
  fileReport: { method: 'POST', path: '/api/reports', service: 'moderation', auth: 'user' },
  listMyReports: { method: 'GET', path: '/api/reports/mine', service: 'moderation', auth: 'user' },
  blockUser: { method: 'POST', path: '/api/users/:id/block', service: 'moderation', auth: 'user' },
  unblockUser: { method: 'DELETE', path: '/api/users/:id/block', service: 'moderation', auth: 'user' },
  listBlocks: { method: 'GET', path: '/api/user/blocks', service: 'moderation', auth: 'user' },
  getModerationStanding: { method: 'GET', path: '/api/user/moderation', service: 'moderation', auth: 'user' },
  listModerationReports: { method: 'GET', path: '/api/moderation/reports', service: 'moderation', auth: 'moderator' },
  resolveReport: { method: 'POST', path: '/api/moderation/reports/:id/resolve', service: 'moderation', auth: 'moderator' },
  reinstateUser: { method: 'POST', path: '/api/moderation/users/:id/reinstate', service: 'moderation', auth: 'moderator' },
  listModerationAudit: { method: 'GET', path: '/api/moderation/audit', service: 'moderation', auth: 'moderator' },
  listLimitBursts: { method: 'GET', path: '/api/moderation/bursts', service: 'moderation', auth: 'moderator' },

  // the gateway's own
  openApi: { method: 'GET', path: '/api/openapi.json', service: 'gateway', auth: 'guest-ok' },
  apiDocs: { method: 'GET', path: '/api/docs', service: 'gateway', auth: 'guest-ok' },
  uploadToStorage: { method: 'PUT', path: '/storage/*', service: 'gateway', auth: 'guest-ok', embeddedOnly: true },
  robotsTxt: { method: 'GET', path: '/robots.txt', service: 'gateway', auth: 'guest-ok' },
  sitemap: { method: 'GET', path: '/sitemap.xml', service: 'gateway', auth: 'guest-ok' },
  sitemapPart: { method: 'GET', path: '/sitemap-:part', service: 'gateway', auth: 'guest-ok' },
} as const satisfies Record<string, EndpointRoute>;

export type EndpointName = keyof typeof ENDPOINT_ROUTES;
