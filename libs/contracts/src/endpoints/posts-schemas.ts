import { z } from 'zod';
import {
  Comment,
  CommentIdParams,
  CommentLikeResponse,
  CommentPage,
  CommentsQuery,
  CreateCommentRequest,
  UpdateCommentRequest,
} from '../comments';
import { Hashtag, HashtagParams, HashtagPostsQuery, PopularHashtags } from '../hashtags';
import { UserIdParams } from '../identity';
import { ClosePostRequest, SavedSearch, SavedSearchIdParams, SavedSearchRequest } from '../lifecycle';
import { MentionSuggestions, MentionSuggestionsQuery } from '../mentions';
import { DailyCounts } from '../operator-console';
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
import { type EndpointSchemas, exportPartSchemas, NoBody } from './endpoint-schema';

// The schemas of posts-routes.ts's endpoints, under the same names: part of
// ENDPOINT_SCHEMAS (schemas.ts).

/** A command on one post that answers the post as it now is (the lifecycle's). */
const answersPost = { params: PostIdParams, response: { 200: Post }, rawResponse: true } as const;
const answer = { 200: AttendanceResponse };

/** The answer of the feeds read straight from Postgres as JSON: a page of posts. */
const RawPostPage = { response: { 200: PostPage }, rawResponse: true } as const;

// biome-ignore format: one endpoint a line reads as a table
export const POSTS_SCHEMAS = {
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

  // a post's lifecycle, withdrawn answers, saved searches
  updatePost: { summary: "Edit one's own post", body: UpdatePostRequest, ...answersPost },
  deletePost: { summary: "Delete one's own post (or, as a group's moderator or admin, a post in the group)", params: PostIdParams, answer: '204, no content' },
  closePost: { summary: "Mark one's post sold, filled or cancelled", body: ClosePostRequest, ...answersPost },
  reopenPost: { summary: "Reopen one's closed post", body: NoBody, ...answersPost },
  renewPost: { summary: "Renew one's post for another 30 days", body: NoBody, ...answersPost },
  getPostCalendar: { summary: 'An event as an iCalendar file (RFC 5545)', params: PostIdParams, answer: 'text/calendar: one VEVENT' },
  withdrawAttendance: { summary: 'Withdraw an answer to an event', query: AttendanceQuery, response: answer },
  createSavedSearch: { summary: 'Save a search', body: SavedSearchRequest, response: { 201: SavedSearch } },
  listSavedSearches: { summary: "One's saved searches", response: { 200: z.array(SavedSearch) } },
  deleteSavedSearch: { summary: 'Remove a saved search', params: SavedSearchIdParams, answer: '204, no content' },

  // comments and replies
  listComments: { summary: "A post's comments and replies, oldest first, a page of top-level comments at a time", params: PostIdParams, query: CommentsQuery, response: { 200: CommentPage } },
  openThreadStream: { summary: "A post's thread, live: that it changed and its count, for anyone who may see the post", params: PostIdParams, answer: 'A stream of Server-Sent Events (`thread`: `{postId, commentsCount}`, first the current count); 404 when the post cannot be seen, 503 with Retry-After when too many are open' },
  createComment: { summary: 'Comment on a post, or reply to a comment (parentId)', params: PostIdParams, body: CreateCommentRequest, response: { 201: Comment } },
  updateComment: { summary: "Edit one's own comment", params: CommentIdParams, body: UpdateCommentRequest, response: { 200: Comment } },
  deleteComment: { summary: "Delete one's own comment (or, as a group's moderator or admin, one on a post in the group)", params: CommentIdParams, answer: '204, no content' },
  likeComment: { summary: 'Like or unlike a comment', params: CommentIdParams, response: { 200: CommentLikeResponse } },

  // hashtags and mentions
  listPopularHashtags: { summary: 'The most used hashtags of the last 30 days (the Popular Tags)', response: { 200: PopularHashtags } },
  getHashtag: { summary: 'A hashtag and how many posts carry it', params: HashtagParams, response: { 200: Hashtag } },
  listHashtagPosts: { summary: "A hashtag's posts, newest first", params: HashtagParams, query: HashtagPostsQuery, ...RawPostPage },
  suggestMentions: { summary: 'Neighbours to mention, by the start of their name', query: MentionSuggestionsQuery, response: { 200: MentionSuggestions } },
  countNewPosts: { summary: 'New posts per day (the console, through the gateway)', response: { 200: DailyCounts } },
  postsExport: exportPartSchemas,
} as const satisfies Record<string, EndpointSchemas>;
