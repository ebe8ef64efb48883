import { sqlMigration } from '@waco/platform';

/** The size the uploader declared when it started: part URLs are signed for their share of it. */
export const declaredSize = sqlMigration(`ALTER TABLE uploads ADD COLUMN declared_size bigint`);
