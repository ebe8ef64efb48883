import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@waco/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/embedded-postgres';

describe('the embedded Postgres (npm start)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'waco-embedded-pg-'));
  let first: EmbeddedDatabase | undefined;

  afterAll(async () => {
    await first?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says why it cannot start when its data folder is in use by another', async () => {
    const log = () => {};
    first = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'waco', log });
    // A second start on the same data (npm start run twice): a message naming the folder and
    // Postgres's own reason, not "undefined".
    const second = startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'waco', log });
    await expect(second).rejects.toThrow(
      /did not start \(data in .*waco-embedded-pg-.*\): .*postmaster\.pid/,
    );
  }, 60_000);
});
