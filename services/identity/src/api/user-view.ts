import type { CurrentUser, PublicUser } from '@waco/contracts';
import type { UserRow } from '../db/schema';

/** What anyone may see of a user: never email, phone, password or provider ids. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    bio: row.bio,
    location: row.location,
    isVerified: row.is_verified,
    reputationScore: row.reputation_score,
    followersCount: row.followers_count,
    followingCount: row.following_count,
    postsCount: row.posts_count,
    createdAt: row.created_at.toISOString(),
  };
}

/** What the signed-in user sees of themselves. */
export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    ...toPublicUser(row),
    email: row.email,
    phone: row.phone,
    emailVerified: row.email_verified?.toISOString() ?? null,
    updatedAt: row.updated_at.toISOString(),
    language: row.language,
  };
}
