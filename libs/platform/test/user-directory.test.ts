import { type Language, ProfileUpdated, UserDeleted, UserRegistered } from '@waco/contracts';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { testEnvelope } from '../src/testing';
import { userDirectory } from '../src/users/user-directory';
import { schemaPerTest } from './schema-per-test';

const userId = '0193a0b0-0000-7000-8000-000000000001';
const registered = (at: string) =>
  testEnvelope(
    UserRegistered,
    {
      userId,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
      registeredAt: at,
    },
    { occurredAt: at },
  );
const renamed = (at: string, firstName: string, language?: Language) =>
  testEnvelope(
    ProfileUpdated,
    {
      userId,
      firstName,
      lastName: 'Byron',
      bio: null,
      location: null,
      profileImageUrl: '/objects/a.jpg',
      language,
    },
    { occurredAt: at },
  );

const schemas = schemaPerTest('users');
const migrated = schemas.migrated;

describe('user directory', () => {
  it('keeps the newest of a user’s events, whatever order they come in', async () => {
    const authors = userDirectory('authors');
    const db = await migrated({ '0001_authors': authors.migration });
    await authors.record(db, registered('2026-01-01T00:00:00Z'));
    await authors.record(db, renamed('2026-01-03T00:00:00Z', 'Augusta'));
    await authors.record(db, renamed('2026-01-02T00:00:00Z', 'Older'));
    await authors.record(db, registered('2026-01-01T00:00:00Z'));
    expect(await authors.find(db, userId)).toEqual({
      id: userId,
      firstName: 'Augusta',
      lastName: 'Byron',
      profileImageUrl: '/objects/a.jpg',
    });
    expect(await authors.find(db, '0193a0b0-0000-7000-8000-000000000002')).toBeUndefined();
  });

  it('upgrades a table an older migration made without avatars, keeping its rows', async () => {
    const users = userDirectory('users');
    const old: Migration = {
      async up(db) {
        await sql`CREATE TABLE users (
          id uuid PRIMARY KEY, first_name text, last_name text, updated_at timestamptz NOT NULL)`.execute(db);
        await sql`INSERT INTO users VALUES (${userId}, 'Ada', 'Lovelace', '2026-01-01')`.execute(db);
      },
    };
    const db = await migrated({ '0001_old': old });
    await schemas.migrate({ '0001_old': old, '0002_user_directory': users.migration });
    expect(await users.find(db, userId)).toEqual({
      id: userId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
    });
    await users.record(db, renamed('2026-01-02T00:00:00Z', 'Augusta'));
    expect((await users.find(db, userId))?.profileImageUrl).toBe('/objects/a.jpg');
  });

  it('keeps languages when asked: the newest event that names one, English once the account is gone', async () => {
    const users = userDirectory('users', { languages: true });
    const plain = userDirectory('users');
    // A table made before languages (by the same directory without them) gains the column.
    const db = await migrated({ '0002_user_directory': plain.migration });
    await plain.record(db, registered('2026-01-01T00:00:00Z'));
    await schemas.migrate({
      '0002_user_directory': plain.migration,
      '0006_user_languages': users.migration,
    });
    expect(await users.languageOf(db, userId)).toBe('en');

    await users.record(db, renamed('2026-01-02T00:00:00Z', 'Augusta', 'es'));
    expect(await users.languageOf(db, userId)).toBe('es');
    // An edit from before languages, or an older event coming late, leaves it.
    await users.record(db, renamed('2026-01-03T00:00:00Z', 'Ada'));
    await users.record(db, renamed('2026-01-01T12:00:00Z', 'Older', 'en'));
    expect(await users.languageOf(db, userId)).toBe('es');
    expect(await plain.languageOf(db, userId)).toBe('en');

    await users.record(db, testEnvelope(UserDeleted, { userId, deletedAt: '2026-01-04T00:00:00Z' }));
    expect(await users.languageOf(db, userId)).toBe('en');
    expect(await users.languageOf(db, '0193a0b0-0000-7000-8000-000000000002')).toBe('en');
  });
});
