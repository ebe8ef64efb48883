import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { seedIfEmpty } from '@waco/launcher/seed';
import { CHROMIUM_ARGS, requireChromium } from '@waco/platform/testing';
import { PHONE, startWebStack } from '@waco/web/testing';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium } from 'playwright-core';
import { numbersFromEnv } from './settings';

// Web budgets (ARCHITECTURE.md): at most 150 KB of gzipped JavaScript for the first feed view;
// Lighthouse (mobile) performance and accessibility 95 or more.
//
// The whole app runs as `npm start` does (embedded stack on fresh schemas of the machine's
// Postgres, the seeded Waco feed with photos); the sizes are read two ways: from Vite's manifest
// (the static import graph of each route) and from what Chromium actually fetched. Lighthouse
// runs the mobile preset (simulated slow 4G, 4x CPU) on the feed as a returning guest sees it.
//
//   npx tsx bench/web.ts      (RUNS=3; LHR_OUT=file.json keeps the last Lighthouse report)

const { RUNS } = numbersFromEnv({ RUNS: 3 });
const BUDGET_KB = 150;
const DIST = join(import.meta.dirname, '..', 'web', 'dist');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const br = (bytes: Buffer) => brotliCompressSync(bytes).length;

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The JS files a route loads before it can paint: the entry, the page's chunk, and their static imports. */
function routeFiles(manifest: Record<string, ManifestChunk>, page: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  visit('index.html');
  visit(page);
  return [...seen].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'));
}

async function recordJs(context: BrowserContext, url: string, ready: string) {
  const bodies = new Map<string, Buffer>();
  context.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    bodies.set(res.url(), await res.body().catch(() => Buffer.alloc(0)));
  });
  const page = await context.newPage();
  await page.goto(url);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.close();
  const all = [...bodies.values()];
  return {
    files: bodies.size,
    raw: all.reduce((n, b) => n + b.length, 0),
    gzip: all.reduce((n, b) => n + gz(b), 0),
  };
}

/** Waits until this process (which runs every service) is nearly idle: the photo variants are made. */
async function settle(maxMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < maxMs) {
    const before = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const used = process.cpuUsage(before);
    if ((used.user + used.system) / 1000 / 2000 < 0.1) return;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const web = await startWebStack();
try {
  const seeded = await seedIfEmpty({ gatewayUrl: web.url, log: () => {} });
  console.log(`feed seeded: ${seeded.posts} posts, ${seeded.photos} photos by ${seeded.users} neighbours\n`);
  await settle();

  console.log('JavaScript of the first view (Vite manifest, static imports)');
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  for (const [route, page] of [
    ['landing', 'src/pages/WelcomePage.tsx'],
    ['feed', 'src/pages/FeedPage.tsx'],
  ] as const) {
    const files = routeFiles(manifest, page).map((file) => readFileSync(join(DIST, file)));
    const gzip = files.reduce((n, b) => n + gz(b), 0);
    const brotli = files.reduce((n, b) => n + br(b), 0);
    const raw = files.reduce((n, b) => n + b.length, 0);
    const verdict =
      route === 'feed' ? (gzip <= BUDGET_KB * 1024 ? '  (within 150 KB)' : '  (OVER 150 KB)') : '';
    console.log(
      `  ${route.padEnd(8)} ${files.length} files, ${kb(raw)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli${verdict}`,
    );
  }

  console.log('\nJavaScript Chromium fetched (phone, until the network is idle)');
  const landingContext = await web.browser.newContext({ ...PHONE, baseURL: web.url });
  const landing = await recordJs(landingContext, '/welcome', 'text=Continue as Guest');
  await landingContext.close();
  const feedContext = await web.browser.newContext({ ...PHONE, baseURL: web.url });
  await feedContext.addInitScript(() => localStorage.setItem('hasVisitedAsGuest', 'true'));
  const feed = await recordJs(feedContext, '/', 'article[data-post-id]');
  await feedContext.close();
  for (const [route, r] of [
    ['landing', landing],
    ['feed', feed],
  ] as const) {
    console.log(`  ${route.padEnd(8)} ${r.files} files, ${kb(r.raw)} raw, ${kb(r.gzip)} gzip`);
  }

  console.log(`\nLighthouse, mobile preset, feed (${RUNS} runs, median)`);
  const chrome = await chromeLauncher.launch({ chromePath: requireChromium(), chromeFlags: CHROMIUM_ARGS });
  try {
    // A returning guest: the flag is in local storage (Lighthouse's reset leaves local storage alone).
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const tab = await (cdp.contexts()[0] ?? (await cdp.newContext())).newPage();
    await tab.goto(`${web.url}/welcome`);
    await tab.evaluate(() => localStorage.setItem('hasVisitedAsGuest', 'true'));
    await tab.close();
    const runs: {
      performance: number;
      accessibility: number;
      lcp: number;
      tbt: number;
      cls: number;
      fcp: number;
    }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${web.url}/`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse gave no result');
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const run = {
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      };
      runs.push(run);
      console.log(
        `  run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}, FCP ${Math.round(run.fcp)} ms, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}`,
      );
      if (i === RUNS - 1 && process.env.LHR_OUT) writeFileSync(process.env.LHR_OUT, JSON.stringify(lhr));
      if (i === RUNS - 1) {
        const failing = Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 0.9 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'notApplicable',
          )
          .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        if (failing.length) console.log(`  audits below 0.9: ${failing.join(', ')}`);
      }
    }
    const pick = (key: keyof (typeof runs)[number]) => median(runs.map((r) => r[key]));
    console.log(
      `  median: performance ${pick('performance')}, accessibility ${pick('accessibility')}, LCP ${Math.round(pick('lcp'))} ms, TBT ${Math.round(pick('tbt'))} ms, CLS ${pick('cls').toFixed(3)}  (targets: 95+, 95+)`,
    );
    await cdp.close();
  } finally {
    chrome.kill();
  }
} finally {
  await web.stop();
}
