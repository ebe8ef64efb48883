import type { ModerationCase, Report, ReportReason, ReportStatus, ReportTargetType } from '@waco/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { ModerationDatabase, ReportsTable } from './schema';
import { targetsAsMembersSeeThem } from './targets';

type Db = Kysely<ModerationDatabase>;
type ReportRow = Selectable<ReportsTable>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    targetType: row.target_type as ReportTargetType,
    targetId: row.target_id,
    reason: row.reason as ReportReason,
    details: row.details,
    status: row.status as ReportStatus,
    outcomeNote: row.outcome_note,
    createdAt: row.created_at.toISOString(),
    resolvedAt: iso(row.resolved_at),
  };
}

export async function reportById(db: Db, id: string): Promise<Report | undefined> {
  const row = await db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toReport(row);
}

/** The raw row: the resolve command needs the target it names. */
export async function reportRow(db: Db, id: string) {
  return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A member's own reports, newest first, with their outcome. */
export async function reportsBy(db: Db, reporterId: string): Promise<Report[]> {
  const { rows } = await sql<ReportRow>`
    SELECT * FROM reports WHERE reporter_id = ${reporterId} ORDER BY created_at DESC, id DESC LIMIT 200`.execute(
    db,
  );
  return rows.map(toReport);
}

/**
 * The moderation queue: reports grouped by target (open ones; or the latest resolutions, one
 * case per target and resolution), each with its count, reasons, details, and the target as
 * members see it.
 */
export async function moderationQueue(db: Db, status: 'open' | 'resolved'): Promise<ModerationCase[]> {
  let query = db.selectFrom('reports').selectAll();
  query =
    status === 'open'
      ? query.where('status', '=', 'open').orderBy('created_at')
      : query.where('status', '<>', 'open').orderBy('resolved_at', 'desc').orderBy('created_at').limit(500);
  const rows = await query.orderBy('id').execute();
  const groups = new Map<string, ReportRow[]>();
  for (const row of rows) {
    const key = `${row.target_type}:${row.target_id}:${iso(row.resolved_at) ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const targets = await targetsAsMembersSeeThem(
    db,
    [...groups.values()].map(([first]) => first as ReportRow),
  );
  const cases: ModerationCase[] = [];
  for (const group of groups.values()) {
    const first = group[0] as ReportRow;
    const target = targets.get(`${first.target_type}:${first.target_id}`);
    if (!target) continue;
    const reasons = new Map<ReportReason, number>();
    for (const r of group)
      reasons.set(r.reason as ReportReason, (reasons.get(r.reason as ReportReason) ?? 0) + 1);
    cases.push({
      id: first.id,
      reportIds: group.map((r) => r.id),
      target,
      count: group.length,
      reasons: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
      details: group.flatMap((r) => (r.details ? [r.details] : [])),
      status: first.status as ReportStatus,
      firstReportedAt: first.created_at.toISOString(),
      lastReportedAt: (group.at(-1) as ReportRow).created_at.toISOString(),
    });
  }
  // The most reported first; then the longest waiting.
  if (status === 'open')
    cases.sort((a, b) => b.count - a.count || a.firstReportedAt.localeCompare(b.firstReportedAt));
  return cases;
}
