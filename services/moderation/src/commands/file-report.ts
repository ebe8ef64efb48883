import { type FileReportRequest, type Report, ReportFiled } from '@waco/contracts';
import { handleCommand } from '@waco/platform';
import { v7 as uuidv7 } from 'uuid';
import { awaitTargetOwner, suspensionOf } from '../db/facts';
import { reportById } from '../db/reports';
import { targetStream } from '../domain/streams';
import { openReportOf, targetDecider } from '../domain/target';
import type { ModerationDeps } from './deps';

/**
 * Files a member's report, or answers their open report on the same thing (one report). The
 * third member's report on a post hides it at once (the decider says so in the same append).
 */
export async function fileReport(
  deps: ModerationDeps,
  reporterId: string,
  request: {
    targetType: FileReportRequest['targetType'];
    targetId: string;
    reason: FileReportRequest['reason'];
    details?: string | null;
  },
): Promise<Report> {
  const { state, events } = await handleCommand(
    deps.events,
    targetStream(request.targetType, request.targetId),
    targetDecider,
    {
      type: 'file',
      reportId: uuidv7(),
      reporterId,
      targetType: request.targetType,
      targetId: request.targetId,
      targetOwnerId: await awaitTargetOwner(
        deps.db,
        request.targetType,
        request.targetId,
        reporterId,
        deps.targetNoticeWaitMs,
      ),
      reason: request.reason,
      details: request.details ?? null,
      reporterSuspension: await suspensionOf(deps.db, reporterId),
      now: deps.now(),
    },
    { actorId: reporterId },
  );
  const filed = events.find((e) => e.type === ReportFiled.type);
  const reportId = filed
    ? ReportFiled.schema.parse(filed.data).reportId
    : openReportOf(state, reporterId)?.reportId;
  const report = reportId ? await reportById(deps.db, reportId) : undefined;
  if (!report) throw new Error('the report was not recorded');
  return report;
}
