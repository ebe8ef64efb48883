import type { FailureKind } from '../../../app/ErrorBoundary';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';

/**
 * In place of a post whose code could not load: offline, or after a deploy. Drawn without the
 * dialog's code (not loaded either), over the feed, with the way back to it.
 */
export function PostUnavailable({ kind, onClose }: { kind: FailureKind; onClose(): void }) {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-overlay p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="post-unavailable-title"
        className="w-full max-w-sm rounded-2xl border bg-card p-6 text-center shadow-2xl"
      >
        <h2 id="post-unavailable-title" className="text-lg font-bold">
          {kind === 'offline' ? t("You're offline") : t('A new version is available')}
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">
          {kind === 'offline'
            ? t("This post can't open without a connection. It will once you're back online.")
            : t('Reload to get the latest Waco Commons.')}
        </p>
        <div className="mt-5 flex justify-center gap-2">
          <button
            type="button"
            // biome-ignore lint/a11y/noAutofocus: the way back, focused as a dialog's first control is
            autoFocus
            className={buttonClass('primary', 'md')}
            onClick={onClose}
          >
            {t('Back to Feed')}
          </button>
          {kind !== 'offline' && (
            <button
              type="button"
              className={buttonClass('outline', 'md')}
              onClick={() => window.location.reload()}
            >
              {t('Reload')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
