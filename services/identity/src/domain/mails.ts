import { BRAND, type Language, translateServerMessage } from '@waco/contracts';
import type { OutgoingMail } from '@waco/platform';

// The app's mails: plain and clear, in the voice of the app (a neighbour writing to a
// neighbour), each with a text part and an HTML part saying the same, in the member's language.
// Every sentence is written in English here and put in `lang` through the server message
// catalogue (libs/contracts/src/server-messages.ts), whose test sees each one.

/** The mail that asks a new member to confirm their address. */
export function verificationMail(to: string, firstName: string, link: string, lang: Language): OutgoingMail {
  return mail(lang, to, {
    subject: translateServerMessage('Confirm your email for Waco Commons', lang),
    greeting: translateServerMessage(`Hi ${firstName},`, lang),
    before: [
      translateServerMessage(
        'Welcome to Waco Commons! Please confirm that this is your email address, so that we can reach you if you ever need to reset your password.',
        lang,
      ),
    ],
    action: { label: translateServerMessage('Confirm my email', lang), link },
    after: [
      translateServerMessage(
        'The link works for 7 days. If you did not sign up, you can ignore this mail.',
        lang,
      ),
    ],
  });
}

/** The mail with a link to choose a new password. */
export function passwordResetMail(to: string, firstName: string, link: string, lang: Language): OutgoingMail {
  return mail(lang, to, {
    subject: translateServerMessage('Reset your Waco Commons password', lang),
    greeting: translateServerMessage(`Hi ${firstName},`, lang),
    before: [
      translateServerMessage(
        'Someone (hopefully you) asked to reset the password of your Waco Commons account.',
        lang,
      ),
    ],
    action: { label: translateServerMessage('Choose a new password', lang), link },
    after: [
      translateServerMessage(
        'The link works once, for one hour. If you did not ask for it, ignore this mail: your password stays as it is.',
        lang,
      ),
    ],
  });
}

interface MailText {
  subject: string;
  greeting: string;
  before: string[];
  action: { label: string; link: string };
  after: string[];
}

function mail(
  lang: Language,
  to: string,
  { subject, greeting, before, action, after }: MailText,
): OutgoingMail {
  const goodbye = translateServerMessage('See you around the neighbourhood,', lang);
  const pasteThis = translateServerMessage('Or paste this address into your browser:', lang);
  const signature = `${goodbye}\n${BRAND}`;
  const text = [greeting, ...before, `${action.label}: ${action.link}`, ...after, signature].join('\n\n');
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = `<!doctype html>
<html lang="${lang}"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2937; max-width: 32rem">
<p>${escapeHtml(greeting)}</p>
${paragraphs(before)}
<p><a href="${escapeHtml(action.link)}" style="display: inline-block; padding: 0.6rem 1rem; background: #166534; color: #ffffff; border-radius: 0.4rem; text-decoration: none">${escapeHtml(action.label)}</a></p>
<p style="font-size: 0.875rem">${escapeHtml(pasteThis)} ${escapeHtml(action.link)}</p>
${paragraphs(after)}
<p>${escapeHtml(goodbye)}<br>${BRAND}</p>
</body></html>`;
  return { to, subject, text, html };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
