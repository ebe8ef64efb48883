import {
  REPORT_NOT_FOUND,
  ReportsResolved,
  type ReportTargetType,
  type ResolveAction,
} from '@waco/contracts';
import { handleCommand, inTransaction, notFound, transactionRetryingConflicts } from '@waco/platform';
import { reportRow } from '../db/reports';
import { memberDecider } from '../domain/member';
import { memberStream, targetStream } from '../domain/streams';
import { targetDecider } from '../domain/target';
import type { ModerationDeps } from './deps';

/**
 * A moderator resolves every open report of the target that report `reportId` is about. A
 * suspension is also a `UserSuspended` on the owner's stream, in the same transaction.
 */
export async function resolveReport(
  deps: ModerationDeps,
  moderatorId: string,
  reportId: string,
  request: { action: ResolveAction; note?: string | null },
) {
  const report = await reportRow(deps.db, reportId);
  if (!report) throw notFound(REPORT_NOT_FOUND);
  const now = deps.now();
  const note = request.note ?? null;
  const metadata = { actorId: moderatorId };
  const resolved = await transactionRetryingConflicts(deps.db, async (trx) => {
    const store = inTransaction(deps.events, trx);
    const { events } = await handleCommand(
      store,
      targetStream(report.target_type as ReportTargetType, report.target_id),
      targetDecider,
      {
        type: 'resolve',
        moderatorId,
        action: request.action,
        note,
        targetType: report.target_type as ReportTargetType,
        targetId: report.target_id,
        targetOwnerId: report.target_owner_id,
        now,
      },
      metadata,
    );
    if (request.action === 'suspend') {
      await handleCommand(
        store,
        memberStream(report.target_owner_id),
        memberDecider,
        { type: 'suspend', userId: report.target_owner_id, moderatorId, note, now },
        metadata,
      );
    }
    return events;
  });
  const [first] = resolved;
  const count = first ? ReportsResolved.schema.parse(first.data).reportIds.length : 0;
  return { id: reportId, action: request.action, resolvedReports: count };
}

/** A moderator lifts a member's suspension. */
export async function reinstateMember(deps: ModerationDeps, moderatorId: string, userId: string) {
  await handleCommand(
    deps.events,
    memberStream(userId),
    memberDecider,
    { type: 'reinstate', userId, moderatorId, now: deps.now() },
    { actorId: moderatorId },
  );
  return { userId, suspended: false as const };
}
