import { CITY_TIME_ZONE, type DailyCounts, FIGURE_DAYS } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';

/**
 * How many rows of `table` were made on each of the last FIGURE_DAYS days (Waco's days, today
 * included, oldest first, a day with none as 0), and how many there are in all: the operator's
 * console figures. Reads only the window's rows by `column` (indexed where the tables are big).
 */
export async function dailyCounts<DB>(
  db: Kysely<DB>,
  table: keyof DB & string,
  column = 'created_at',
): Promise<DailyCounts> {
  const [t, c] = [sql.table(table), sql.ref(column)];
  const { rows } = await sql<{ day: string; count: number }>`
    WITH window_days AS (
      SELECT generate_series(today - ${FIGURE_DAYS - 1}::int, today, interval '1 day')::date AS day
      FROM (SELECT (now() AT TIME ZONE ${CITY_TIME_ZONE})::date AS today) t
    ), made AS (
      SELECT (${c} AT TIME ZONE ${CITY_TIME_ZONE})::date AS day FROM ${t}
      WHERE ${c} >= ((now() AT TIME ZONE ${CITY_TIME_ZONE})::date - ${FIGURE_DAYS - 1}::int)::timestamp AT TIME ZONE ${CITY_TIME_ZONE}
    )
    SELECT to_char(w.day, 'YYYY-MM-DD') AS day, count(m.day)::int AS count
    FROM window_days w LEFT JOIN made m ON m.day = w.day
    GROUP BY w.day ORDER BY w.day`.execute(db);
  const total = await sql<{ total: number }>`SELECT count(*)::int AS total FROM ${t}`.execute(db);
  return { days: rows, total: total.rows[0]?.total ?? 0 };
}
