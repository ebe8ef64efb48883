import { UserIdParams } from '../identity';
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
  SetVerifiedRequest,
  VerifiedResponse,
} from '../moderation';
import { PostIdParams } from '../posts';
import { type EndpointSchemas, exportPartSchemas, NoBody } from './endpoint-schema';

// The schemas of moderation-routes.ts's endpoints, under the same names: part of
// ENDPOINT_SCHEMAS (schemas.ts).

// biome-ignore format: one endpoint a line reads as a table
export const MODERATION_SCHEMAS = {
  fileReport: {
    summary: 'Report a post, a comment, a member or a message (reporting the same thing again is one report)',
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
  setUserVerified: {
    summary: "Set or take away a member's verified mark (moderators)",
    params: UserIdParams,
    body: SetVerifiedRequest,
    response: { 200: VerifiedResponse },
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
  moderationExport: exportPartSchemas,
} as const satisfies Record<string, EndpointSchemas>;
