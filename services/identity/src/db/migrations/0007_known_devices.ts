import { sqlMigration } from '@waco/platform';

/**
 * The devices each account signed in from, by the SHA-256 of their device cookie's token, with
 * the failed sign-ins from that device: such a device is counted apart from the account's other
 * attempts (see domain/login-throttle.ts). No foreign key to users (a projection a rebuild
 * empties); an account's deletion deletes its rows.
 */
export const knownDevices = sqlMigration(
  `
      CREATE TABLE known_devices (
        token_hash text NOT NULL,
        user_id uuid NOT NULL,
        signed_in_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        last_attempt_at timestamptz,
        blocked_until timestamptz,
        PRIMARY KEY (token_hash, user_id)
      )`,
  `CREATE INDEX known_devices_user_idx ON known_devices (user_id)`,
  `CREATE INDEX known_devices_signed_in_idx ON known_devices (signed_in_at)`,
);
