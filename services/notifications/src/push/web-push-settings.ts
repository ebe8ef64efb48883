import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadConfig, type PublicOutboundOptions } from '@waco/platform';
import webpush from 'web-push';
import { z } from 'zod';

/** The server's VAPID identity (RFC 8292): push services accept pushes signed with it. */
export interface WebPushSettings {
  /** Unpadded base64url of the P-256 public key (65 bytes): browsers subscribe with it. */
  publicKey: string;
  /** Unpadded base64url of the private key (32 bytes). */
  privateKey: string;
  /** Who push services may contact about our pushes: a `mailto:` or `https:` URL. */
  subject: string;
  /**
   * Tests only, never read from the environment (and refused in production): `allowOrigins`
   * names push services the test runs on loopback, subscribed to and pushed to as they are
   * (`http://127.0.0.1:4567`), and `lookup` resolves names as a hostile DNS server would.
   * Otherwise only `https:` push services at public addresses are accepted and connected to.
   */
  outbound?: Pick<PublicOutboundOptions, 'allowOrigins' | 'lookup'>;
}

/** The tests' outbound exceptions have no place in production: a service refuses to start with them. */
export function refuseTestOutbound(settings: WebPushSettings | undefined, production: boolean) {
  if (production && settings?.outbound) {
    throw new Error('webPush.outbound (push services on loopback, a test resolver) is for tests only');
  }
}

// An empty value (compose's `${VAPID_PUBLIC_KEY:-}`) counts as unset.
const key = (name: string, bytes: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, `${name} must be unpadded base64url (npx web-push generate-vapid-keys)`)
      .refine((value) => Buffer.from(value, 'base64url').length === bytes, `${name} must be ${bytes} bytes`)
      .optional(),
  );

/** Notifications' own variables for Web Push (see docs/operations.md); `npm start` reads them too. */
export const webPushVariables = z.object({
  VAPID_PUBLIC_KEY: key('VAPID_PUBLIC_KEY', 65),
  VAPID_PRIVATE_KEY: key('VAPID_PRIVATE_KEY', 32),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https:// URL')
    .default('mailto:admin@waco-commons.invalid'),
});

const webPushConfigSchema = webPushVariables.refine(
  (c) => Boolean(c.VAPID_PUBLIC_KEY) === Boolean(c.VAPID_PRIVATE_KEY),
  {
    error: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither (push off)',
  },
);

/** The VAPID keys from the environment; undefined (push off) when none are set. */
export function readWebPushSettings(env: NodeJS.ProcessEnv = process.env): WebPushSettings | undefined {
  const config = loadConfig(webPushConfigSchema, env);
  if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY) return undefined;
  return {
    publicKey: config.VAPID_PUBLIC_KEY,
    privateKey: config.VAPID_PRIVATE_KEY,
    subject: config.VAPID_SUBJECT,
  };
}

/**
 * The embedded mode's VAPID keys: made once and kept in `file` (under `.data/`), so that devices
 * subscribed before a restart still take pushes. The environment's keys, when set, win.
 */
export function vapidKeysKeptIn(file: string, env: NodeJS.ProcessEnv = process.env): WebPushSettings {
  const configured = readWebPushSettings(env);
  if (configured) return configured;
  const subject = loadConfig(webPushConfigSchema, env).VAPID_SUBJECT;
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return { ...keys, subject };
}
