import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { readWebPushSettings, refuseTestOutbound, vapidKeysKeptIn } from '../src/push/web-push-settings';

// Where the VAPID keys come from: the environment (distributed), else a pair made once and kept
// under .data/ (the launchers).

const dir = mkdtempSync(join(tmpdir(), 'waco-vapid-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const configured = webpush.generateVAPIDKeys();

describe('VAPID keys', () => {
  it('are off without variables (empty ones count as unset), and read with their subject when set', () => {
    expect(readWebPushSettings({})).toBeUndefined();
    expect(readWebPushSettings({ VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' })).toBeUndefined();
    expect(
      readWebPushSettings({
        VAPID_PUBLIC_KEY: configured.publicKey,
        VAPID_PRIVATE_KEY: configured.privateKey,
        VAPID_SUBJECT: 'https://commons.example/contact',
      }),
    ).toEqual({ ...configured, subject: 'https://commons.example/contact' });
  });

  it('refuse half a pair, a key of the wrong size and a subject that is no URL, naming them', () => {
    expect(() => readWebPushSettings({ VAPID_PUBLIC_KEY: configured.publicKey })).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
    );
    expect(() =>
      readWebPushSettings({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: configured.privateKey }),
    ).toThrow('VAPID_PUBLIC_KEY must be 65 bytes');
    expect(() => readWebPushSettings({ VAPID_SUBJECT: 'admin@example.com' })).toThrow(
      'VAPID_SUBJECT must be a mailto: or https:// URL',
    );
  });

  it('are made once and kept (readable by the owner only); the environment wins', () => {
    const file = join(dir, 'nested', 'vapid-keys.json');
    const made = vapidKeysKeptIn(file, {});
    expect(made.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      publicKey: made.publicKey,
      privateKey: made.privateKey,
    });
    expect(vapidKeysKeptIn(file, {})).toEqual(made);
    const env = { VAPID_PUBLIC_KEY: configured.publicKey, VAPID_PRIVATE_KEY: configured.privateKey };
    expect(vapidKeysKeptIn(file, env).publicKey).toBe(configured.publicKey);
  });

  it("refuse the tests' outbound exceptions (a push service on loopback) in production", () => {
    const testing = {
      ...configured,
      subject: 'mailto:a@example.com',
      outbound: { allowOrigins: ['http://127.0.0.1:4567'] },
    };
    expect(() => refuseTestOutbound(testing, false)).not.toThrow();
    expect(() => refuseTestOutbound(testing, true)).toThrow('webPush.outbound');
    expect(() => refuseTestOutbound({ ...configured, subject: 'mailto:a@example.com' }, true)).not.toThrow();
  });
});
