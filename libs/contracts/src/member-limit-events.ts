import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { defineEvent } from './envelope';
import { LIMIT_PERIODS } from './member-limits';

/** A member reached a limit: recorded for moderators once per member, action and clock hour. */
const LimitReachedData = z.object({
  userId: Uuid,
  per: z.enum(LIMIT_PERIODS),
  max: z.number().int(),
  newAccount: z.boolean(),
  reachedAt: Timestamp,
});
export type LimitReachedData = z.infer<typeof LimitReachedData>;
export const PostingLimitReached = defineEvent('posts', 'PostingLimitReached', LimitReachedData);
export const CommentLimitReached = defineEvent('posts', 'CommentLimitReached', LimitReachedData);
export const FirstMessageLimitReached = defineEvent(
  'messaging',
  'FirstMessageLimitReached',
  LimitReachedData,
);
