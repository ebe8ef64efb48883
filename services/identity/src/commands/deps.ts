import type { CommandDeps } from '@waco/platform';
import type { IdentityDatabase } from '../db/schema';

/** What identity's commands run against. */
export interface IdentityDeps extends CommandDeps<IdentityDatabase> {
  /**
   * How long a profile edit waits to hear of a photo it does not know yet before refusing it:
   * media announces an upload by an event, and the edit may arrive first.
   */
  uploadNoticeWaitMs: number;
  /** The app's public address, which mailed links point to. */
  appUrl: string;
  /** Tells the mail sender that a commit queued a mail (it sends at once rather than at its poll). */
  mailQueued(): void;
  /**
   * Deletes the mail catcher's copies of the mails to an address (embedded and development
   * modes: the catcher keeps them on disk, one-time links included); absent with a real SMTP
   * server, whose mails are the recipient's.
   */
  eraseMail?(address: string): Promise<unknown>;
  /** Runs work after the answer was sent; a stopping service waits for it (password reset requests). */
  inBackground(work: () => Promise<void>): void;
}
