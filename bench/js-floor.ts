import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstViewFiles } from '@waco/web/testing';
import { build } from 'esbuild';

// The floor under issue 31's JavaScript target (110 KB gzip before the first card is
// interactive, React included): the libraries the design names, alone, as the first view uses
// them (hydrateRoot; React Router's declarative router, links and hooks; TanStack Query's client,
// queries, infinite queries and mutations; Lingui's i18n), bundled and minified in production
// mode into one file, beside the feed's first view as `npm run build` makes it (web/dist, the
// static imports of the feed's page). What is left of the budget over the floor is what the app's
// own first view (header, cards, carousel, actions, API client, English texts) may weigh.
//   npm run -s build:web && npx tsx bench/js-floor.ts

const BUDGET_KB = 110;
const WEB = join(import.meta.dirname, '..', 'web');

const entry = `
import { StrictMode, useState, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Outlet, Route, Routes, useLocation, useNavigate, useParams,
  useSearchParams } from 'react-router-dom';
import { QueryClient, QueryClientProvider, useInfiniteQuery, useMutation, useQuery,
  useQueryClient } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
const client = new QueryClient();
function Page() {
  const q = useQuery({ queryKey: ['a'], queryFn: () => 1 });
  const p = useInfiniteQuery({ queryKey: ['b'], queryFn: () => [], initialPageParam: 0, getNextPageParam: () => 1 });
  const m = useMutation({ mutationFn: async () => 1 });
  const qc = useQueryClient();
  const [s] = useSearchParams(); const n = useNavigate(); const l = useLocation(); const par = useParams();
  const [v, set] = useState(0);
  return <div onClick={() => { set(v + 1); m.mutate(); n('/'); qc.clear(); }}>
    {i18n._('x')}{String(q.data)}{String(p.data)}{s.get('q')}{l.pathname}{par.id}<Link to="/a">a</Link><Outlet /></div>;
}
startTransition(() => hydrateRoot(document.getElementById('root'), <StrictMode>
  <QueryClientProvider client={client}><BrowserRouter><Routes>
    <Route path="/" element={<Page />} /><Route path="*" element={<Navigate to="/" />} />
  </Routes></BrowserRouter></QueryClientProvider></StrictMode>));
`;

const floor = await build({
  stdin: { contents: entry, loader: 'tsx', resolveDir: WEB },
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  write: false,
});
const gz = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;
const floorGzip = floor.outputFiles.reduce((n, f) => n + gz(f.contents), 0);
const app = firstViewFiles('src/pages/FeedPage.tsx').map((file) => readFileSync(join(WEB, 'dist', file)));
const appGzip = app.reduce((n, b) => n + gz(b), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log(`the named libraries alone, minified: ${kb(floorGzip)} gzip`);
console.log(`the feed's first view (web/dist, ${app.length} files): ${kb(appGzip)} gzip`);
console.log(
  `left of the ${BUDGET_KB} KB budget for the app's own first view: ${kb(BUDGET_KB * 1024 - floorGzip)}; it weighs ${kb(appGzip - floorGzip)}`,
);
