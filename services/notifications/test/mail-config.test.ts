import { describe, expect, it } from 'vitest';
import { readMailOptions } from '../src/mail/config';

describe("notifications' mail settings", () => {
  it('are off without SMTP_URL (an empty one too)', () => {
    expect(readMailOptions({})).toBeUndefined();
    expect(readMailOptions({ SMTP_URL: '' })).toBeUndefined();
  });

  it('link to APP_URL, else the first of APP_ORIGIN', () => {
    const smtp = { SMTP_URL: 'smtp://127.0.0.1:1025' };
    expect(readMailOptions({ ...smtp, APP_ORIGIN: 'https://a.example, https://b.example' })).toMatchObject({
      mailer: smtp.SMTP_URL,
      appUrl: 'https://a.example',
      linkSecret: undefined,
    });
    expect(readMailOptions({ ...smtp, APP_URL: 'https://commons.example.org' })?.appUrl).toBe(
      'https://commons.example.org',
    );
  });

  it('need a link secret of 32 characters or more in production', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtps://u:p@smtp.example.org:465' };
    expect(() => readMailOptions(production)).toThrow(/MAIL_LINK_SECRET/);
    expect(() => readMailOptions({ ...production, MAIL_LINK_SECRET: 'short' })).toThrow(/32 characters/);
    expect(readMailOptions({ ...production, MAIL_LINK_SECRET: 'k'.repeat(32) })?.linkSecret).toBe(
      'k'.repeat(32),
    );
  });
});
