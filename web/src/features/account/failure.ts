import { HttpError } from '../../api/http';
import { t } from '../../i18n/i18n';
import { serverText } from '../../i18n/server-text';

/** The server's sentence of a failure (in the reader's language), else "Please try again." */
export function failureSentence(error: unknown): string {
  const message = error instanceof HttpError ? error.serverMessage : null;
  return message ? serverText(message) : t('Please try again.');
}

/** The field an error body names (`{message, field}`), if any. */
export function failureField(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  try {
    return (JSON.parse(error.bodyText) as { field?: string }).field;
  } catch {
    return undefined;
  }
}
