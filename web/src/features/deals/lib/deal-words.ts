import { t } from '../../../i18n/i18n';
import { formatPrice } from '../../../lib/format';

/** An offer's amount in the reader's locale ("$45.00"). */
export const offerAmount = (cents: number) => formatPrice(cents / 100) ?? '';

/**
 * A typical reply time in words, rounded up to what a buyer can plan by: within an hour, a few
 * hours, a day, or longer.
 */
export function replyTimeWords(minutes: number): string {
  if (minutes <= 60) return t('Usually replies within an hour');
  if (minutes <= 6 * 60) return t('Usually replies within a few hours');
  if (minutes <= 24 * 60) return t('Usually replies within a day');
  return t('Usually replies within a few days');
}
