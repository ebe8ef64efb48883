import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

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

export interface MailCatcher extends Mailbox {
  /** `smtp://127.0.0.1:<port>`: what the app's SMTP_URL points at. */
  url: string;
  stop(): Promise<void>;
}

/**
 * An SMTP server in this process that accepts every mail and keeps it as a JSON file under
 * `dataDir` (embedded mode and tests: the app sends real SMTP, nothing leaves the machine).
 */
export async function startMailCatcher(options: { dataDir: string; port?: number; host?: string }) {
  const { dataDir } = options;
  await mkdir(dataDir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    banner: 'Waco Commons mail catcher',
    logger: false,
    async onData(stream, _session, callback) {
      try {
        const parsed = await simpleParser(stream);
        const mail: CaughtMail = {
          to: addressesOf(parsed.to).join(', '),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          listHeaders: Object.fromEntries(
            parsed.headerLines
              .filter((h) => h.key.startsWith('list-'))
              .map((h) => [
                h.key,
                h.line
                  .slice(h.line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim(),
              ]),
          ),
          receivedAt: new Date().toISOString(),
        };
        // The time first, so that a directory listing is in arrival order.
        const name = `${mail.receivedAt.replace(/[:.]/g, '-')}-${randomUUID()}.json`;
        await writeFile(join(dataDir, name), JSON.stringify(mail));
        callback();
      } catch (err) {
        callback(err as Error);
      }
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  // Errors after the start (a client dropping mid-mail) concern that client only.
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;
  const catcher: MailCatcher = {
    url: `smtp://127.0.0.1:${port}?tls=off`,
    list: (address) => readMailbox(dataDir, address),
    erase: (address) => eraseMailbox(dataDir, address),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return catcher;
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

function addressesOf(to: AddressObject | AddressObject[] | undefined): string[] {
  const list = to === undefined ? [] : Array.isArray(to) ? to : [to];
  return list.flatMap((group) => group.value.map((a) => a.address ?? '')).filter((a) => a !== '');
}
