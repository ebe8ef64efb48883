/** A user's stream: UserRegistered, then ProfileUpdated events. */
export const userStream = (userId: string) => `user-${userId}`;

/** A session's stream: its SessionRevoked event. `sessionId` is the stored hash, never the token. */
export const sessionStream = (sessionId: string) => `session-${sessionId}`;

/** A follow's stream: UserFollowed, FollowAlertsSet and UserUnfollowed of one (follower, followed) pair. */
export const followStream = (followerId: string, followingId: string) =>
  `follow-${followerId}-${followingId}`;

/** A member's badges: one BadgeEarned per badge, for good. */
export const badgesStream = (userId: string) => `badges-${userId}`;
