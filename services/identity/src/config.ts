import { DEFAULT_MAIL_FROM, eraseMailbox, loadConfig, readMailbox } from '@waco/platform';
import { z } from 'zod';
import { DEFAULT_SMTP_URL, type IdentityServiceOptions } from './service';

/** Identity's own variables, on top of every service's (see the README's table). */
export const identityConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** Where mail goes. Required in production; elsewhere a catcher on localhost:1025 (Mailpit). */
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_FROM: z.string().min(3).default(DEFAULT_MAIL_FROM),
    /** The app's public address for mailed links; default the first of APP_ORIGIN. */
    APP_URL: z.url().optional(),
    APP_ORIGIN: z.string().default('http://localhost:3000'),
    /** The launcher's mail catcher folder: `GET /api/dev/mail` lists it in development. */
    MAIL_CATCHER_DIR: z.string().min(1).optional(),
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.SMTP_URL !== undefined, {
    message: 'SMTP_URL is required in production (the SMTP server that sends the app’s mail)',
    path: ['SMTP_URL'],
  });

/** Reads identity's settings from the environment once, at start-up. */
export function readIdentitySettings(env: NodeJS.ProcessEnv = process.env): IdentityServiceOptions {
  const config = loadConfig(identityConfigSchema, env);
  const dir = config.MAIL_CATCHER_DIR;
  return {
    mailer: config.SMTP_URL ?? DEFAULT_SMTP_URL,
    mailFrom: config.MAIL_FROM,
    appUrl: config.APP_URL ?? config.APP_ORIGIN.split(',')[0]?.trim(),
    devMailbox: dir
      ? { list: (address) => readMailbox(dir, address), erase: (address) => eraseMailbox(dir, address) }
      : undefined,
  };
}
