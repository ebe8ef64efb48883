import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMailCatcher } from '@waco/platform/mail-catcher';

/**
 * A mail catcher in a temporary folder of its own, and the service options that send it digests
 * every 20 ms (a test waits little for a period to pass); `stop` removes the folder too.
 */
export async function startDigestMail(name: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `waco-${name}-`));
  const catcher = await startMailCatcher({ dataDir });
  return {
    catcher,
    options: {
      mail: { mailer: catcher.url, appUrl: 'https://commons.example.org', linkSecret: 'x'.repeat(40) },
      digestEveryMs: 20,
    },
    /** The digests mailed to a member (their address is `<id>@example.com` in these tests). */
    digestsTo: async (userId: string) =>
      (await catcher.list(`${userId}@example.com`)).filter((m) => m.subject.includes('digest')),
    async stop() {
      await catcher.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type DigestMail = Awaited<ReturnType<typeof startDigestMail>>;
