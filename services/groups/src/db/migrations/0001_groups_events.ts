import { sqlMigration } from '@waco/platform';

export const groupsAndEvents = sqlMigration(
  // No foreign keys: these are projections that a rebuild empties and refills in event order.
  `
      CREATE TABLE groups (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        description text,
        image_url text,
        is_public boolean NOT NULL DEFAULT true,
        neighborhood text,
        creator_id uuid NOT NULL,
        members_count integer NOT NULL DEFAULT 0 CHECK (members_count >= 0),
        closed boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
  `CREATE INDEX groups_newest_idx ON groups (created_at DESC, id DESC) WHERE NOT closed`,
  `CREATE INDEX groups_members_idx ON groups (members_count DESC, created_at DESC) WHERE NOT closed`,
  `
      CREATE TABLE group_memberships (
        group_id uuid NOT NULL,
        user_id uuid NOT NULL,
        role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'moderator', 'admin')),
        joined_at timestamptz NOT NULL,
        PRIMARY KEY (group_id, user_id)
      )`,
  `CREATE INDEX group_memberships_user_idx ON group_memberships (user_id)`,
  `
      CREATE TABLE group_join_requests (
        group_id uuid NOT NULL,
        user_id uuid NOT NULL,
        requested_at timestamptz NOT NULL,
        PRIMARY KEY (group_id, user_id)
      )`,
  `
      CREATE TABLE community_events (
        id uuid PRIMARY KEY,
        title text NOT NULL,
        description text,
        location text NOT NULL,
        start_date timestamptz NOT NULL,
        end_date timestamptz,
        image_url text,
        creator_id uuid NOT NULL,
        group_id uuid,
        is_public boolean NOT NULL DEFAULT true,
        max_attendees integer,
        attendees_count integer NOT NULL DEFAULT 0 CHECK (attendees_count >= 0),
        waitlist_count integer NOT NULL DEFAULT 0 CHECK (waitlist_count >= 0),
        cancelled boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
  `CREATE INDEX community_events_upcoming_idx ON community_events (start_date, id) WHERE NOT cancelled`,
  `CREATE INDEX community_events_group_idx ON community_events (group_id, start_date) WHERE group_id IS NOT NULL`,
  `CREATE INDEX community_events_creator_idx ON community_events (creator_id)`,
  `
      CREATE TABLE event_attendees (
        event_id uuid NOT NULL,
        user_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'attending' CHECK (status IN ('attending', 'waitlisted')),
        joined_at timestamptz NOT NULL,
        -- The position in the event's stream of the event that gave the status: the waitlist's
        -- order, as the decider has it (two sign-ups may share a millisecond).
        position bigint NOT NULL,
        PRIMARY KEY (event_id, user_id)
      )`,
  `CREATE INDEX event_attendees_user_idx ON event_attendees (user_id)`,
  `
      CREATE TABLE calendar_feeds (
        user_id uuid PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        opened_at timestamptz NOT NULL
      )`,
);
