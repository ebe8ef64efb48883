import { sqlMigration } from '@waco/platform';

/** Invitations waiting for an answer (`GroupMemberInvited`; gone once accepted or declined). */
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
);
