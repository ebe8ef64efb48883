import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { defineEvent } from './envelope';
import { LIMIT_PERIODS, LIMITED_ACTIONS } from './member-limits';
import { REPORT_REASONS } from './moderation-words';
import { PostAuthor } from './posts';

// Trust and safety: reports, the moderation queue and its resolutions, the moderator
// role, suspensions and blocks. The moderation service owns them all; posts, messaging and
// notifications keep copies of what they enforce (blocks, suspensions, hidden posts) from its
// events (the platform's `moderationCopies`).

export const REPORT_TARGET_TYPES = [
  'post',
  'user',
  'message',
  'comment',
  'business',
  'review',
  'group',
  'event',
] as const;
export const ReportTargetType = z.enum(REPORT_TARGET_TYPES, {
  error: 'targetType must be one of post, user, message, comment, business, review, group, event',
});
export type ReportTargetType = z.infer<typeof ReportTargetType>;

export const ReportReason = z.enum(REPORT_REASONS, {
  error: 'reason must be one of scam, prohibited, harassment, spam, other',
});
export type ReportReason = z.infer<typeof ReportReason>;

export const RESOLVE_ACTIONS = ['dismiss', 'hide', 'suspend'] as const;
export const ResolveAction = z.enum(RESOLVE_ACTIONS, {
  error: 'action must be one of dismiss, hide, suspend',
});
export type ResolveAction = z.infer<typeof ResolveAction>;

/** A report's state: open until a moderator resolves its target's reports. */
export const REPORT_STATUSES = ['open', 'dismissed', 'hidden', 'suspended'] as const;
export const ReportStatus = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof ReportStatus>;

/**
 * Distinct members whose open reports hide a post, a comment, a business, a review, a group or an
 * event at once, pending a moderator's review.
 */
export const AUTO_HIDE_REPORTS = 3;
export const REPORT_DETAILS_MAX = 1000;
export const MODERATION_NOTE_MAX = 1000;

export const REPORT_NOT_FOUND = 'Report not found';
export const REPORT_TARGET_NOT_FOUND = 'There is nothing to report there';
export const REPORT_OWN_TARGET =
  "You can't report yourself or your own posts, comments, messages, groups and events";
export const REPORT_ALREADY_RESOLVED = 'These reports were already resolved';
export const HIDE_ONLY_POSTS =
  'Only posts, comments, businesses, reviews, groups and events can be hidden; suspend the member instead';
export const MODERATORS_ONLY = 'Only moderators can do this';
export const ADMINS_ONLY = "Only the site's administrators can do this";
export const DEAD_LETTER_NOT_FOUND = 'No such dead letter: it was handed back or dropped already';
export const NOT_SUSPENDED = 'This member is not suspended';
export const SUSPEND_SELF = "You can't suspend yourself";
export const BLOCK_SELF = "You can't block yourself";
export const USER_NOT_FOUND = 'User not found';
/** Why a message cannot pass between two members, one of whom blocked the other. */
export const BLOCKED_MESSAGING =
  "You can't message each other: one of you has blocked the other. Unblocking lets you talk again.";

const Note = z
  .string()
  .trim()
  .max(MODERATION_NOTE_MAX, `note is at most ${MODERATION_NOTE_MAX} characters`)
  .transform((note) => note || null);

// ---- requests and answers

export const FileReportRequest = z.strictObject({
  targetType: ReportTargetType,
  targetId: Uuid,
  reason: ReportReason,
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, `details are at most ${REPORT_DETAILS_MAX} characters`)
    .transform((d) => d || null)
    .nullish(),
});
export type FileReportRequest = z.input<typeof FileReportRequest>;

/** A report as its reporter sees it (`GET /api/reports/mine`). */
export const Report = z.object({
  id: Uuid,
  targetType: ReportTargetType,
  targetId: Uuid,
  reason: ReportReason,
  details: z.string().nullable(),
  status: ReportStatus,
  /** The moderator's note to the reporters, once resolved. */
  outcomeNote: z.string().nullable(),
  createdAt: Timestamp,
  resolvedAt: Timestamp.nullable(),
});
export type Report = z.infer<typeof Report>;
export const ReportList = z.object({ reports: z.array(Report) });

export const ModerationQueueQuery = z.strictObject({
  status: z.enum(['open', 'resolved'], { error: 'status must be open or resolved' }).default('open'),
});

/** What was reported, as members see it. */
export const ReportedTarget = z.object({
  type: ReportTargetType,
  id: Uuid,
  /** Whose post, account or message it is. */
  owner: PostAuthor,
  /** The post a comment is on (a post's own id for a post), else null. */
  postId: Uuid.nullable(),
  /** A post's title, a member's name, or null for a message or a comment. */
  title: z.string().nullable(),
  /** A post's description, a message's or a comment's text. */
  text: z.string().nullable(),
  category: z.string().nullable(),
  imagePaths: z.array(z.string()),
  createdAt: Timestamp.nullable(),
  /** A post or comment currently hidden (by reports pending review or by a moderator). */
  hidden: z.boolean(),
  /** The owner is suspended. */
  ownerSuspended: z.boolean(),
  /** The owner carries the verified mark (moderators set it). */
  ownerVerified: z.boolean(),
});
export type ReportedTarget = z.infer<typeof ReportedTarget>;

/** One target's reports, as the moderation queue groups them. */
export const ModerationCase = z.object({
  /** The id to resolve the case by: its first report's. */
  id: Uuid,
  reportIds: z.array(Uuid),
  target: ReportedTarget,
  count: z.number().int(),
  reasons: z.array(z.object({ reason: ReportReason, count: z.number().int() })),
  details: z.array(z.string()),
  status: ReportStatus,
  firstReportedAt: Timestamp,
  lastReportedAt: Timestamp,
});
export type ModerationCase = z.infer<typeof ModerationCase>;
export const ModerationQueue = z.object({ cases: z.array(ModerationCase) });

export const ResolveReportRequest = z.strictObject({ action: ResolveAction, note: Note.nullish() });
export const ResolveReportResponse = z.object({
  id: Uuid,
  action: ResolveAction,
  resolvedReports: z.number().int(),
});

export const AuditEntry = z.object({
  id: Uuid,
  action: z.string(),
  moderatorId: Uuid.nullable(),
  moderatorName: z.string().nullable(),
  targetType: z.string(),
  targetId: z.string(),
  note: z.string().nullable(),
  at: Timestamp,
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditList = z.object({ entries: z.array(AuditEntry) });
export const AuditQuery = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(200, 'limit is at most 200')
    .default(100),
});

export const BlockedUser = z.object({ user: PostAuthor, blockedAt: Timestamp });
export type BlockedUser = z.infer<typeof BlockedUser>;
export const BlockList = z.object({ blocks: z.array(BlockedUser) });
export const BlockResponse = z.object({ userId: Uuid, blocked: z.boolean() });

/** What the signed-in member's own standing is: for the web's menus and banners. */
export const ModerationStanding = z.object({
  isModerator: z.boolean(),
  /** Holds the admin role: the operator's console (`/admin`). */
  isAdmin: z.boolean(),
  suspension: z.object({ note: z.string().nullable(), since: Timestamp }).nullable(),
});
export type ModerationStanding = z.infer<typeof ModerationStanding>;

/** A moderator sets or takes away a member's verified mark. */
export const SetVerifiedRequest = z.strictObject({
  verified: z.boolean({ error: 'verified must be true or false' }),
});
export const VerifiedResponse = z.object({ userId: Uuid, verified: z.boolean() });

export const ReinstateResponse = z.object({ userId: Uuid, suspended: z.literal(false) });

/**
 * A member who reached a limit per member (member-limits.ts): posts' `PostingLimitReached` and
 * messaging's `FirstMessageLimitReached`, recorded once per member, action and clock hour.
 */
export const LimitBurst = z.object({
  id: Uuid,
  member: PostAuthor,
  action: z.enum(LIMITED_ACTIONS),
  per: z.enum(LIMIT_PERIODS),
  max: z.number().int(),
  newAccount: z.boolean(),
  reachedAt: Timestamp,
  /** The member is suspended now. */
  memberSuspended: z.boolean(),
});
export type LimitBurst = z.infer<typeof LimitBurst>;
/** The bursts of the last days, newest first. */
export const LimitBurstList = z.object({ bursts: z.array(LimitBurst) });

// ---- events (producer: moderation)

const event = <Name extends string, S extends z.ZodType>(type: Name, schema: S) =>
  defineEvent('moderation', type, schema);
const ids = { targetType: ReportTargetType, targetId: Uuid, targetOwnerId: Uuid };

export const ReportFiled = event(
  'ReportFiled',
  z.object({
    reportId: Uuid,
    ...ids,
    reporterId: Uuid,
    reason: ReportReason,
    details: z.string().nullable(),
    filedAt: Timestamp,
  }),
);
/** A moderator resolved every open report of one target. */
export const ReportsResolved = event(
  'ReportsResolved',
  z.object({
    ...ids,
    reportIds: z.array(Uuid),
    reporterIds: z.array(Uuid),
    action: ResolveAction,
    note: z.string().nullable(),
    moderatorId: Uuid,
    resolvedAt: Timestamp,
  }),
);
/** How a post or a comment was hidden, and how it came back. */
const hiding = {
  ownerId: Uuid,
  by: z.enum(['reports', 'moderator']),
  moderatorId: Uuid.nullable(),
  note: z.string().nullable(),
  hiddenAt: Timestamp,
};
const restoring = { ownerId: Uuid, moderatorId: Uuid, restoredAt: Timestamp };
/** A post hidden from everyone but its owner: by reports pending review, or by a moderator. */
export const PostHiddenByModerators = event('PostHiddenByModerators', z.object({ postId: Uuid, ...hiding }));
export const PostRestoredByModerators = event(
  'PostRestoredByModerators',
  z.object({ postId: Uuid, ...restoring }),
);
/** A comment hidden from everyone but its writer, as a post is (its thread keeps its place). */
export const CommentHiddenByModerators = event(
  'CommentHiddenByModerators',
  z.object({ commentId: Uuid, ...hiding }),
);
export const CommentRestoredByModerators = event(
  'CommentRestoredByModerators',
  z.object({ commentId: Uuid, ...restoring }),
);
/** A business listing hidden from everyone (the directory's): added to harass someone, or not real. */
export const BusinessHiddenByModerators = event(
  'BusinessHiddenByModerators',
  z.object({ businessId: Uuid, ...hiding }),
);
export const BusinessRestoredByModerators = event(
  'BusinessRestoredByModerators',
  z.object({ businessId: Uuid, ...restoring }),
);
/** A business review hidden from everyone but its writer, and out of the business's average. */
export const ReviewHiddenByModerators = event(
  'ReviewHiddenByModerators',
  z.object({ reviewId: Uuid, ...hiding }),
);
export const ReviewRestoredByModerators = event(
  'ReviewRestoredByModerators',
  z.object({ reviewId: Uuid, ...restoring }),
);
/** A group hidden from everyone but its owner (the groups service enforces it), and restored. */
export const GroupHiddenByModerators = event(
  'GroupHiddenByModerators',
  z.object({ groupId: Uuid, ...hiding }),
);
export const GroupRestoredByModerators = event(
  'GroupRestoredByModerators',
  z.object({ groupId: Uuid, ...restoring }),
);
/** A community event hidden from everyone but its organiser, and restored. */
export const EventHiddenByModerators = event(
  'EventHiddenByModerators',
  z.object({ eventId: Uuid, ...hiding }),
);
export const EventRestoredByModerators = event(
  'EventRestoredByModerators',
  z.object({ eventId: Uuid, ...restoring }),
);
const byModerator = { userId: Uuid, moderatorId: Uuid };
export const UserSuspended = event(
  'UserSuspended',
  z.object({ ...byModerator, note: z.string().nullable(), suspendedAt: Timestamp }),
);
export const UserReinstated = event('UserReinstated', z.object({ ...byModerator, reinstatedAt: Timestamp }));
/**
 * The operator's command (`npm run ops -- moderator grant|revoke <email>`), or an administrator's
 * from the console (`by`; absent or null: the operator).
 */
export const ModeratorGranted = event(
  'ModeratorGranted',
  z.object({ userId: Uuid, grantedAt: Timestamp, by: Uuid.nullable().optional() }),
);
export const ModeratorRevoked = event(
  'ModeratorRevoked',
  z.object({ userId: Uuid, revokedAt: Timestamp, by: Uuid.nullable().optional() }),
);
/**
 * The operator's console role (`npm run ops -- admin grant|revoke <email>`): the site's figures,
 * roles, dead letters, lag and readiness (`/admin`).
 */
export const AdminGranted = event('AdminGranted', z.object({ userId: Uuid, grantedAt: Timestamp }));
export const AdminRevoked = event('AdminRevoked', z.object({ userId: Uuid, revokedAt: Timestamp }));
/**
 * A dead letter handed back to its consumer or dropped, from the console (`adminId`) or by the
 * operator's command (none): the audit list's record of it.
 */
export const DeadLetterHandled = event(
  'DeadLetterHandled',
  z.object({
    deadLetterId: z.string(),
    action: z.enum(['redrive', 'drop']),
    consumer: z.string(),
    eventType: z.string().nullable(),
    adminId: Uuid.nullable(),
    at: Timestamp,
  }),
);
/**
 * The verified mark set or taken away, by a moderator (`moderatorId`) or by the operator's command
 * (`npm run ops -- verified grant|revoke <email>`, no moderator).
 */
export const MemberVerificationSet = event(
  'MemberVerificationSet',
  z.object({ userId: Uuid, verified: z.boolean(), moderatorId: Uuid.nullable(), at: Timestamp }),
);
const pair = { blockerId: Uuid, blockedId: Uuid };
export const UserBlocked = event('UserBlocked', z.object({ ...pair, blockedAt: Timestamp }));
export const UserUnblocked = event('UserUnblocked', z.object({ ...pair, unblockedAt: Timestamp }));
/** The events of one reported thing's stream (`target-{type}-{id}`). */
export const targetEvents = [
  ReportFiled,
  ReportsResolved,
  PostHiddenByModerators,
  PostRestoredByModerators,
  CommentHiddenByModerators,
  CommentRestoredByModerators,
  BusinessHiddenByModerators,
  BusinessRestoredByModerators,
  ReviewHiddenByModerators,
  ReviewRestoredByModerators,
  GroupHiddenByModerators,
  GroupRestoredByModerators,
  EventHiddenByModerators,
  EventRestoredByModerators,
] as const;
export const moderationEvents = [
  ...targetEvents,
  UserSuspended,
  UserReinstated,
  ModeratorGranted,
  ModeratorRevoked,
  AdminGranted,
  AdminRevoked,
  MemberVerificationSet,
  UserBlocked,
  UserUnblocked,
  DeadLetterHandled,
] as const;
