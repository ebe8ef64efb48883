import { pathToFileURL } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const hasPlaceholder = (message: string) => message.includes('{');

/** A catalogue with its ICU messages compiled; plain texts stay strings (the smallest form). */
function compile(entries: [id: string, message: string][]): Record<string, unknown> {
  return Object.fromEntries(
    entries.map(([id, message]) => [id, hasPlaceholder(message) ? compileMessage(message) : message]),
  );
}

/**
 * Compiles the message catalogues at build time (Lingui's "compiled catalogues"), so the app
 * ships without Lingui's ICU compiler: src/i18n/es.ts becomes its compiled Spanish, and
 * src/i18n/compiled-en.ts the compiled form of the English ids with plural or select (es.ts's
 * keys: a test keeps them the same as the texts in the code).
 */
export function compiledCatalogues(): Plugin {
  let spanish: Record<string, string> | undefined;
  const load = async (root: string) => {
    // Node strips the file's types itself; a new query each build reads edits in watch mode.
    const url = `${pathToFileURL(`${root}/src/i18n/es.ts`).href}?build=${Date.now()}`;
    spanish = ((await import(url)) as { default: Record<string, string> }).default;
    return spanish;
  };
  let root = '';
  return {
    name: 'waco:compiled-catalogues',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      spanish = undefined;
    },
    async transform(_code, id) {
      const path = id.split('?')[0] ?? id;
      if (path.endsWith('/src/i18n/es.ts')) {
        const catalogue = spanish ?? (await load(root));
        return { code: `export default ${JSON.stringify(compile(Object.entries(catalogue)))};`, map: null };
      }
      if (path.endsWith('/src/i18n/compiled-en.ts')) {
        const catalogue = spanish ?? (await load(root));
        // Plain `{name}` placeholders the app compiles itself (i18n.ts): only plural and select here.
        const ids = Object.keys(catalogue).filter((id) => /\{\s*\w+\s*,/.test(id));
        return { code: `export default ${JSON.stringify(compile(ids.map((id) => [id, id])))};`, map: null };
      }
      return null;
    },
  };
}
