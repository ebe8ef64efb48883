import { Writable } from 'node:stream';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { App } from './app/App';
import { type BootData, seedQueryCache } from './app/boot-data';
import { createQueryClient } from './app/query-client';
import { StaticRouter } from './app/router';
import { i18n } from './i18n/i18n';
import { LanguageRoot } from './i18n/LanguageRoot';
import { setServerCatalogue } from './i18n/server-text';
import { takeRenderedMeta } from './lib/page-meta';
import { recordRenderedParts, takeRenderedParts } from './ui/lazy-part';
import { type ServerView, setServerView } from './ui/server-view';

/**
 * The server's side of the app, built by `vite build --ssr` into dist/server/ and run by the
 * gateway (services/gateway/src/web-app/server-render.ts): one page's HTML, the same tree as
 * main.tsx hydrates, from the same boot data the page carries, so the browser renders nothing
 * anew and asks for nothing again.
 */
export interface RenderRequest {
  /** The page's address: path and query. */
  url: string;
  /** The page's boot data, as main.tsx will read it. */
  boot: BootData;
  view: ServerView;
  /** Longest the render may take: past it the page goes without its HTML (the browser renders it). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 2_000;

let spanish: Promise<void> | null = null;
function loadSpanish(): Promise<void> {
  spanish ??= Promise.all([import('./i18n/es'), import('@waco/contracts/server-messages')]).then(
    ([{ default: catalogue }, server]) => {
      i18n.load('es', catalogue);
      // Spanish only: the English server text is the text itself.
      setServerCatalogue((english) =>
        i18n.locale === 'es' ? server.translateServerMessage(english, 'es') : english,
      );
    },
  );
  return spanish;
}

// Lingui's active language and the server view are one per process: renders run one at a time.
let queue: Promise<unknown> = Promise.resolve();

/**
 * What a render made: the `#root` content, the page's title and description if it set them, and
 * the lazy parts it rendered (the browser loads them before hydrating: ui/lazy-part.ts).
 */
export interface Rendered {
  html: string;
  meta: { title: string; description: string } | null;
  parts: string[];
  /** The server's clock at the render (ServerView's `now`), which the browser hydrates with. */
  renderedAt: number;
}

export function render(request: RenderRequest): Promise<Rendered> {
  const next = queue.then(() => renderNow(request));
  queue = next.catch(() => undefined);
  return next;
}

async function renderNow({
  url,
  boot,
  view,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: RenderRequest): Promise<Rendered> {
  if (view.language === 'es') await loadSpanish();
  i18n.activate(view.language);
  const now = Date.now();
  setServerView({ ...view, now });
  const client = createQueryClient();
  seedQueryCache(client, boot);
  takeRenderedMeta();
  recordRenderedParts();
  return new Promise<Rendered>((resolve, reject) => {
    const fail = (error: unknown) => {
      clearTimeout(timer);
      stream.abort();
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new Error(`server render of ${url} took over ${timeoutMs} ms`)),
      timeoutMs,
    );
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve({ html, meta: takeRenderedMeta(), parts: takeRenderedParts(), renderedAt: now });
        done();
      },
    });
    const stream = renderToPipeableStream(
      <StrictMode>
        <QueryClientProvider client={client}>
          <LanguageRoot>
            <StaticRouter location={url}>
              <App />
            </StaticRouter>
          </LanguageRoot>
        </QueryClientProvider>
      </StrictMode>,
      {
        // Every lazy page resolved: crawlers and the first paint get the whole page.
        onAllReady: () => stream.pipe(sink),
        // Every boundary inline, however large: React otherwise moves a big one (over 12.8 KB) out
        // of place behind an inline script ($RC) to swap it in, which the gateway's CSP refuses, so
        // the hidden copy would stay in the page beside the one the browser renders.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellError: fail,
        // Any error, even one a boundary would show: the page then goes without server HTML.
        onError: fail,
      },
    );
  });
}
