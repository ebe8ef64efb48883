import { t } from '../i18n/i18n';
/** A quiet placeholder while a page's code or the signed-in user loads. */
export function PageSpinner() {
  return (
    <div className="grid min-h-[50dvh] place-items-center" role="status" aria-label={t('Loading')}>
      <span className="size-8 animate-spin rounded-full border-4 border-primary/25 border-t-primary" />
    </div>
  );
}
