import { type Kysely, sql } from 'kysely';

/**
 * The shadow copies a rebuild fills: same columns, defaults, checks, generated columns and
 * comments (`LIKE ... INCLUDING ALL`), and the same indexes and key constraints under the same
 * names. `LIKE` would name copied indexes after the new table ("posts_created_at_id_idx" for
 * "posts_feed_idx"); recreating each from its definition keeps the live names, so once the copy
 * is moved into the live schema nothing tells it from the table it replaced (and a later
 * migration that names an index still finds it). They live in their own schema, so the names
 * never collide with the live ones, and the projection code, which names tables without a
 * schema, writes to them when `search_path` puts that schema first.
 *
 * Search indexes (GIN and GiST: full text, trigrams, arrays) are answered as statements instead,
 * for the rebuild to make once the log is replayed: kept up row by row they cost most of a posts
 * rebuild, built once over the full table a fraction of it, and no projection looks a row up by
 * them. So are the B-tree indexes a projection names as `readOnlyIndexes` (feeds, lists: a post
 * has eight B-tree entries, seven of them for reads alone). The other B-tree
 * indexes are made at once: a projection finds its rows by them while it replays, and the unique
 * ones decide its `ON CONFLICT`.
 *
 * The copies are ordinary (logged) tables. UNLOGGED copies made logged before the swap were
 * tried: `SET LOGGED` rewrites each table into the write-ahead log in one statement, which holds
 * a transaction id, and so every outbox relay on the server, for its whole length (43 s for the
 * posts and likes of 3.7 M events, docs/performance.md).
 */
export async function createShadowTables<DB>(
  db: Kysely<DB>,
  schema: string,
  shadow: string,
  tables: readonly string[],
  readOnlyIndexes: readonly string[] = [],
): Promise<{ deferredIndexes: string[] }> {
  const deferredIndexes: string[] = [];
  const unseen = new Set(readOnlyIndexes);
  await db.transaction().execute(async (trx) => {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(shadow)} CASCADE`.execute(trx);
    await sql`CREATE SCHEMA ${sql.id(shadow)}`.execute(trx);
    for (const table of tables) {
      await sql`
        CREATE TABLE ${sql.id(shadow, table)}
        (LIKE ${sql.id(schema, table)} INCLUDING ALL EXCLUDING INDEXES)`.execute(trx);
      const { rows: keys } = await sql<{ name: string; definition: string }>`
        SELECT conname AS name, pg_get_constraintdef(oid) AS definition
        FROM pg_constraint
        WHERE conrelid = ${qualified(schema, table)}::regclass AND contype IN ('p', 'u', 'x')
        ORDER BY conname`.execute(trx);
      for (const key of keys) {
        if (unseen.has(key.name)) throw new Error(`A unique index cannot wait for the replay: ${key.name}`);
        await sql`ALTER TABLE ${sql.id(shadow, table)}
                  ADD CONSTRAINT ${sql.id(key.name)} ${sql.raw(key.definition)}`.execute(trx);
      }
      const { rows: indexes } = await sql<{ name: string; unique: boolean; definition: string }>`
        SELECT (SELECT relname FROM pg_class WHERE oid = x.indexrelid) AS name, x.indisunique AS unique,
               pg_get_indexdef(x.indexrelid) AS definition
        FROM pg_index x
        WHERE x.indrelid = ${qualified(schema, table)}::regclass
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                          WHERE c.conindid = x.indexrelid AND c.conrelid = x.indrelid
                            AND c.contype IN ('p', 'u', 'x'))`.execute(trx);
      for (const index of indexes) {
        const onShadow = index.definition.replace(
          /^(CREATE (?:UNIQUE )?INDEX \S+ ON )(?:ONLY )?\S+( USING )/,
          `$1${shadow}.${table}$2`,
        );
        if (onShadow === index.definition) throw new Error(`Cannot copy index: ${index.definition}`);
        const readOnly = unseen.delete(index.name);
        if (readOnly && index.unique)
          throw new Error(`A unique index cannot wait for the replay: ${index.name}`);
        if (readOnly || / USING (?:gin|gist) /.test(onShadow)) deferredIndexes.push(onShadow);
        else await sql.raw(onShadow).execute(trx);
      }
    }
  });
  // A name that matches nothing (an index renamed or dropped) would silently be kept up again.
  if (unseen.size > 0) throw new Error(`No index ${[...unseen].join(', ')} on ${tables.join(', ')}`);
  return { deferredIndexes };
}

/**
 * What a swap of whole tables cannot carry over, refused before any work rather than lost after:
 * - foreign keys, views and triggers point at a table by its identity, not its name: they would
 *   follow (or block the drop of) the old table instead of moving to its replacement;
 * - a column drawn from a sequence (serial, identity) would number the replayed rows anew, and
 *   would not give back the live values (rolled-back inserts leave gaps), so a projection takes
 *   its ids from the events;
 * - row-level security policies, partitions and inheritance are not copied by `LIKE`.
 * None of this exists in our read tables (their migrations say so).
 */
export async function checkRebuildable<DB>(db: Kysely<DB>, schema: string, tables: readonly string[]) {
  const { rows: found } = await sql<{
    oid: number;
    name: string;
    kind: string;
    rls: boolean;
    inherits: boolean;
  }>`
    SELECT c.oid, c.relname AS name, c.relkind AS kind, c.relrowsecurity AS rls,
           EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhrelid = c.oid OR i.inhparent = c.oid) AS inherits
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${schema} AND c.relname = ANY(${tables as string[]})`.execute(db);
  const missing = tables.filter((t) => !found.some((f) => f.name === t));
  if (missing.length > 0) {
    throw new Error(
      `No table ${missing.join(', ')} in schema ${schema}: start the service once (it creates its tables), or set DB_SCHEMA.`,
    );
  }
  const problems = found
    .filter((f) => f.kind !== 'r' || f.rls || f.inherits)
    .map((f) => `${f.name} is partitioned, inherited or has row-level security`);
  const oids = sql`${found.map((f) => f.oid)}::oid[]`;
  const { rows: related } = await sql<{ problem: string }>`
    SELECT format('foreign key %s on %s', conname, conrelid::regclass) AS problem
    FROM pg_constraint
    WHERE contype = 'f' AND (conrelid = ANY(${oids}) OR confrelid = ANY(${oids}))
    UNION ALL
    SELECT DISTINCT format('view %s reads %s', v.oid::regclass, d.refobjid::regclass)
    FROM pg_depend d
    JOIN pg_rewrite r ON d.classid = 'pg_rewrite'::regclass AND r.oid = d.objid
    JOIN pg_class v ON v.oid = r.ev_class
    WHERE d.refobjid = ANY(${oids}) AND v.oid <> d.refobjid
    UNION ALL
    SELECT format('trigger %s on %s', tgname, tgrelid::regclass)
    FROM pg_trigger WHERE NOT tgisinternal AND tgrelid = ANY(${oids})
    UNION ALL
    SELECT format('column %s.%s draws from a sequence', a.attrelid::regclass, a.attname)
    FROM pg_attribute a
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attrelid = ANY(${oids}) AND a.attnum > 0 AND NOT a.attisdropped
      AND (a.attidentity <> '' OR pg_get_expr(d.adbin, d.adrelid) LIKE '%nextval(%')`.execute(db);
  problems.push(...related.map((r) => r.problem));
  if (problems.length > 0) {
    throw new Error(
      `Cannot rebuild ${tables.join(', ')} by swapping tables (see projections/shadow-tables.ts):\n  ${problems.join('\n  ')}`,
    );
  }
}

/** `schema.table`, for a `::regclass` cast (our names are plain identifiers: no quotes needed). */
const qualified = (schema: string, table: string) => `${schema}.${table}`;
