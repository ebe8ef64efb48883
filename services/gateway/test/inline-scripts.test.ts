import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { inlineScriptSources } from '../src/browser-security/inline-scripts';
import { readAppShell } from '../src/web-app/app-shell';

// The page's one inline head script (the theme, written in by the web build) runs under the
// CSP by its hash; nothing else inline is allowed, and the boot data block is not a script.

const dist = mkdtempSync(join(tmpdir(), 'gateway-inline-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

it("allows the page's own inline scripts by their hash, and nothing else", () => {
  const theme =
    "try{if(localStorage.getItem('vite-ui-theme')==='dark')document.documentElement.classList.add('dark')}catch(_){}";
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><script>${theme}</script><script type="module" crossorigin src="/assets/index.js"></script>` +
      '<script type="application/json" id="boot-data" data-parts="feed">{"feed":{}}</script></head><body></body></html>',
  );
  expect(inlineScriptSources(readAppShell(dist).html)).toEqual([sha(theme)]);
});

it('allows none where the web app is not built (the placeholder page has none)', () => {
  const shell = readAppShell(join(dist, 'missing'));
  expect(shell.built).toBe(false);
  expect(inlineScriptSources(shell.html)).toEqual([]);
});
