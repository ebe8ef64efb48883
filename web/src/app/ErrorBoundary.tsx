import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../i18n/i18n';
import { buttonClass } from '../ui/button';

/** Why a screen could not show: no network, a chunk of an older build gone, or a fault. */
export type FailureKind = 'offline' | 'stale' | 'fault';

/** A code chunk that failed to load (the browsers' words for it). */
const CHUNK_FAILED =
  /dynamically imported module|Importing a module script failed|error loading dynamically/i;

export function failureKind(error: Error): FailureKind {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  // Online, a chunk of an older build is gone after a deploy: a reload fetches the new one.
  return CHUNK_FAILED.test(error.message) ? 'stale' : 'fault';
}

interface Props {
  children: ReactNode;
  /** What shows instead of the children (default: a whole-page notice with a way back). */
  fallback?(kind: FailureKind): ReactNode;
}

/**
 * A screen that failed to render (or whose code failed to load) says why and offers a way back,
 * never a blank page: offline, the feed this device kept; after a deploy, a reload.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('render failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const kind = failureKind(this.state.error);
    if (this.props.fallback) return this.props.fallback(kind);
    const [title, text] = {
      offline: [
        t("You're offline"),
        t('This page needs a connection. The feed this device kept is still there.'),
      ],
      stale: [t('A new version is available'), t('Reload to get the latest Waco Commons.')],
      fault: [t('Something went wrong'), t('Please reload the page. If it happens again, try later.')],
    }[kind];
    return (
      <div role="alert" className="mx-auto mt-16 max-w-sm px-6 text-center">
        <h1 className="text-xl font-bold">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{text}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {/* A page load: offline, the service worker answers it with the kept app and feed. */}
          <a href="/" className={buttonClass(kind === 'offline' ? 'primary' : 'outline', 'md')}>
            {t('Back to Feed')}
          </a>
          <button
            type="button"
            className={buttonClass(kind === 'offline' ? 'outline' : 'primary', 'md')}
            onClick={() => window.location.reload()}
          >
            {kind === 'offline' ? t('Try again') : t('Reload')}
          </button>
        </div>
      </div>
    );
  }
}
