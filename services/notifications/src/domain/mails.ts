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
  const t = (english: string) => translateServerMessage(english, lang);
  const { items, total } = gathered;
  const more = total - items.length;
  const first = items[0];
  const subject =
    total === 1 && first ? t(first.title) : t(`You have ${total} new notifications on Waco Commons`);
  return layoutMail(lang, to, {
    subject,
    greeting: firstName ? t(`Hi ${firstName},`) : t('Hello,'),
    before: [t('Here is what happened while you were away:')],
    items: [
      ...items.map((item) => ({ text: `${t(item.title)}: ${t(item.message)}` })),
      ...(more > 0 ? [{ text: t(`And ${more} more`) }] : []),
    ],
    action: { label: t('See your notifications'), link: `${links.appUrl}/notifications` },
    after: [],
    footer: {
      text: t('You get these emails because you turned them on.'),
      label: t('Stop these emails'),
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
  const t = (english: string) => translateServerMessage(english, lang);
  const postLine = (post: DigestPost) => ({ text: post.title, link: `${links.appUrl}/post/${post.postId}` });
  const items = [
    ...(digest.following.length
      ? [{ text: t('From people you follow:') }, ...digest.following.map(postLine)]
      : []),
    ...(digest.neighborhood.length
      ? [{ text: t('In your neighbourhood:') }, ...digest.neighborhood.map(postLine)]
      : []),
  ];
  return layoutMail(lang, to, {
    subject:
      digest.frequency === 'daily'
        ? t('Your daily digest from Waco Commons')
        : t('Your weekly digest from Waco Commons'),
    greeting: firstName ? t(`Hi ${firstName},`) : t('Hello,'),
    before: [t('New posts from your neighbours:')],
    items,
    action: { label: t('Open Waco Commons'), link: `${links.appUrl}/home` },
    after: [],
    footer: {
      text: t('You get this digest because you asked for it.'),
      label: t('Unsubscribe'),
      link: links.unsubscribeUrl,
    },
    headers: unsubscribeHeaders(links.unsubscribeUrl),
  });
}
