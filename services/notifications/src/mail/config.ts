import { DEFAULT_MAIL_FROM, loadConfig, type Mailer } from '@waco/platform';
import { z } from 'zod';

/** What a notifications instance mails with: SMTP, the links' address and their secret. */
export interface NotificationMailOptions {
  /** An `smtp://` or `smtps://` URL (SMTP_URL), or a mailer (tests). */
  mailer: string | Mailer;
  /** The sender (MAIL_FROM). */
  mailFrom?: string;
  /** The app's public address for links (APP_URL, else the first of APP_ORIGIN). */
  appUrl: string;
  /**
   * Signs the unsubscribe links (MAIL_LINK_SECRET, at least 32 characters); every instance must
   * share it. Outside production a fixed development secret stands in.
   */
  linkSecret?: string;
}

/** The development stand-in for MAIL_LINK_SECRET (refused in production). */
export const DEVELOPMENT_LINK_SECRET = 'waco-commons-development-mail-link-secret';

/** An empty value (compose's `${X:-}`) counts as unset. */
const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema);

const mailConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    SMTP_URL: blankIsUnset(
      z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
    ),
    MAIL_FROM: z.string().min(3).default(DEFAULT_MAIL_FROM),
    APP_URL: blankIsUnset(z.url().optional()),
    APP_ORIGIN: z.string().default('http://localhost:3000'),
    MAIL_LINK_SECRET: blankIsUnset(
      z.string().min(32, 'MAIL_LINK_SECRET must be at least 32 characters').optional(),
    ),
  })
  .refine((c) => c.NODE_ENV !== 'production' || !c.SMTP_URL || c.MAIL_LINK_SECRET, {
    message: 'MAIL_LINK_SECRET is required in production when SMTP_URL is set (it signs unsubscribe links)',
    path: ['MAIL_LINK_SECRET'],
  });

/** Notifications' mail from the environment: off without SMTP_URL (no mails, no digests). */
export function readMailOptions(env: NodeJS.ProcessEnv = process.env): NotificationMailOptions | undefined {
  const config = loadConfig(mailConfigSchema, env);
  if (!config.SMTP_URL) return undefined;
  return {
    mailer: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    appUrl: config.APP_URL ?? config.APP_ORIGIN.split(',')[0]?.trim() ?? 'http://localhost:3000',
    linkSecret: config.MAIL_LINK_SECRET,
  };
}
