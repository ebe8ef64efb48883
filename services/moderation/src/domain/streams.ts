import type { ReportTargetType } from '@waco/contracts';

/** Every report of one thing, and its resolutions and hiding: one stream per reported thing. */
export const targetStream = (type: ReportTargetType, id: string) => `target-${type}-${id}`;
/** A member's standing: the moderator role and suspensions. */
export const memberStream = (userId: string) => `member-${userId}`;
/** Whom one member blocked. */
export const blocksStream = (blockerId: string) => `blocks-${blockerId}`;
