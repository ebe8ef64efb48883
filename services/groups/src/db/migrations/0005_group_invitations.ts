import { sqlMigration } from '@waco/platform';

/**
 * Invitations waiting for an answer, to a group (`GroupMemberInvited`) or an event
 * (`EventMemberInvited`); gone once accepted or declined.
 */
export const groupInvitations = sqlMigration(
  `CREATE TABLE IF NOT EXISTS group_invitations (
     group_id uuid NOT NULL,
     user_id uuid NOT NULL,
     invited_by uuid NOT NULL,
     invited_at timestamptz NOT NULL,
     PRIMARY KEY (group_id, user_id)
   )`,
  `CREATE INDEX IF NOT EXISTS group_invitations_user ON group_invitations (user_id)`,
  `CREATE INDEX IF NOT EXISTS group_invitations_invited_by ON group_invitations (invited_by)`,
  `CREATE TABLE IF NOT EXISTS event_invitations (
     event_id uuid NOT NULL,
     user_id uuid NOT NULL,
     invited_by uuid NOT NULL,
     invited_at timestamptz NOT NULL,
     PRIMARY KEY (event_id, user_id)
   )`,
  `CREATE INDEX IF NOT EXISTS event_invitations_user ON event_invitations (user_id)`,
  `CREATE INDEX IF NOT EXISTS event_invitations_invited_by ON event_invitations (invited_by)`,
);
