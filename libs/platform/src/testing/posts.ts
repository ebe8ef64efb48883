import { randomUUID } from 'node:crypto';
import type { Post, PostCreated } from '@waco/contracts';
import type { z } from 'zod';

// Posts as tests play them: a plain sale with no price, photos or contact, but for the fields given.

/** The fields a plain post leaves empty, alike in its event and in the contract's Post. */
const NOTHING_MORE = {
  price: null,
  company: null,
  salary: null,
  eventDate: null,
  address: null,
  imagePaths: [],
  contactPhone: null,
  contactEmail: null,
};

type PostCreatedData = z.input<typeof PostCreated.schema>;

/** What a member sends to post a plain sale (`POST /api/posts`). */
export const saleRequest = (title: string, description: string, price: string) => ({
  category: 'sale' as const,
  title,
  description,
  price,
});

/** A PostCreated's data for tests that play posts: a plain sale in downtown. */
export function postCreatedData(
  fields: Pick<PostCreatedData, 'postId' | 'ownerId' | 'title'> & Partial<PostCreatedData>,
): PostCreatedData {
  return {
    category: 'sale',
    description: 'As described',
    neighborhood: 'downtown',
    ...NOTHING_MORE,
    ...fields,
  };
}

/** A Post as posts answers it: Emily Carter's road bike for sale, active, with no reactions yet. */
export function testPost(over: Partial<Post> = {}): Post {
  const author = { id: randomUUID(), firstName: 'Emily', lastName: 'Carter', profileImageUrl: null };
  return {
    id: randomUUID(),
    userId: over.user?.id ?? author.id,
    user: author,
    title: 'Road bike',
    description: 'A light road bike.',
    category: 'sale',
    neighborhood: 'other',
    ...NOTHING_MORE,
    likesCount: 0,
    savesCount: 0,
    commentsCount: 0,
    interestedCount: 0,
    goingCount: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    state: 'active',
    closedReason: null,
    expiresAt: '2026-12-01T10:00:00.000Z',
    editedAt: null,
    ...over,
  };
}
