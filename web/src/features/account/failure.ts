import { HttpError } from '../../api/http';
import { t } from '../../i18n/i18n';

/** The server's sentence of a failure, else "Please try again." */
export function failureSentence(error: unknown): string {
  return (error instanceof HttpError ? error.serverMessage : null) ?? t('Please try again.');
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
