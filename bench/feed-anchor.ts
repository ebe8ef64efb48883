import type { FastifyReply } from 'fastify';
import type pg from 'pg';

/**
 * The anchor's route: the service's own first-page SQL, as a prepared statement on a plain pool
 * (as the service runs it), its rows joined into the page as the service does.
 */
export function serveFeedPage(
  pool: pg.Pool,
  firstPage: { sql: string; parameters: readonly unknown[] },
  pageSize: number,
) {
  return async (_req: unknown, reply: FastifyReply) => {
    const { rows } = await pool.query<{ post: string }>({
      name: 'anchor_first_page',
      text: firstPage.sql,
      values: [...firstPage.parameters],
    });
    const page = rows.slice(0, pageSize).map((r) => r.post);
    return reply.type('application/json').send(`{"posts":[${page.join(',')}],"nextCursor":null}`);
  };
}
