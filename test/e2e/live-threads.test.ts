import { SseClient, saleRequest, signUpAt, testClient } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { gatewayStackForFile } from './support/gateway-stack';

// A post's live thread in the distributed mode: two posts instances on NATS JetStream, a gateway
// in front of the first. A comment handled by either instance reaches the guests' streams held by
// both (the broadcast subject), and a stopping gateway ends the guests' streams it holds.

const stack = gatewayStackForFile({ postsInstances: 2 });

const threadUrl = (base: string, postId: string) => `${base}/api/posts/${postId}/comments/stream`;

describe("a post's live thread over NATS", () => {
  it("reaches guests' streams on every posts instance", async () => {
    const owner = await signUpAt(stack.gateway.url, { firstName: 'Nell', password: 'correct horse' });
    const ana = await signUpAt(stack.gateway.url, { firstName: 'Ana', password: 'correct horse' });
    await stack.waitForUsers([owner.id, ana.id]);
    const call = (cookie: string, method: string, path: string, json?: unknown) =>
      testClient(stack.gateway.url)(method, path, { json, headers: { cookie } });
    const post = await call(owner.cookie, 'POST', '/api/posts', saleRequest('Bike rack', 'Steel', '15'));
    expect(post.status).toBe(201);

    const second = stack.postsInstances[1]?.service.url as string;
    const streams = [
      await SseClient.open(threadUrl(stack.gateway.url, post.body.id)),
      await SseClient.open(threadUrl(second, post.body.id)),
    ];
    try {
      for (const s of streams) {
        expect(s.status).toBe(200);
        await s.waitFor((e) => e.event === 'thread' && e.data.commentsCount === 0);
      }
      for (let n = 1; n <= 3; n++) {
        const res = await call(ana.cookie, 'POST', `/api/posts/${post.body.id}/comments`, {
          content: `Hi ${n}`,
        });
        expect(res.status).toBe(201);
        for (const s of streams)
          await s.waitFor((e) => e.event === 'thread' && e.data.commentsCount === n, 20_000, `count ${n}`);
      }
    } finally {
      for (const s of streams) s.close();
    }
  });

  it("ends the guests' streams a stopping gateway holds", async () => {
    const owner = await signUpAt(stack.gateway.url, { firstName: 'Gus', password: 'correct horse' });
    await stack.waitForUsers([owner.id]);
    const post = await testClient(stack.gateway.url)('POST', '/api/posts', {
      json: saleRequest('Garden hose', 'Green', '5'),
      headers: { cookie: owner.cookie },
    });
    const other = await stack.startGateway();
    const guest = await SseClient.open(threadUrl(other.url, post.body.id));
    await guest.waitFor((e) => e.event === 'thread');
    await other.close();
    await guest.until(() => (guest.ended ? true : undefined), 10_000, 'the stream to end');
  });
});
