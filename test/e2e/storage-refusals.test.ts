import { request } from 'node:http';
import { bodyText, uniqueName } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropStackSchemas, startEmbeddedTestStack, type TestStack } from './support/embedded-test-stack';

// Writes to the embedded object store that its signature-checking front refuses, sent through
// the gateway's /storage/* as a browser (or an attacker) would: the refusal reaches the client
// as the store's own 403 whatever the body's size, never a 503 from a broken connection.

const suffix = `_${uniqueName('store').split('_')[1]}`;
let running: TestStack;
let base: string;

beforeAll(async () => {
  running = await startEmbeddedTestStack({ schemaSuffix: suffix });
  base = running.stack.url;
}, 120_000);

afterAll(async () => {
  await running?.stop();
  await dropStackSchemas(suffix);
});

/** A PUT with its whole body sent at once (no Expect), on a connection of its own. */
function put(path: string, body: Buffer, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method: 'PUT',
        agent: false,
        headers: {
          'content-type': 'image/jpeg',
          ...(headers['transfer-encoding'] ? {} : { 'content-length': String(body.length) }),
          ...headers,
        },
      },
      (res) =>
        bodyText(res).then(
          (text) =>
            resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body: text }),
          reject,
        ),
    );
    // The server may answer and close before the whole body is written: the answer is what counts.
    req.on('error', reject);
    req.end(body);
  });
}

describe('an unsigned write to /storage/*', () => {
  it.each([
    ['1 KB', 1_000],
    ['600 KB', 600_000],
    ['900 KB', 900_000],
    ['5 MB', 5_000_000],
  ])('of %s is refused 403 by the store, every time', async (_what, size) => {
    const body = Buffer.alloc(size, 0xff);
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await put(`/storage/waco-media/incoming/${uniqueName('x')}.jpg`, body));
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(403);
      expect(answer.body).toContain('<Code>AccessDenied</Code>');
    }
  });

  it('sent chunked, without a length, is refused 403 too', async () => {
    const body = Buffer.alloc(900_000, 0xff);
    for (let i = 0; i < 3; i++) {
      const answer = await put(`/storage/waco-media/incoming/${uniqueName('x')}.jpg`, body, {
        'transfer-encoding': 'chunked',
      });
      expect(answer.status, answer.body).toBe(403);
    }
  });

  it('with a forged signature is refused 403 too', async () => {
    const answer = await put(
      '/storage/waco-media/incoming/forged.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=waco-embedded%2F20260101%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20260101T000000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=00',
      Buffer.alloc(900_000, 0xff),
    );
    expect(answer.status, answer.body).toBe(403);
  });
});
