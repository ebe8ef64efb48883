import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../i18n/i18n';
import { buttonClass } from '../ui/button';

/** A screen that failed to render (or whose code failed to load) offers a reload, not a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('render failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    // A chunk of an older build is gone after a deploy: a reload fetches the new one.
    const stale = /dynamically imported module|Importing a module script failed/i.test(
      this.state.error.message,
    );
    return (
      <div role="alert" className="mx-auto mt-16 max-w-sm px-6 text-center">
        <h1 className="text-xl font-bold">
          {stale ? t('A new version is available') : t('Something went wrong')}
        </h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {stale
            ? t('Reload to get the latest Waco Commons.')
            : t('Please reload the page. If it happens again, try later.')}
        </p>
        <button
          type="button"
          className={buttonClass('primary', 'md', 'mt-6')}
          onClick={() => window.location.reload()}
        >
          {t('Reload')}
        </button>
      </div>
    );
  }
}
