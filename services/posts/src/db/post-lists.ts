import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { SearchTerms } from '../domain/search-terms';
import { encodeCursor, type FeedCursor } from './feed-cursor';
import { byFollowed } from './follows';
import { feedGroupsOf } from './group-copies';
import { visibleTo } from './moderation';
import { isoTime, POST_JSON, type PostJson } from './post-view';
import { type PostsDb, queryPrepared } from './prepared';
import type { PostsDatabase } from './schema';

/** Which posts a list holds: the whole feed, one author's, or those a user saved or liked. */
export type PostSource =
  | { kind: 'feed' }
  | { kind: 'author'; userId: string }
  | { kind: 'saved'; userId: string }
  | { kind: 'liked'; userId: string };

export type PostSort = 'newest' | 'price_asc' | 'price_desc';

export interface PostListQuery {
  source: PostSource;
  category?: string;
  neighborhood?: string;
  minPrice?: number;
  maxPrice?: number;
  /** Only free items (price 0). */
  free?: boolean;
  /** Newest first (the default), or by price (posts without a price last). */
  sort?: PostSort;
  search?: SearchTerms;
  limit: number;
  offset: number;
  cursor?: FeedCursor;
  /** Who is looking (undefined: a guest): moderation's hidden posts and blocks apply. */
  viewerId?: string | null;
  /** Only posts by members this member follows (the feed's Following choice). */
  followedBy?: string;
  /** Only this group's posts (its page's feed); without it, the feed holds the viewer's groups'. */
  groupId?: string;
}

const REACTION_TABLES = { saved: 'saved_posts', liked: 'post_likes' } as const;

/**
 * How a text search finds posts: by its words (full text, ranked by `ts_rank`: title above
 * description above company), or, when no post has the words at all (a typo, usually), by
 * trigram similarity with the titles ("bicyle" finds "bicycle"). The similarity check costs
 * several times the full-text one, so a correctly spelled search never pays for it.
 */
export type TextMatch = 'words' | 'similar';

/**
 * The SQL of one page. Newest-first lists sort on (time, id) with an index in that order, so a
 * keyset cursor turns any page into a short index range scan; a text search sorts by rank.
 *
 * The page size and a zero offset are written into the SQL (they are validated integers), so
 * that the text takes few shapes and runs as a prepared statement (see prepared.ts).
 *
 * The page's ids are chosen first, from the index alone where it can; only those rows are then
 * read in full and turned into JSON, so rows skipped by an offset or outranked in a search cost
 * next to nothing. One row more than asked tells whether a next page exists. Each of the page's
 * rows is read by its primary key (the LATERAL subquery, kept apart by its OFFSET 0): as a
 * plain join, the generic plan of a table of a few hundred posts hashed the whole table for 16
 * rows, a millisecond of Postgres per feed page (pg_stat_statements under bench/load.ts).
 */
export function postListSql(query: PostListQuery, match: TextMatch = 'words'): RawBuilder<PostListRow> {
  const { source } = query;
  const reaction = source.kind === 'saved' || source.kind === 'liked' ? REACTION_TABLES[source.kind] : null;
  // Lists of saved or liked posts go newest saved (liked) first.
  const sortAt = reaction ? sql.ref('r.created_at') : sql.ref('p.created_at');
  const sortId = reaction ? sql.ref('r.post_id') : sql.ref('p.id');
  let from = fromOf(source);

  const where = filtersOf(query);
  const text = query.search?.text ?? '';
  let rank: RawBuilder<unknown> = sql`0`;
  if (text && match === 'words') {
    // The query in FROM is parsed once, also under a prepared statement's generic plan.
    from = sql`${from}, websearch_to_tsquery('english', ${text}) words`;
    where.push(sql`p.search @@ words`);
    rank = sql`ts_rank(p.search, words)`;
  } else if (text) {
    where.push(sql`${text} <% p.title`);
    rank = sql`word_similarity(${text}, p.title)`;
  }

  const cursor = query.cursor;
  let offset = query.offset;
  const byPrice = byPriceOrder(query.sort);
  if (cursor?.kind === 'keyset' && !text && !byPrice) {
    where.push(sql`(${sortAt}, ${sortId}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
    offset = 0;
  } else if (cursor?.kind === 'offset') {
    offset = cursor.offset;
  }
  const conditions = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;

  return sql<PostListRow>`
    SELECT ${POST_JSON} AS post, ${isoTime('page.sort_at')} AS sort_at, p.id
    FROM (
      SELECT ${sortId} AS id, ${sortAt} AS sort_at, ${rank} AS rank, p.price AS price
      FROM ${from}
      ${conditions}
      ORDER BY ${byPrice ? sql`p.price ${byPrice},` : sql``} rank DESC, ${sortAt} DESC, ${sortId} DESC
      LIMIT ${sql.lit(query.limit + 1)} OFFSET ${offset === 0 ? sql.lit(0) : offset}
    ) page
    CROSS JOIN LATERAL (SELECT * FROM posts WHERE posts.id = page.id OFFSET 0) p
    LEFT JOIN authors a ON a.id = p.user_id
    ORDER BY ${byPrice ? sql`page.price ${byPrice},` : sql``} page.rank DESC, page.sort_at DESC, page.id DESC`;
}

/** The ORDER BY direction of a price sort (posts without a price last), or null for newest first. */
function byPriceOrder(sort: PostSort | undefined): RawBuilder<unknown> | null {
  if (sort === 'price_asc') return sql`ASC NULLS LAST`;
  if (sort === 'price_desc') return sql`DESC NULLS LAST`;
  return null;
}

/** The rows a list is taken from: posts `p`, with the reactions `r` of saved and liked lists. */
function fromOf(source: PostSource): RawBuilder<unknown> {
  if (source.kind !== 'saved' && source.kind !== 'liked') return sql`posts p`;
  return sql`${sql.table(REACTION_TABLES[source.kind])} r JOIN posts p ON p.id = r.post_id`;
}

/** The conditions of a list other than its text search and its cursor. */
function filtersOf(query: PostListQuery): RawBuilder<unknown>[] {
  const { source } = query;
  const where: RawBuilder<unknown>[] = visibleTo(query.viewerId);
  if (source.kind === 'author') where.push(sql`p.user_id = ${source.userId}`);
  if (source.kind === 'saved' || source.kind === 'liked') where.push(sql`r.user_id = ${source.userId}`);
  if (query.category) where.push(sql`p.category = ${query.category}`);
  if (query.neighborhood) where.push(sql`p.neighborhood = ${query.neighborhood}`);
  if (query.followedBy) where.push(byFollowed(query.followedBy));
  if (source.kind === 'feed')
    where.push(query.groupId ? sql`p.group_id = ${query.groupId}::uuid` : feedGroupsOf(query.viewerId));
  // The feed and search show what is live: active until it expires, closed for seven days
  // (visible_until, see migrations/0004_lifecycle.ts); one's profile and lists show everything.
  if (source.kind === 'feed') where.push(sql`p.visible_until > now()`);
  if (query.minPrice !== undefined) where.push(sql`p.price >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) where.push(sql`p.price <= ${query.maxPrice}`);
  if (query.free) where.push(sql`p.price = 0`);
  const tags = query.search?.tags ?? [];
  if (tags.length > 0) where.push(sql`p.hashtags @> ${tags}::text[]`);
  return where;
}

/**
 * Whether any post of the list (with its filters) has the search's words. `count` rather than
 * `EXISTS`: with no match at all, EXISTS would scan the whole table hoping for an early hit,
 * while the count is a bitmap scan of the full-text index, empty at once.
 */
async function anyWordMatch(db: Kysely<PostsDatabase>, query: PostListQuery, text: string): Promise<boolean> {
  const where = [...filtersOf(query), sql`p.search @@ websearch_to_tsquery('english', ${text})`];
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${fromOf(query.source)} WHERE ${sql.join(where, sql` AND `)}`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}

export interface PostListRow {
  post: PostJson;
  /** The sort time as ISO text, exactly as a cursor carries it. */
  sort_at: string;
  id: string;
}

/** The JSON text of a page (the contract's `PostPage`): its posts and the next page's cursor. */
export type PostPageJson = string & { readonly __postPageJson: unique symbol };

/**
 * One page of posts and the cursor of the next (null on the last page), as JSON text. A text
 * search takes the titles' similarity only when no post has its words; the choice depends on the
 * search, never on the page, and travels in the cursor so that later pages need not redo it.
 */
export async function listPosts(store: PostsDb, query: PostListQuery): Promise<PostPageJson> {
  const text = query.search?.text ?? '';
  let match: TextMatch = query.cursor?.kind === 'offset' && query.cursor.similar ? 'similar' : 'words';
  let rows = await queryPrepared(store, postListSql(query, match));
  if (text && match === 'words' && rows.length === 0 && query.cursor?.kind !== 'offset') {
    // Past the end of a list of matches, or no match at all? Only the first page knows for free.
    const noMatch = startOffset(query) === 0 || !(await anyWordMatch(store.db, query, text));
    if (noMatch) {
      match = 'similar';
      rows = await queryPrepared(store, postListSql(query, match));
    }
  }
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (more && last) {
    nextCursor =
      text || byPriceOrder(query.sort)
        ? encodeCursor({
            kind: 'offset',
            offset: startOffset(query) + query.limit,
            similar: match === 'similar',
          })
        : encodeCursor({ kind: 'keyset', at: last.sort_at, id: last.id });
  }
  return `{"posts":[${page.map((r) => r.post).join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}` as PostPageJson;
}

function startOffset(query: PostListQuery): number {
  return query.cursor?.kind === 'offset' ? query.cursor.offset : query.offset;
}
