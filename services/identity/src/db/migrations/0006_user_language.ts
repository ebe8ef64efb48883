import { sqlMigration } from '@waco/platform';

/**
 * The language of a member's mails and pushes (`en` or `es`). Members who signed up before
 * languages read English until they choose; a rebuild gives each the one their events record.
 */
export const userLanguage = sqlMigration(`ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en'`);
