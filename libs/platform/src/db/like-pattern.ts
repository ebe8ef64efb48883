/** A search's words as an `ILIKE` pattern that finds them anywhere: `%` and `_` typed are letters, not patterns. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
