import { sqlMigration } from '@waco/platform';

/**
 * groups' community events as reminders and change notices need them: each event's title, place
 * and start (`position`: of the event that set them, so an older one handled late never
 * overwrites a newer one), who signed up (`status` null once they left), and the reminders due.
 * A reminder row is one per event, kind and start time; `sent_at` is set by the sweeper's claim,
 * in the transaction that writes its notifications, so a reminder for one start time is sent once.
 */
export const eventReminders = sqlMigration(
  `CREATE TABLE IF NOT EXISTS community_events (
     event_id uuid PRIMARY KEY,
     title text NOT NULL,
     location text NOT NULL,
     start_date timestamptz NOT NULL,
     cancelled boolean NOT NULL DEFAULT false,
     position bigint NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS community_event_attendees (
     event_id uuid NOT NULL,
     user_id uuid NOT NULL,
     status text,
     position bigint NOT NULL,
     PRIMARY KEY (event_id, user_id)
   )`,
  `CREATE INDEX IF NOT EXISTS community_event_attendees_user ON community_event_attendees (user_id)`,
  `CREATE TABLE IF NOT EXISTS event_reminders (
     event_id uuid NOT NULL,
     kind text NOT NULL,
     start_date timestamptz NOT NULL,
     due_at timestamptz NOT NULL,
     sent_at timestamptz,
     PRIMARY KEY (event_id, kind, start_date)
   )`,
  `CREATE INDEX IF NOT EXISTS event_reminders_due ON event_reminders (due_at) WHERE sent_at IS NULL`,
);
