import { z } from 'zod';
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
import {
  AdminStanding,
  ConsoleDeadLetters,
  ConsumerLagList,
  DeadLetterAction,
  RoleHolders,
  SetModeratorRequest,
  SetModeratorResponse,
} from '../operator-console';
import { PostIdParams } from '../posts';
import { type EndpointSchemas, exportPartSchemas, NoBody } from './endpoint-schema';

// The schemas of moderation-routes.ts's endpoints, under the same names: part of
// ENDPOINT_SCHEMAS (schemas.ts).

/** A dead letter's id, as the bus names it. */
const DeadLetterIdParams = z.strictObject({ id: z.string().min(1).max(200) });

// biome-ignore format: one endpoint a line reads as a table
export const MODERATION_SCHEMAS = {
  fileReport: { summary: 'Report a post, a comment, a member or a message (reporting the same thing again is one report)', body: FileReportRequest, response: { 201: Report } },
  listMyReports: { summary: "One's reports and their outcome", response: { 200: ReportList } },
  blockUser: { summary: 'Block a member', params: UserIdParams, body: NoBody, response: { 200: BlockResponse } },
  unblockUser: { summary: 'Unblock a member', params: UserIdParams, response: { 200: BlockResponse } },
  listBlocks: { summary: 'The members one has blocked', response: { 200: BlockList } },
  getModerationStanding: { summary: "One's own standing: moderator or not, suspended or not", response: { 200: ModerationStanding } },
  listModerationReports: { summary: 'The moderation queue, grouped by target (moderators)', query: ModerationQueueQuery, response: { 200: ModerationQueue } },
  resolveReport: { summary: "Resolve a target's reports: dismiss, hide or suspend (moderators)", params: PostIdParams, body: ResolveReportRequest, response: { 200: ResolveReportResponse } },
  reinstateUser: { summary: 'Lift a suspension (moderators)', params: UserIdParams, body: NoBody, response: { 200: ReinstateResponse } },
  setUserVerified: { summary: "Set or take away a member's verified mark (moderators)", params: UserIdParams, body: SetVerifiedRequest, response: { 200: VerifiedResponse } },
  listModerationAudit: { summary: "Every moderator's actions, newest first (moderators)", query: AuditQuery, response: { 200: AuditList } },
  listLimitBursts: { summary: 'Members who reached a posting or messaging limit in the last week, newest first (moderators)', response: { 200: LimitBurstList } },
  moderationExport: exportPartSchemas,
  listConsoleDeadLetters: { summary: 'Every dead letter: its consumer, event, tries and error (the console)', response: { 200: ConsoleDeadLetters } },
  redriveConsoleDeadLetter: { summary: 'Hand a dead letter back to its consumer (audited)', params: DeadLetterIdParams, body: NoBody, response: { 200: DeadLetterAction } },
  dropConsoleDeadLetter: { summary: 'Drop a dead letter for good (audited)', params: DeadLetterIdParams, body: NoBody, response: { 200: DeadLetterAction } },
  listConsumerLag: { summary: "Each consumer's events not yet handled, and any that is not consuming", response: { 200: ConsumerLagList } },
  listRoleHolders: { summary: 'The administrators, moderators and verified members', response: { 200: RoleHolders } },
  setModeratorRole: { summary: 'Grant or revoke the moderator role (audited)', params: UserIdParams, body: SetModeratorRequest, response: { 200: SetModeratorResponse } },
  getAdminStanding: { summary: 'Whether a member holds the admin role (for the gateway)', params: UserIdParams, response: { 200: AdminStanding } },
} as const satisfies Record<string, EndpointSchemas>;
