import { createECDH, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildGateway, type Upstreams } from '@waco/gateway';
import { InProcessBus } from '@waco/platform';
import { freePort, testLogger } from '@waco/platform/testing';
import type { BrowserContext, Page } from 'playwright-core';
import type { WebStack } from './harness';

// The app as an installed one, for the browser tests of its service worker, push and updates.

const WEB_DIST = join(import.meta.dirname, '..', '..', 'dist');

/** A page of the app once its service worker controls it. */
export async function controlledPage(context: BrowserContext, path = '/home'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready);
  // Controlled is not yet activated: clients.claim() runs inside the activate event, and a push
  // or a fetch of the worker waits for 'activated'. Wait for both.
  await page.waitForFunction(
    async () =>
      navigator.serviceWorker.controller !== null &&
      (await navigator.serviceWorker.ready).active?.state === 'activated',
    undefined,
    { timeout: 10_000 },
  );
  return page;
}

/**
 * Allows notifications and plays the browser's push subscription, with real keys: headless
 * Chromium reaches no push service, so the app and the server do the rest for real.
 */
export async function playPushSubscription(context: BrowserContext, origin: string) {
  await context.grantPermissions(['notifications'], { origin });
  const device = createECDH('prime256v1');
  const keys = {
    p256dh: device.generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  await context.addInitScript((subscriptionKeys) => {
    let current: unknown = null;
    PushManager.prototype.subscribe = async (options) => {
      current = {
        endpoint: 'https://push.example.test/device-1',
        options,
        toJSON: () => ({
          endpoint: 'https://push.example.test/device-1',
          expirationTime: null,
          keys: subscriptionKeys,
        }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  }, keys);
}

/**
 * Runs `use` against a gateway of its own over a copy of the build, whose `deploy()` changes the
 * copy's sw.js as a new release would; the copy and the gateway are gone afterwards.
 */
export async function withDeployableCopy(
  web: WebStack,
  use: (origin: string, deploy: () => void) => Promise<void>,
) {
  const dist = mkdtempSync(join(tmpdir(), 'waco-pwa-dist-'));
  cpSync(WEB_DIST, dist, { recursive: true });
  for (const compressed of ['sw.js.br', 'sw.js.gz']) rmSync(join(dist, compressed), { force: true });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const upstreams = Object.fromEntries(
    Object.entries(web.stack.services).map(([name, service]) => [name, service.url]),
  ) as Upstreams;
  const gateway = await buildGateway({
    upstreams,
    bus: new InProcessBus(testLogger),
    logger: testLogger,
    appOrigins: [origin],
    webDist: dist,
  });
  await gateway.listen({ host: '127.0.0.1', port });
  const worker = join(dist, 'sw.js');
  const deploy = () =>
    writeFileSync(
      worker,
      readFileSync(worker, 'utf8').replace(/const VERSION = "[^"]+"/, 'const VERSION = "next-deploy"'),
    );
  try {
    await use(origin, deploy);
  } finally {
    await gateway.close();
    rmSync(dist, { recursive: true, force: true });
  }
}

/** Deploys a new version and waits for the page's "A new version … is ready" prompt. */
export async function newVersionPrompt(page: Page, deploy: () => void) {
  deploy();
  await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
  const prompt = page.getByTestId('update-prompt');
  await prompt.waitFor({ timeout: 15_000 });
  return prompt;
}
