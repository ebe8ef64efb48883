import type { OutgoingMail } from '@waco/platform';

// The app's mails: plain and clear, in the voice of the app (a neighbour writing to a
// neighbour), each with a text part and an HTML part saying the same.

/** The mail that asks a new member to confirm their address. */
export function verificationMail(to: string, firstName: string, link: string): OutgoingMail {
  return mail(
    to,
    'Confirm your email for Waco Commons',
    `Hi ${firstName},`,
    [
      'Welcome to Waco Commons! Please confirm that this is your email address, so that we can reach you if you ever need to reset your password.',
    ],
    { label: 'Confirm my email', link },
    ['The link works for 7 days. If you did not sign up, you can ignore this mail.'],
  );
}

/** The mail with a link to choose a new password. */
export function passwordResetMail(to: string, firstName: string, link: string): OutgoingMail {
  return mail(
    to,
    'Reset your Waco Commons password',
    `Hi ${firstName},`,
    ['Someone (hopefully you) asked to reset the password of your Waco Commons account.'],
    { label: 'Choose a new password', link },
    [
      'The link works once, for one hour. If you did not ask for it, ignore this mail: your password stays as it is.',
    ],
  );
}

function mail(
  to: string,
  subject: string,
  greeting: string,
  before: string[],
  action: { label: string; link: string },
  after: string[],
): OutgoingMail {
  const signature = 'See you around the neighbourhood,\nWaco Commons';
  const text = [greeting, ...before, `${action.label}: ${action.link}`, ...after, signature].join('\n\n');
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2937; max-width: 32rem">
<p>${escapeHtml(greeting)}</p>
${paragraphs(before)}
<p><a href="${escapeHtml(action.link)}" style="display: inline-block; padding: 0.6rem 1rem; background: #166534; color: #ffffff; border-radius: 0.4rem; text-decoration: none">${escapeHtml(action.label)}</a></p>
<p style="font-size: 0.875rem">Or paste this address into your browser: ${escapeHtml(action.link)}</p>
${paragraphs(after)}
<p>See you around the neighbourhood,<br>Waco Commons</p>
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
