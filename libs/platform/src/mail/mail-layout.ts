import { BRAND, type Language, translateServerMessage } from '@waco/contracts';
import type { OutgoingMail } from './mailer';

// The app's mails: plain and clear, in the voice of the app (a neighbour writing to a
// neighbour), each with a text part and an HTML part saying the same, in the member's language.
// The callers write every sentence in English and put it in `lang` through the server message
// catalogue (libs/contracts/src/server-messages.ts), whose test sees each one.

/** What one mail says, already in the member's language. */
export interface MailText {
  subject: string;
  greeting: string;
  before: string[];
  /** Lines listed between the opening and the button (notifications, posts), each maybe a link. */
  items?: Array<{ text: string; link?: string }>;
  action: { label: string; link: string };
  after: string[];
  /** A last small line with a link (how to stop these mails). */
  footer?: { text: string; label: string; link: string };
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** A mail in the app's layout: greeting, text, the button (and its address), sign-off. */
export function layoutMail(
  lang: Language,
  to: string,
  { subject, greeting, before, items = [], action, after, footer, headers }: MailText,
): OutgoingMail {
  const goodbye = translateServerMessage('See you around the neighbourhood,', lang);
  const pasteThis = translateServerMessage('Or paste this address into your browser:', lang);
  const signature = `${goodbye}\n${BRAND}`;
  const listed = items
    .map((item) => (item.link ? `- ${item.text}: ${item.link}` : `- ${item.text}`))
    .join('\n');
  const text = [
    greeting,
    ...before,
    ...(listed ? [listed] : []),
    `${action.label}: ${action.link}`,
    ...after,
    signature,
    ...(footer ? [`${footer.text} ${footer.label}: ${footer.link}`] : []),
  ].join('\n\n');
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const list = items.length
    ? `<ul>\n${items
        .map((item) =>
          item.link
            ? `<li><a href="${escapeHtml(item.link)}">${escapeHtml(item.text)}</a></li>`
            : `<li>${escapeHtml(item.text)}</li>`,
        )
        .join('\n')}\n</ul>`
    : '';
  const small = footer
    ? `<p style="font-size: 0.8rem; color: #4b5563">${escapeHtml(footer.text)} <a href="${escapeHtml(footer.link)}">${escapeHtml(footer.label)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${lang}"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2937; max-width: 32rem">
<p>${escapeHtml(greeting)}</p>
${paragraphs(before)}
${list}
<p><a href="${escapeHtml(action.link)}" style="display: inline-block; padding: 0.6rem 1rem; background: #166534; color: #ffffff; border-radius: 0.4rem; text-decoration: none">${escapeHtml(action.label)}</a></p>
<p style="font-size: 0.875rem">${escapeHtml(pasteThis)} ${escapeHtml(action.link)}</p>
${paragraphs(after)}
<p>${escapeHtml(goodbye)}<br>${BRAND}</p>
${small}
</body></html>`;
  return headers ? { to, subject, text, html, headers } : { to, subject, text, html };
}

/** Text made safe to put in HTML (an element's content or a quoted attribute). */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
