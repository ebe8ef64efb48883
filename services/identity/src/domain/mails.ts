import { type Language, translateServerMessage } from '@waco/contracts';
import { layoutMail as mail, type OutgoingMail } from '@waco/platform';

// identity's mails, in the app's layout (libs/platform's mail-layout.ts). Every sentence is
// written in English here and put in `lang` through the server message catalogue
// (libs/contracts/src/server-messages.ts), whose test sees each one.

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
