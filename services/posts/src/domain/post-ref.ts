/** The part of a post every reaction event carries, so that consumers never ask back. */
export interface PostRef {
  postId: string;
  ownerId: string;
  title: string;
  category: 'sale' | 'job' | 'event';
}
