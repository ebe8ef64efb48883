import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { type CaughtMail, eraseMailbox, type Mailbox, readMailbox } from './mailbox';

// Development and tests only (`@waco/platform/mail-catcher`): its SMTP server and parser are
// development dependencies, absent from a production install.

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

function addressesOf(to: AddressObject | AddressObject[] | undefined): string[] {
  const list = to === undefined ? [] : Array.isArray(to) ? to : [to];
  return list.flatMap((group) => group.value.map((a) => a.address ?? '')).filter((a) => a !== '');
}
