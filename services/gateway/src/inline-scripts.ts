import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// A classic <script> with its code in the page (no src, not a JSON data block).
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources (`'sha256-…'`) of the scripts written into the web app's page itself: the
 * build inlines its small head script (theme and first-feed preload) so the first paint waits
 * for no request, and the policy allows exactly that code and no other inline script.
 */
export function inlineScriptSources(webDist: string): string[] {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  );
}
