import { sqlMigration } from '@waco/platform';

/**
 * Devices that asked for push notifications. Not event-sourced: a subscription is delivery state
 * of one browser (notifications keeps no event log), and a lost row only means that device has
 * to turn push on again.
 */
export const pushSubscriptions = sqlMigration(
  // A device is its endpoint; the keys encrypt what is pushed to it.
  `
      CREATE TABLE push_subscriptions (
        endpoint text PRIMARY KEY, user_id uuid NOT NULL, p256dh text NOT NULL, auth text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
  `CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)`,
);
