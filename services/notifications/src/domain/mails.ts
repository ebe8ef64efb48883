import { type Language, translateServerMessage } from '@waco/contracts';
import { layoutMail, type OutgoingMail } from '@waco/platform';
import type { DigestPost } from './digest-rules';

// notifications' mails, in the app's layout, each with its one-click unsubscribe (RFC 8058: a
// `List-Unsubscribe` https URL that a POST of `List-Unsubscribe=One-Click` turns off) and the
// same link in its last line. Every sentence is English here, put in `lang` by the catalogue.

/** Where a mail's links go. */
export interface MailLinks {
  /** The app's public address (APP_URL). */
  appUrl: string;
  /** This mail's unsubscribe URL (api/unsubscribe-routes.ts). */
  unsubscribeUrl: string;
}

/** A stored notification's words, as the notification rules made them, in the member's language. */
const storedText = (text: string, lang: Language) => translateServerMessage(text, lang);

const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * The mail of a member's gathered notifications: each one's title and words (`total` counts
 * those not listed), a button to the notifications page, and how to stop this kind's mails.
 */
export function notificationsMail(
  to: string,
  firstName: string | null,
  lang: Language,
  gathered: { items: Array<{ type: string; title: string; message: string }>; total: number },
  links: MailLinks,
): OutgoingMail {
  const { items, total } = gathered;
  const more = total - items.length;
  const first = items[0];
  const subject =
    total === 1 && first
      ? storedText(first.title, lang)
      : translateServerMessage(`You have ${total} new notifications on Waco Commons`, lang);
  return layoutMail(lang, to, {
    subject,
    greeting: firstName
      ? translateServerMessage(`Hi ${firstName},`, lang)
      : translateServerMessage('Hello,', lang),
    before: [translateServerMessage('Here is what happened while you were away:', lang)],
    items: [
      ...items.map((item) => ({
        text: `${storedText(item.title, lang)}: ${storedText(item.message, lang)}`,
      })),
      ...(more > 0 ? [{ text: translateServerMessage(`And ${more} more`, lang) }] : []),
    ],
    action: {
      label: translateServerMessage('See your notifications', lang),
      link: `${links.appUrl}/notifications`,
    },
    after: [],
    footer: {
      text: translateServerMessage('You get these emails because you turned them on.', lang),
      label: translateServerMessage('Stop these emails', lang),
      link: links.unsubscribeUrl,
    },
    headers: unsubscribeHeaders(links.unsubscribeUrl),
  });
}

/** A member's digest: new posts of people they follow, then in their neighbourhood. */
export function digestMail(
  to: string,
  firstName: string | null,
  lang: Language,
  digest: { frequency: 'daily' | 'weekly'; following: DigestPost[]; neighborhood: DigestPost[] },
  links: MailLinks,
): OutgoingMail {
  const postLine = (post: DigestPost) => ({ text: post.title, link: `${links.appUrl}/post/${post.postId}` });
  const items = [
    ...(digest.following.length
      ? [{ text: translateServerMessage('From people you follow:', lang) }, ...digest.following.map(postLine)]
      : []),
    ...(digest.neighborhood.length
      ? [
          { text: translateServerMessage('In your neighbourhood:', lang) },
          ...digest.neighborhood.map(postLine),
        ]
      : []),
  ];
  return layoutMail(lang, to, {
    subject:
      digest.frequency === 'daily'
        ? translateServerMessage('Your daily digest from Waco Commons', lang)
        : translateServerMessage('Your weekly digest from Waco Commons', lang),
    greeting: firstName
      ? translateServerMessage(`Hi ${firstName},`, lang)
      : translateServerMessage('Hello,', lang),
    before: [translateServerMessage('New posts from your neighbours:', lang)],
    items,
    action: { label: translateServerMessage('Open Waco Commons', lang), link: `${links.appUrl}/home` },
    after: [],
    footer: {
      text: translateServerMessage('You get this digest because you asked for it.', lang),
      label: translateServerMessage('Unsubscribe', lang),
      link: links.unsubscribeUrl,
    },
    headers: unsubscribeHeaders(links.unsubscribeUrl),
  });
}
