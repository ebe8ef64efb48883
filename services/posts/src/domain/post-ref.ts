/** The part of a post every reaction event carries: ids and category, never its owner's text. */
export interface PostRef {
  postId: string;
  ownerId: string;
  category: 'sale' | 'job' | 'event';
}
