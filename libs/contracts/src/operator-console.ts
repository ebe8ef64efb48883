import { z } from 'zod';
import { MemberCard } from './common';
import { EventEnvelope } from './envelope';

// The operator's console (`/admin`, for members with the admin role): the site's figures, its
// roles, dead letters, consumers' lag and each service's readiness. Everything on it is also an
// `npm run ops` command; every action it takes is in the moderators' audit list.

/** How many days of figures the console shows (today included, Waco's days). */
export const FIGURE_DAYS = 14;

/** One service's count of something per day, oldest first (`/internal/figures/...`). */
export const DailyCounts = z.object({
  days: z.array(z.object({ day: z.iso.date(), count: z.number().int().nonnegative() })),
  total: z.number().int().nonnegative(),
});
export type DailyCounts = z.infer<typeof DailyCounts>;

/** What `/readyz` of one service answered, as the gateway saw it. */
export const ServiceReadiness = z.object({
  service: z.string(),
  ready: z.boolean(),
  checks: z.record(z.string(), z.string()),
});

/** The console's first page: new members, posts and messages per day, and each service's readiness. */
export const SiteOverview = z.object({
  figures: z.object({
    members: DailyCounts.nullable(),
    posts: DailyCounts.nullable(),
    messages: DailyCounts.nullable(),
  }),
  services: z.array(ServiceReadiness),
});
export type SiteOverview = z.infer<typeof SiteOverview>;

export const ConsoleDeadLetter = z.object({
  id: z.string(),
  consumer: z.string(),
  producer: z.string().nullable(),
  event: EventEnvelope.nullable(),
  error: z.string(),
  deliveries: z.number().int(),
});
export type ConsoleDeadLetter = z.infer<typeof ConsoleDeadLetter>;
export const ConsoleDeadLetters = z.object({ deadLetters: z.array(ConsoleDeadLetter) });
export const DeadLetterAction = z.object({ id: z.string(), done: z.boolean() });

export const ConsumerLagRow = z.object({
  consumer: z.string(),
  producer: z.string(),
  pending: z.number().int(),
  redelivered: z.number().int(),
  notConsuming: z.string().nullable(),
});
export type ConsumerLagRow = z.infer<typeof ConsumerLagRow>;
export const ConsumerLagList = z.object({ consumers: z.array(ConsumerLagRow) });

/** Who holds which role or mark, as the console lists them. */
export const RoleHolders = z.object({
  admins: z.array(MemberCard),
  moderators: z.array(MemberCard),
  verified: z.array(MemberCard),
});
export type RoleHolders = z.infer<typeof RoleHolders>;

export const SetModeratorRequest = z.strictObject({
  moderator: z.boolean({ error: 'moderator must be true or false' }),
});
export const SetModeratorResponse = z.object({
  userId: z.string(),
  moderator: z.boolean(),
  changed: z.boolean(),
});

/** Whether a member holds the admin role (moderation answers the gateway). */
export const AdminStanding = z.object({ admin: z.boolean() });
