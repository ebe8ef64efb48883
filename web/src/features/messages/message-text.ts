import { MESSAGE_DELETED } from '@waco/contracts';
import { t } from '../../i18n/i18n';

/**
 * A message's text as shown: the sender's own words, or, for a deleted account's message, the
 * server's "Message deleted" (which stands in for the erased words) in the reader's language.
 */
export const shownContent = (content: string) =>
  content === MESSAGE_DELETED ? t('Message deleted') : content;
