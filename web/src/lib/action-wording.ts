import { BRAND } from '@waco/contracts';
import { t } from '../i18n/i18n';

/**
 * The sign-in prompt's action wording (spec section 2): "access your messages" becomes
 * "access messages", "view your profile" becomes "view profile", and "your " is dropped. A
 * leading "to " (spec section 6 words the save action "to save this post") is dropped too, so
 * the title never reads "to to".
 */
export function shortenAction(action: string): string {
  return action
    .trim()
    .replace(/^to\s+/i, '')
    .replace(/\byour\s+/gi, '')
    .replace(/\s+/g, ' ');
}

/** "Join Waco Commons to {action}". */
export function promptTitle(action: string): string {
  return t('Join {brand} to {action}', { brand: BRAND, action: t(shortenAction(action)) });
}

/** The actions of spec section 6, as each protected control names them. */
export const PROTECTED_ACTIONS = {
  createPost: 'create a post',
  like: 'like this post',
  save: 'to save this post',
  respond: 'respond to this event',
  comment: 'comment on this post',
  messageSeller: 'message the seller',
  messageEmployer: 'message the employer',
  messages: 'access your messages',
  notifications: 'view notifications',
  profile: 'view your profile',
} as const;
