// What the feed and rebuild benchmarks (bench/) measure beyond the HTTP API: the feed's SQL as
// the routes build it, and the projection a rebuild replays. Exported as `@waco/posts/benchmarks`
// so that nothing outside this package reaches into its folders.
export { encodeCursor } from './db/feed-cursor';
export { type PostListQuery, postListSql, type TextMatch } from './db/post-lists';
export type { PostsDatabase } from './db/schema';
export { parseSearch } from './domain/search-terms';
export { likeStream } from './domain/streams';
export { postsProjection } from './projections/apply-events';
