import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * A statement whose text starts with the comment `prepared` (slash-star, as in the event store)
 * is prepared once by each connection and then only executed: Postgres parses and plans it on
 * that connection's first use, not on every call (about half the server's work for the event
 * append; docs/performance.md). For the hot paths' fixed texts: every command's append and stream
 * read, the relay's read, the consumers' inbox and batch statements.
 *
 * Such a statement names its columns (no `*`): a migration that adds a column must not change
 * the result of a statement a connection holds prepared ("cached plan must not change result
 * type"). And its text must not vary with its values (an IN list with a placeholder per item):
 * each text is one more statement kept on every connection.
 */
const MARKED = /^\s*\/\* prepared \*\//;

/** Names beyond this many texts are not given: texts that vary by mistake cannot grow without bound. */
const MAX_NAMES = 2000;
const names = new Map<string, string>();

/**
 * The name a statement's text is prepared under on every connection (the same text, the same
 * name); undefined once MAX_NAMES texts are named: the caller then runs it unnamed.
 */
export function preparedStatementName(text: string): string | undefined {
  const known = names.get(text);
  if (known || names.size >= MAX_NAMES) return known;
  const name = `waco_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

/**
 * Runs a marked statement (text, values) as a named one on this connection; others as they come.
 * A named statement that no longer fits its tables (a `*` met a new column) closes the connection:
 * the pool replaces it, and the statement is prepared anew there. That call fails; the next works.
 */
export function prepareMarkedStatements(client: pg.PoolClient | pg.Client) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name =
      typeof text === 'string' && args.length <= 2 && MARKED.test(text) && preparedStatementName(text);
    const call = name ? [{ name, text, values }] : args;
    const named = typeof call[0] === 'object' && (call[0] as { name?: string } | null)?.name;
    const result = query(...call) as Promise<unknown> | undefined;
    if (!named || typeof result?.then !== 'function') return result;
    return result.catch((err: { code?: string }) => {
      if (err.code === CACHED_PLAN_CHANGED) void (client as pg.Client).end().catch(() => {});
      throw err;
    });
  };
}

/** feature_not_supported: what Postgres answers when a prepared statement's result changed shape. */
const CACHED_PLAN_CHANGED = '0A000';
