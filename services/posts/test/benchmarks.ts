// What the feed and rebuild benchmarks (bench/) measure beyond the HTTP API: the feed's SQL as
// the routes build it, and the projection a rebuild replays. Exported as `@waco/posts/benchmarks`
// so that nothing outside this package reaches into its folders.
export { encodeCursor } from '../src/db/feed-cursor';
export { type PostListQuery, postListSql, type TextMatch } from '../src/db/post-lists';
export type { PostsDatabase } from '../src/db/schema';
export { parseSearch } from '../src/domain/search-terms';
export { likeStream } from '../src/domain/streams';
export { postsProjection } from '../src/projections/apply-events';
