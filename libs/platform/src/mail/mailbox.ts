import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

// What a mail catcher (mail-catcher.ts, development only) kept, read from its files: identity's
// development mailbox page reads them in any process.

/** A mail the catcher received, as `GET /api/dev/mail` lists it. */
export interface CaughtMail {
  /** The recipients, comma-separated (the app's mails have one). */
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The mail's `List-*` headers (one-click unsubscribe), by lower-case name, as sent. */
  listHeaders?: Record<string, string>;
  receivedAt: string;
}

/** Reads what a mail catcher kept. */
export interface Mailbox {
  /** Every mail to `address` (case-insensitive), oldest first; every mail when none is given. */
  list(address?: string): Promise<CaughtMail[]>;
  /** Deletes every mail to `address` (a deleted account's, with its one-time links); answers how many. */
  erase(address: string): Promise<number>;
}

/** The mails a catcher kept in `dataDir`, read from its files (any process may read them). */
export async function readMailbox(dataDir: string, address?: string): Promise<CaughtMail[]> {
  return (await mailFiles(dataDir, address)).map(({ mail }) => mail);
}

/** Deletes the files of every mail to `address` that a catcher kept in `dataDir`. */
export async function eraseMailbox(dataDir: string, address: string): Promise<number> {
  const found = await mailFiles(dataDir, address);
  // A file another process erased meanwhile is gone all the same.
  for (const { name } of found) await rm(join(dataDir, name), { force: true });
  return found.length;
}

async function mailFiles(dataDir: string, address?: string) {
  const names = (await readdir(dataDir).catch(() => [] as string[]))
    .filter((n) => n.endsWith('.json'))
    .sort();
  const wanted = address?.trim().toLowerCase();
  const found: Array<{ name: string; mail: CaughtMail }> = [];
  for (const name of names) {
    const text = await readFile(join(dataDir, name), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const mail = JSON.parse(text) as CaughtMail;
    if (!wanted || mail.to.toLowerCase().split(', ').includes(wanted)) found.push({ name, mail });
  }
  return found;
}
