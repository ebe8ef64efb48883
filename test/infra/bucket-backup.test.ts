import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { MAX_IMAGE_BYTES } from '@waco/contracts';
import { type EmbeddedStore, startEmbeddedStore } from '@waco/launcher/object-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/compose';

// The bucket half of scripts/backup.sh and scripts/restore.sh: photos copied out of one S3
// store and into another (two s3rver stores stand in for the old and the new). The scripts copy
// with the AWS CLI or rclone; this test uses the AWS CLI (.ci/run installs it when missing).

// aws only: the embedded store answers under a path (/storage), which rclone's endpoint drops.
const copier = ['aws'].find((tool) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});

const work = mkdtempSync(join(tmpdir(), 'waco-bucket-'));
let from: EmbeddedStore;
let to: EmbeddedStore;
const client = (store: EmbeddedStore) =>
  new S3Client({
    endpoint: store.storage.endpoint,
    region: store.storage.region,
    forcePathStyle: true,
    credentials: { accessKeyId: store.storage.accessKey, secretAccessKey: store.storage.secretKey },
  });
const PHOTOS = {
  'uploads/u1/a.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
  'uploads/u2/b.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 4, 5, 6]),
  'variants/480/uploads/u1/a.webp': Buffer.from('RIFF0000WEBP'),
};

/** Runs a script without blocking this process, which serves the two stores. */
async function run(script: string, store: EmbeddedStore, args: string[]) {
  try {
    const { stdout } = await promisify(execFile)('bash', [script, ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        S3_ENDPOINT: store.storage.endpoint,
        S3_BUCKET: store.bucket,
        S3_ACCESS_KEY: store.storage.accessKey,
        S3_SECRET_KEY: store.storage.secretKey,
      },
    });
    return stdout;
  } catch (err) {
    throw new Error(`${script} failed: ${String((err as { stderr?: string }).stderr ?? err)}`);
  }
}

beforeAll(async () => {
  from = await startEmbeddedStore({ dataDir: join(work, 'from'), maxBodyBytes: MAX_IMAGE_BYTES });
  to = await startEmbeddedStore({ dataDir: join(work, 'to'), maxBodyBytes: MAX_IMAGE_BYTES });
  const s3 = client(from);
  for (const [Key, Body] of Object.entries(PHOTOS)) {
    await s3.send(new PutObjectCommand({ Bucket: from.bucket, Key, Body }));
  }
  s3.destroy();
});

afterAll(async () => {
  await from?.stop();
  await to?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('bucket backup and restore', () => {
  it(`copies every object out and back byte for byte (with ${copier ?? 'aws'})`, async () => {
    if (!copier)
      throw new Error(
        'Install rclone (apt-get install rclone) or the AWS CLI: scripts/backup.sh copies the bucket with one of them',
      );
    const out = await run('scripts/backup.sh', from, ['--out', join(work, 'backups'), '--no-postgres']);
    const dir = out.trim().split('\n').at(-1) as string;
    await run('scripts/restore.sh', to, [dir, '--no-postgres']);

    const s3 = client(to);
    try {
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: to.bucket }));
      expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual(Object.keys(PHOTOS).sort());
      for (const [Key, body] of Object.entries(PHOTOS)) {
        const got = await s3.send(new GetObjectCommand({ Bucket: to.bucket, Key }));
        expect(
          Buffer.from(
            await (got.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
          ),
        ).toEqual(body);
      }
    } finally {
      s3.destroy();
    }
  });

  it('stops with a message naming the variables when the store is not configured', () => {
    expect(() =>
      execFileSync('bash', ['scripts/backup.sh', '--out', join(work, 'none'), '--no-postgres'], {
        cwd: ROOT,
        stdio: 'pipe',
        env: { PATH: process.env.PATH },
      }),
    ).toThrow(/S3_ENDPOINT/);
  });
});
