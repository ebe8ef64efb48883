import { createHash } from 'node:crypto';

// A classic <script> with its code in the page (no src, not a JSON data block).
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources (`'sha256-…'`) of the scripts written into the web app's page itself: the
 * build inlines its small head script (theme and first-feed preload) so the first paint waits
 * for no request, and the policy allows exactly that code and no other inline script. `html` is
 * the page as web-app/app-shell.ts read it.
 */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  );
}
