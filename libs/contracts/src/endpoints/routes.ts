// Every HTTP endpoint of the system, declared once: method, path, who may call it, which process
// answers it. Without zod, so that the web app's typed client can use it on its first screen; the
// schemas of each endpoint are in `schemas.ts`, under the same name.

/** Who may call an endpoint. */
export type EndpointAuth =
  /** A signed-in user: a guest gets 401 before anything of the request is read. */
  | 'user'
  /** Anyone; a signed-in user's id is passed along when there is one. */
  | 'guest-ok'
  /** The other services only: the gateway never forwards it. */
  | 'internal';

/** The processes that answer HTTP requests. */
export const SERVICE_NAMES = ['identity', 'posts', 'messaging', 'notifications', 'media'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointRoute {
  method: HttpMethod;
  /**
   * Literal segments match themselves, `:name` matches one segment, a trailing `/*` matches
   * everything below (the rest of the path is the `*` parameter).
   */
  path: string;
  /** Who answers: a service, or the gateway itself. */
  service: ServiceName | 'gateway';
  auth: EndpointAuth;
  summary: string;
  /** A long-lived streamed answer (SSE): the gateway sets no upstream timeouts. */
  stream?: true;
  /** The answer ends the session in the cookie: the gateway forgets it as it passes through. */
  endsSession?: true;
  /** Exists only where development was asked for (a test helper). */
  developmentOnly?: true;
  /** Exists only in the embedded launcher, whose gateway fronts the object store itself. */
  embeddedOnly?: true;
}

export const ENDPOINT_ROUTES = {
  // identity: accounts and sessions
  signUp: {
    method: 'POST',
    path: '/api/signup',
    service: 'identity',
    auth: 'guest-ok',
    summary: 'Create an account and sign in',
  },
  logIn: {
    method: 'POST',
    path: '/api/login',
    service: 'identity',
    auth: 'guest-ok',
    summary: 'Sign in with email and password',
  },
  loginPage: {
    method: 'GET',
    path: '/api/login',
    service: 'identity',
    auth: 'guest-ok',
    summary: 'Redirect a browser to the sign-in page',
  },
  logOut: {
    method: 'GET',
    path: '/api/logout',
    service: 'identity',
    auth: 'guest-ok',
    endsSession: true,
    summary: 'End the session and redirect home',
  },
  devLogIn: {
    method: 'POST',
    path: '/api/dev/login-test-user',
    service: 'identity',
    auth: 'guest-ok',
    developmentOnly: true,
    summary: 'Sign in as the test user (development only)',
  },
  getCurrentUser: {
    method: 'GET',
    path: '/api/user',
    service: 'identity',
    auth: 'user',
    summary: 'The signed-in user',
  },
  updateProfile: {
    method: 'PUT',
    path: '/api/user/profile',
    service: 'identity',
    auth: 'user',
    summary: "Edit one's own profile",
  },
  getUser: {
    method: 'GET',
    path: '/api/users/:id',
    service: 'identity',
    auth: 'guest-ok',
    summary: "A user's public profile",
  },
  resolveSession: {
    method: 'GET',
    path: '/internal/sessions/:token',
    service: 'identity',
    auth: 'internal',
    summary: "Resolve a browser's session cookie (gateway only)",
  },

  // posts
  listPosts: {
    method: 'GET',
    path: '/api/posts',
    service: 'posts',
    auth: 'guest-ok',
    summary: 'The feed: filter, search, page',
  },
  createPost: {
    method: 'POST',
    path: '/api/posts',
    service: 'posts',
    auth: 'user',
    summary: 'Publish a post',
  },
  getPostStatuses: {
    method: 'POST',
    path: '/api/posts/status',
    service: 'posts',
    auth: 'user',
    summary: 'Liked and saved, for a page of posts',
  },
  getPost: { method: 'GET', path: '/api/posts/:id', service: 'posts', auth: 'guest-ok', summary: 'One post' },
  getPostStatus: {
    method: 'GET',
    path: '/api/posts/:id/status',
    service: 'posts',
    auth: 'user',
    summary: 'Liked and saved, for one post',
  },
  likePost: {
    method: 'POST',
    path: '/api/posts/:id/like',
    service: 'posts',
    auth: 'user',
    summary: 'Like or unlike a post',
  },
  savePost: {
    method: 'POST',
    path: '/api/posts/:id/save',
    service: 'posts',
    auth: 'user',
    summary: 'Save or unsave a post',
  },
  getAttendance: {
    method: 'GET',
    path: '/api/event-attendance',
    service: 'posts',
    auth: 'user',
    summary: "One's answer to an event",
  },
  setAttendance: {
    method: 'POST',
    path: '/api/event-attendance',
    service: 'posts',
    auth: 'user',
    summary: 'Answer an event: interested or going',
  },
  getTopFilters: {
    method: 'GET',
    path: '/api/user/top-filters',
    service: 'posts',
    auth: 'user',
    summary: "One's most used filters",
  },
  recordFilterUsage: {
    method: 'POST',
    path: '/api/user/filter-usage',
    service: 'posts',
    auth: 'user',
    summary: 'Count one use of a filter',
  },
  listMyPosts: {
    method: 'GET',
    path: '/api/users/me/posts',
    service: 'posts',
    auth: 'user',
    summary: "One's own posts",
  },
  listMySaved: {
    method: 'GET',
    path: '/api/users/me/saved',
    service: 'posts',
    auth: 'user',
    summary: "One's saved posts",
  },
  listMyLiked: {
    method: 'GET',
    path: '/api/users/me/liked',
    service: 'posts',
    auth: 'user',
    summary: "One's liked posts",
  },
  listUserPosts: {
    method: 'GET',
    path: '/api/users/:id/posts',
    service: 'posts',
    auth: 'guest-ok',
    summary: "A user's posts",
  },

  // messaging
  startConversation: {
    method: 'POST',
    path: '/api/conversations',
    service: 'messaging',
    auth: 'user',
    summary: 'The conversation with a user',
  },
  listMessages: {
    method: 'GET',
    path: '/api/messages',
    service: 'messaging',
    auth: 'user',
    summary: "One's conversations, or one thread's messages",
  },
  sendMessage: {
    method: 'POST',
    path: '/api/messages',
    service: 'messaging',
    auth: 'user',
    summary: 'Send a message',
  },
  markConversationRead: {
    method: 'PUT',
    path: '/api/messages/read',
    service: 'messaging',
    auth: 'user',
    summary: 'Mark a conversation read',
  },

  // notifications, and the live stream of notifications and messages
  listNotifications: {
    method: 'GET',
    path: '/api/notifications',
    service: 'notifications',
    auth: 'user',
    summary: "One's notifications and unread count",
  },
  readAllNotifications: {
    method: 'PUT',
    path: '/api/notifications/read-all',
    service: 'notifications',
    auth: 'user',
    summary: 'Mark every notification read',
  },
  readNotification: {
    method: 'PUT',
    path: '/api/notifications/:id/read',
    service: 'notifications',
    auth: 'user',
    summary: 'Mark one notification read',
  },
  openStream: {
    method: 'GET',
    path: '/api/stream',
    service: 'notifications',
    auth: 'user',
    stream: true,
    summary: 'Live notifications, messages and unread counts (Server-Sent Events)',
  },

  // media: upload sessions (as @uppy/aws-s3 calls them), and the images themselves
  uploadParams: {
    method: 'GET',
    path: '/api/media/s3/params',
    service: 'media',
    auth: 'user',
    summary: 'A presigned PUT for one photo',
  },
  createMultipart: {
    method: 'POST',
    path: '/api/media/s3/multipart',
    service: 'media',
    auth: 'user',
    summary: 'Start a multipart upload',
  },
  listParts: {
    method: 'GET',
    path: '/api/media/s3/multipart/:uploadId',
    service: 'media',
    auth: 'user',
    summary: 'The parts uploaded so far',
  },
  signPart: {
    method: 'GET',
    path: '/api/media/s3/multipart/:uploadId/:partNumber',
    service: 'media',
    auth: 'user',
    summary: 'A presigned PUT for one part',
  },
  completeMultipart: {
    method: 'POST',
    path: '/api/media/s3/multipart/:uploadId/complete',
    service: 'media',
    auth: 'user',
    summary: 'Finish a multipart upload',
  },
  abortMultipart: {
    method: 'DELETE',
    path: '/api/media/s3/multipart/:uploadId',
    service: 'media',
    auth: 'user',
    summary: 'Abandon a multipart upload',
  },
  uploadCredentials: {
    method: 'GET',
    path: '/api/media/s3/sts',
    service: 'media',
    auth: 'user',
    summary: 'Temporary credentials: never offered (404)',
  },
  createObjectUpload: {
    method: 'POST',
    path: '/api/objects/upload',
    service: 'media',
    auth: 'user',
    summary: 'A presigned PUT for one image',
  },
  completeUpload: {
    method: 'POST',
    path: '/api/media/complete',
    service: 'media',
    auth: 'user',
    summary: 'Confirm a PUT is done, so the image is checked',
  },
  getImage: {
    method: 'GET',
    path: '/objects/*',
    service: 'media',
    auth: 'guest-ok',
    summary: 'An image, optionally resized (?w=)',
  },

  // the gateway's own
  openApi: {
    method: 'GET',
    path: '/api/openapi.json',
    service: 'gateway',
    auth: 'guest-ok',
    summary: 'This document (OpenAPI 3.1)',
  },
  apiDocs: {
    method: 'GET',
    path: '/api/docs',
    service: 'gateway',
    auth: 'guest-ok',
    summary: 'A readable reference of this API',
  },
  uploadToStorage: {
    method: 'PUT',
    path: '/storage/*',
    service: 'gateway',
    auth: 'guest-ok',
    embeddedOnly: true,
    summary: 'The object store behind a presigned URL (embedded launcher only)',
  },
} as const satisfies Record<string, EndpointRoute>;

export type EndpointName = keyof typeof ENDPOINT_ROUTES;
export const ENDPOINT_NAMES = Object.keys(ENDPOINT_ROUTES) as EndpointName[];
