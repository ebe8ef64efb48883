import { z } from 'zod';
import {
  CurrentUser,
  LoginRequest,
  ProfileUpdateRequest,
  PublicUser,
  SessionLookup,
  SignupRequest,
  UserIdParams,
} from '../identity';
import { ClosePostRequest, SavedSearch, SavedSearchIdParams, SavedSearchRequest } from '../lifecycle';
import {
  CompleteMultipartRequest,
  CompleteMultipartResponse,
  ConfirmUploadRequest,
  CreateMultipartRequest,
  CreateMultipartResponse,
  ObjectUploadRequest,
  ObjectUploadResponse,
  PartNumber,
  SignPartResponse,
  UploadedImage,
  UploadedParts,
  UploadKeyQuery,
  UploadParamsQuery,
  UploadParamsResponse,
} from '../media';
import {
  ConversationSummary,
  MarkReadRequest,
  MarkReadResponse,
  Message,
  MessagesQuery,
  SendMessageRequest,
  StartConversationRequest,
  StartConversationResponse,
} from '../messaging';
import {
  AuditList,
  AuditQuery,
  BlockList,
  BlockResponse,
  FileReportRequest,
  LimitBurstList,
  ModerationQueue,
  ModerationQueueQuery,
  ModerationStanding,
  ReinstateResponse,
  Report,
  ReportList,
  ResolveReportRequest,
  ResolveReportResponse,
} from '../moderation';
import {
  MarkAllReadResponse,
  Notification,
  NotificationIdParams,
  NotificationList,
  NotificationsQuery,
} from '../notifications';
import {
  AttendanceQuery,
  AttendanceRequest,
  AttendanceResponse,
  BulkStatusRequest,
  BulkStatusResponse,
  CreatePostRequest,
  FeedQuery,
  FilterUsage,
  FilterUsageRequest,
  LikeResponse,
  Post,
  PostIdParams,
  PostPage,
  PostStatus,
  SaveResponse,
  SitemapPosts,
  SitemapPostsQuery,
  TopFiltersQuery,
  UpdatePostRequest,
  UserPostsQuery,
} from '../posts';
import {
  PushKeyResponse,
  PushSubscribeResponse,
  PushSubscriptionRequest,
  PushUnsubscribeRequest,
  PushUnsubscribeResponse,
} from '../push';
import { ACCOUNT_SCHEMAS } from './account-schemas';
import type { EndpointName } from './routes';

/** What an endpoint takes and answers; each schema is applied by the service that owns it. */
export interface EndpointSchemas {
  /** What the endpoint is for, in a line (the API reference shows it). */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answers by status; what is not JSON (a redirect, an image, a stream) has none. */
  response?: { 200?: z.ZodType; 201?: z.ZodType; 202?: z.ZodType };
  /**
   * The handler sends the JSON text itself (read straight from Postgres as JSON): the schema
   * describes the answer, but is not run over it.
   */
  rawResponse?: true;
  /** What the answer is when it is not JSON. */
  answer?: string;
}

/** A POST that takes no payload: nothing, or an empty JSON object. */
export const NoBody = z.strictObject({}).nullish();
export const SessionTokenParams = z.strictObject({ token: z.string().min(1).max(100) });
export const UploadIdParams = z.object({ uploadId: z.string().min(1).max(1024) });
export const PartParams = UploadIdParams.extend({ partNumber: PartNumber });
export const ImageQuery = z.object({
  w: z.coerce
    .number({ error: 'w must be a width in pixels' })
    .int('w must be a whole number of pixels')
    .min(1, 'w must be at least 1')
    .max(10_000, 'w is at most 10000')
    .optional(),
});
/** `/objects/*`: the rest of the path is the image's key. */
export const WildcardParams = z.object({ '*': z.string() });

/** A command on one post that answers the post as it now is (the lifecycle's). */
const answersPost = { params: PostIdParams, response: { 200: Post }, rawResponse: true } as const;
const answer = { 200: AttendanceResponse };

/** The answer of the feeds read straight from Postgres as JSON: a page of posts. */
const RawPostPage = { response: { 200: PostPage }, rawResponse: true } as const;

// biome-ignore format: one endpoint a line reads as a table
export const ENDPOINT_SCHEMAS = {
  signUp: { summary: 'Create an account and sign in', body: SignupRequest, response: { 201: CurrentUser } },
  logIn: { summary: 'Sign in with email and password', body: LoginRequest, response: { 200: CurrentUser } },
  loginPage: { summary: 'Redirect a browser to the sign-in page', answer: 'A redirect to /auth' },
  logOut: { summary: 'End the session and redirect home', answer: 'A redirect to /' },
  devLogIn: { summary: 'Sign in as the test user (development only)', body: NoBody, response: { 200: CurrentUser } },
  getCurrentUser: { summary: 'The signed-in user', response: { 200: CurrentUser } },
  updateProfile: { summary: "Edit one's own profile", body: ProfileUpdateRequest, response: { 200: CurrentUser } },
  getUser: { summary: "A user's public profile", params: UserIdParams, response: { 200: PublicUser } },
  resolveSession: { summary: "Resolve a browser's session cookie (gateway only)", params: SessionTokenParams, response: { 200: SessionLookup } },

  // identity: account recovery and trust (account-schemas.ts)
  ...ACCOUNT_SCHEMAS,

  listPosts: { summary: 'The feed: filter, search, page', query: FeedQuery, ...RawPostPage },
  createPost: { summary: 'Publish a post', body: CreatePostRequest, response: { 201: Post }, rawResponse: true },
  getPostStatuses: { summary: 'Liked and saved, for a page of posts', body: BulkStatusRequest, response: { 200: BulkStatusResponse } },
  getPost: { summary: 'One post', params: PostIdParams, response: { 200: Post }, rawResponse: true },
  getPostStatus: { summary: 'Liked and saved, for one post', params: PostIdParams, response: { 200: PostStatus } },
  likePost: { summary: 'Like or unlike a post', params: PostIdParams, response: { 200: LikeResponse } },
  savePost: { summary: 'Save or unsave a post', params: PostIdParams, response: { 200: SaveResponse } },
  getAttendance: { summary: "One's answer to an event", query: AttendanceQuery, response: { 200: AttendanceResponse } },
  setAttendance: { summary: 'Answer an event: interested or going', body: AttendanceRequest, response: { 200: AttendanceResponse } },
  getTopFilters: { summary: "One's most used filters", query: TopFiltersQuery, response: { 200: z.array(FilterUsage) } },
  recordFilterUsage: { summary: 'Count one use of a filter', body: FilterUsageRequest, response: { 201: FilterUsage } },
  listMyPosts: { summary: "One's own posts", query: UserPostsQuery, ...RawPostPage },
  listMySaved: { summary: "One's saved posts", query: UserPostsQuery, ...RawPostPage },
  listMyLiked: { summary: "One's liked posts", query: UserPostsQuery, ...RawPostPage },
  listUserPosts: { summary: "A user's posts", params: UserIdParams, query: UserPostsQuery, ...RawPostPage },
  listSitemapPosts: { summary: 'The posts a sitemap lists (the gateway only)', query: SitemapPostsQuery, response: { 200: SitemapPosts } },

  // A post's lifecycle, withdrawn answers, saved searches.
  updatePost: { summary: "Edit one's own post", body: UpdatePostRequest, ...answersPost },
  deletePost: { summary: "Delete one's own post", params: PostIdParams, answer: '204, no content' },
  closePost: { summary: "Mark one's post sold, filled or cancelled", body: ClosePostRequest, ...answersPost },
  reopenPost: { summary: "Reopen one's closed post", body: NoBody, ...answersPost },
  renewPost: { summary: "Renew one's post for another 30 days", body: NoBody, ...answersPost },
  getPostCalendar: { summary: 'An event as an iCalendar file (RFC 5545)', params: PostIdParams, answer: 'text/calendar: one VEVENT' },
  withdrawAttendance: { summary: 'Withdraw an answer to an event', query: AttendanceQuery, response: answer },
  createSavedSearch: { summary: 'Save a search', body: SavedSearchRequest, response: { 201: SavedSearch } },
  listSavedSearches: { summary: "One's saved searches", response: { 200: z.array(SavedSearch) } },
  deleteSavedSearch: { summary: 'Remove a saved search', params: SavedSearchIdParams, answer: '204, no content' },

  startConversation: { summary: 'The conversation with a user', body: StartConversationRequest, response: { 200: StartConversationResponse } },
  // The conversations without a conversationId; that thread's messages with one.
  listMessages: { summary: "One's conversations, or one thread's messages", query: MessagesQuery, response: { 200: z.union([z.array(ConversationSummary), z.array(Message)]) } },
  sendMessage: { summary: 'Send a message', body: SendMessageRequest, response: { 201: Message } },
  markConversationRead: { summary: 'Mark a conversation read', body: MarkReadRequest, response: { 200: MarkReadResponse } },

  listNotifications: { summary: "One's notifications and unread count", query: NotificationsQuery, response: { 200: NotificationList } },
  readAllNotifications: { summary: 'Mark every notification read', response: { 200: MarkAllReadResponse } },
  readNotification: { summary: 'Mark one notification read', params: NotificationIdParams, response: { 200: Notification } },
  openStream: { summary: 'Live notifications, messages and unread counts', answer: 'A stream of Server-Sent Events (`notification`, `message`, `unread`)' },
  // Web Push: a device is its push subscription (its endpoint); off without one is off on every device.
  getPushKey: { summary: 'The VAPID public key devices subscribe with', response: { 200: PushKeyResponse } },
  subscribePush: { summary: "Turn push notifications on for this device (its browser's push subscription)", body: PushSubscriptionRequest, response: { 200: PushSubscribeResponse } },
  unsubscribePush: { summary: 'Turn push notifications off for one device, or for every device without an endpoint', body: PushUnsubscribeRequest, response: { 200: PushUnsubscribeResponse } },

  uploadParams: { summary: 'A presigned PUT for one photo', query: UploadParamsQuery, response: { 200: UploadParamsResponse } },
  createMultipart: { summary: 'Start a multipart upload', body: CreateMultipartRequest, response: { 200: CreateMultipartResponse } },
  listParts: { summary: 'The parts uploaded so far', params: UploadIdParams, query: UploadKeyQuery, response: { 200: UploadedParts } },
  signPart: { summary: 'A presigned PUT for one part', params: PartParams, query: UploadKeyQuery, response: { 200: SignPartResponse } },
  completeMultipart: { summary: 'Finish a multipart upload', params: UploadIdParams, query: UploadKeyQuery, body: CompleteMultipartRequest, response: { 200: CompleteMultipartResponse } },
  // The uploader parses every answer as JSON.
  abortMultipart: { summary: 'Abandon a multipart upload', params: UploadIdParams, query: UploadKeyQuery, answer: 'An empty JSON object' },
  uploadCredentials: { summary: 'Temporary credentials: never offered', answer: 'Always 404 {message}: long-lived keys never reach a browser' },
  // The URL is signed for the file's size, so the body must say it (the type defaults to JPEG).
  createObjectUpload: { summary: 'A presigned PUT for one image', body: ObjectUploadRequest.nullish(), response: { 200: ObjectUploadResponse } },
  completeUpload: { summary: 'Confirm a PUT is done, so the image is checked', body: ConfirmUploadRequest, response: { 200: UploadedImage } },
  getImage: { summary: 'An image, optionally resized (?w=)', params: WildcardParams, query: ImageQuery, answer: 'The image bytes (or 304 for a matching If-None-Match)' },

  // moderation (trust and safety)
  fileReport: {
    summary: 'Report a post, a member or a message (reporting the same thing again is one report)',
    body: FileReportRequest,
    response: { 201: Report },
  },
  listMyReports: { summary: "One's reports and their outcome", response: { 200: ReportList } },
  blockUser: {
    summary: 'Block a member',
    params: UserIdParams,
    body: NoBody,
    response: { 200: BlockResponse },
  },
  unblockUser: { summary: 'Unblock a member', params: UserIdParams, response: { 200: BlockResponse } },
  listBlocks: { summary: 'The members one has blocked', response: { 200: BlockList } },
  getModerationStanding: {
    summary: "One's own standing: moderator or not, suspended or not",
    response: { 200: ModerationStanding },
  },
  listModerationReports: {
    summary: 'The moderation queue, grouped by target (moderators)',
    query: ModerationQueueQuery,
    response: { 200: ModerationQueue },
  },
  resolveReport: {
    summary: "Resolve a target's reports: dismiss, hide or suspend (moderators)",
    params: PostIdParams,
    body: ResolveReportRequest,
    response: { 200: ResolveReportResponse },
  },
  reinstateUser: {
    summary: 'Lift a suspension (moderators)',
    params: UserIdParams,
    body: NoBody,
    response: { 200: ReinstateResponse },
  },
  listModerationAudit: {
    summary: "Every moderator's actions, newest first (moderators)",
    query: AuditQuery,
    response: { 200: AuditList },
  },
  listLimitBursts: {
    summary: 'Members who reached a posting or messaging limit in the last week, newest first (moderators)',
    response: { 200: LimitBurstList },
  },

  openApi: { summary: 'This document (OpenAPI 3.1)', answer: 'The OpenAPI document' },
  apiDocs: { summary: 'A readable reference of this API', answer: 'An HTML page' },
  uploadToStorage: { summary: 'The object store behind a presigned URL (embedded launcher only)', answer: "The object store's own answer" },
  robotsTxt: { summary: "Crawlers' rules: public pages allowed, private ones not; the sitemap", answer: 'text/plain' },
  sitemap: { summary: 'The public pages and live posts, for search engines', answer: 'A sitemap (XML), or a sitemap index of sitemap-pages.xml and sitemap-posts-{n}.xml past 50,000 addresses' },
  sitemapPart: { summary: "One part of the sitemap index: sitemap-pages.xml or sitemap-posts-{n}.xml", answer: 'A sitemap (XML)' },
} as const satisfies Record<EndpointName, EndpointSchemas>;

type Schemas = typeof ENDPOINT_SCHEMAS;
type Field<N extends EndpointName, F extends string> = F extends keyof Schemas[N] ? Schemas[N][F] : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type ResponseOf<N extends EndpointName> =
  Field<N, 'response'> extends { 201: z.ZodType }
    ? z.output<Field<N, 'response'>[201]>
    : Field<N, 'response'> extends { 202: z.ZodType }
      ? z.output<Field<N, 'response'>[202]>
      : Field<N, 'response'> extends { 200: z.ZodType }
        ? z.output<Field<N, 'response'>[200]>
        : unknown;

/**
 * The types of each endpoint, for the web's typed client (a type-only import: no zod at run
 * time). A query is typed as the service reads it, every field optional: the service fills in
 * its defaults.
 */
export type EndpointTypes = {
  [N in EndpointName]: {
    params: InputOf<Field<N, 'params'>>;
    query: Field<N, 'query'> extends z.ZodType ? Partial<z.output<Field<N, 'query'>>> : undefined;
    body: InputOf<Field<N, 'body'>>;
    response: ResponseOf<N>;
  };
};

/** Typed request parts, as a service's handler gets them after validation. */
export type EndpointInput<N extends EndpointName> = {
  params: Field<N, 'params'> extends z.ZodType ? z.output<Field<N, 'params'>> : Record<string, never>;
  query: Field<N, 'query'> extends z.ZodType ? z.output<Field<N, 'query'>> : Record<string, never>;
  body: Field<N, 'body'> extends z.ZodType ? z.output<Field<N, 'body'>> : undefined;
};
