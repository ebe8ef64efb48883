import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedStore } from '@waco/launcher/object-store';
import { createMediaService } from '@waco/media';
import { photoJpeg } from '@waco/media/testing';
import { USER_ID_HEADER } from '@waco/platform';
import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import { benchGateway } from './bench-gateway';
import { inProcessServices, say } from './in-process';
import { numbersFromEnv } from './settings';

// Media, measured two ways:
//  1. Time from an upload's completion (the confirm call answers) to its 480 px WebP variant
//     being served, over PHOTOS photos of about 3 MB made with sharp: one at a time (each
//     waits for the previous one's variants), and then in posts of five photos uploaded at
//     once (each post waits for the previous post's variants).
//  2. Requests per second of GET /objects/...?w=480 through the gateway with a warm cache,
//     against the same bytes from a bare Fastify route in the same run (the anchor).
// Real Postgres (TEST_DATABASE_URL), the launcher's embedded object store, in-process bus.
//   npx tsx bench/media.ts      (PHOTOS=50 DURATION=10 CONNECTIONS=10 by default)

const {
  PHOTOS,
  DURATION: DURATION_S,
  WARMUP: WARMUP_S,
  CONNECTIONS,
} = numbersFromEnv({ PHOTOS: 50, DURATION: 10, WARMUP: 3, CONNECTIONS: 10 });
/** A post has up to five photos, uploaded together. */
const POST_PHOTOS = 5;

const services = await inProcessServices();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-media-'));
const store = await startEmbeddedStore({ dataDir, maxBodyBytes: 10 * 1024 * 1024 });
const media = await services.start(
  createMediaService({
    storage: store.storage,
    sweepIntervalMs: 0,
  }),
  'bench_media',
  { poolSize: 10 },
);
const gateway = await benchGateway({ media: media.url }, services.bus, services.logger);
const gatewayUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
const bare = Fastify();

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const figures = (name: string, sorted: number[]) =>
  `  ${name.padEnd(34)}${[50, 99, 100].map((p) => percentile(sorted, p).toFixed(0).padStart(8)).join('')}`;

try {
  const userId = crypto.randomUUID();
  const asUser = { [USER_ID_HEADER]: userId, 'content-type': 'application/json' };

  say(`making ${PHOTOS} photos of about 3 MB...`);
  const photos: Buffer[] = [];
  for (let i = 0; i < PHOTOS; i++) photos.push(await photoJpeg({ width: 2800, height: 2100, quality: 88 }));
  const meanMb = photos.reduce((s, p) => s + p.length, 0) / photos.length / 1024 / 1024;

  /** Uploads one photo through the single-PUT path; resolves when the confirm call has answered. */
  async function upload(photo: Buffer) {
    const start = await fetch(`${media.url}/api/objects/upload`, {
      method: 'POST',
      headers: asUser,
      body: JSON.stringify({ contentType: 'image/jpeg', size: photo.length }),
    });
    const { uploadURL, objectPath } = (await start.json()) as { uploadURL: string; objectPath: string };
    const body = new Uint8Array(photo.buffer as ArrayBuffer, photo.byteOffset, photo.length);
    // Presigned URLs are paths on the app's origin; the store answers them on its own port too.
    const put = await fetch(new URL(uploadURL, store.origin), {
      method: 'PUT',
      body,
      headers: { 'content-type': 'image/jpeg' },
    });
    if (!put.ok) throw new Error(`PUT to the store answered ${put.status}`);
    const done = await fetch(`${media.url}/api/media/complete`, {
      method: 'POST',
      headers: asUser,
      body: JSON.stringify({ objectPath }),
    });
    if (done.status !== 200) throw new Error(`complete answered ${done.status}: ${await done.text()}`);
    return objectPath;
  }

  /** Milliseconds from `since` until `?w=width` serves a WebP (the original stands in before). */
  async function variantServedAfter(objectPath: string, width: number, since: number) {
    // Asking with the original's ETag keeps the stand-in answers bodiless 304s.
    const original = await fetch(`${media.url}${objectPath}`, { method: 'HEAD' });
    const originalEtag = original.headers.get('etag') ?? '';
    for (;;) {
      const res = await fetch(`${media.url}${objectPath}?w=${width}`, {
        headers: { 'if-none-match': originalEtag },
      });
      await res.arrayBuffer();
      if (res.status === 200 && res.headers.get('content-type') === 'image/webp')
        return performance.now() - since;
      if (performance.now() - since > 60_000) throw new Error(`no ${width} px variant after 60 s`);
      await new Promise((r) => setTimeout(r, 2));
    }
  }

  say('uploading them one at a time, timing completion → 480 px (and 1080 px) variant served...');
  const to480: number[] = [];
  const to1080: number[] = [];
  let lastPath = '';
  for (const photo of photos) {
    const objectPath = await upload(photo);
    const completedAt = performance.now();
    to480.push(await variantServedAfter(objectPath, 480, completedAt));
    to1080.push(await variantServedAfter(objectPath, 1080, completedAt));
    lastPath = objectPath;
  }

  say(`uploading them again as posts of ${POST_PHOTOS} photos at once...`);
  const burst480: number[] = [];
  for (let i = 0; i < photos.length; i += POST_PHOTOS) {
    const paths = await Promise.all(
      photos.slice(i, i + POST_PHOTOS).map(async (photo) => {
        const objectPath = await upload(photo);
        burst480.push(await variantServedAfter(objectPath, 480, performance.now()));
        return objectPath;
      }),
    );
    // The next post comes once this one's variants are all made, as they would between posts.
    for (const objectPath of paths) await variantServedAfter(objectPath, 1080, performance.now());
  }
  for (const list of [to480, to1080, burst480]) list.sort((a, b) => a - b);

  // The anchor: the very bytes and headers of the 480 variant from a bare Fastify route.
  const variant = await fetch(`${media.url}${lastPath}?w=480`);
  const variantBytes = Buffer.from(await variant.arrayBuffer());
  const variantHeaders = {
    'content-type': 'image/webp',
    'cache-control': variant.headers.get('cache-control') ?? '',
    etag: variant.headers.get('etag') ?? '',
  };
  bare.get('/static/w480.webp', (_req, reply) => reply.headers(variantHeaders).send(variantBytes));
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

  const targets = {
    bare: `${bareUrl}/static/w480.webp`,
    gateway: `${gatewayUrl}${lastPath}?w=480`,
    media: `${media.url}${lastPath}?w=480`,
  };
  for (const [name, url] of Object.entries(targets)) {
    const check = await fetch(url);
    const body = Buffer.from(await check.arrayBuffer());
    if (check.status !== 200 || !body.equals(variantBytes))
      throw new Error(`${name} does not serve the variant`);
  }
  const run = (url: string, duration: number) =>
    autocannon({ url, connections: CONNECTIONS, duration, workers: 1 });
  say(`warming up (${WARMUP_S} s each)...`);
  for (const url of Object.values(targets)) await run(url, WARMUP_S);
  say(
    `measuring GET ?w=480 (${variantBytes.length} bytes), ${DURATION_S} s each, ${CONNECTIONS} connections...`,
  );
  const results: Record<string, Result> = {};
  for (const [name, url] of Object.entries(targets)) results[name] = await run(url, DURATION_S);

  const row = (name: string, r: Result) =>
    `${name.padEnd(22)}${r.requests.average.toFixed(0).padStart(10)}${r.latency.p50.toFixed(2).padStart(10)}` +
    `${r.latency.p99.toFixed(2).padStart(10)}${String(r.non2xx + r.errors + r.timeouts).padStart(10)}`;
  const ratio = (results.gateway as Result).requests.average / (results.bare as Result).requests.average;
  say(
    [
      '',
      `completion → variant served, ${PHOTOS} photos of ${meanMb.toFixed(1)} MB on average (ms):`,
      `${''.padEnd(36)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(8)}`,
      figures('480 px, one photo at a time', to480),
      figures('1080 px, one photo at a time', to1080),
      figures(`480 px, ${POST_PHOTOS} photos at once`, burst480),
      '',
      `${''.padEnd(22)}${'req/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'failed'.padStart(10)}`,
      row('bare Fastify route', results.bare as Result),
      row('via gateway', results.gateway as Result),
      row('media service direct', results.media as Result),
      '',
      `throughput via gateway / bare route: ${ratio.toFixed(2)}`,
      '',
    ].join('\n'),
  );
} finally {
  await bare.close();
  await gateway.close();
  await services.stop();
  await store.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
