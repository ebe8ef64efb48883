import { COMMENT_LIMITS, duplicateKeyOf, POSTING_LIMITS } from '@waco/contracts';
import { describe, expect, it } from 'vitest';
import { SEED_THREADS } from '../src/seed/seed-community';
import { SEED_POSTS } from '../src/seed/seed-posts';

// The first start seeds its feed through the gateway as brand-new, unverified accounts would,
// within seconds: the limits per member apply to it like to anyone, so it must fit them.

describe("the seed's posts", () => {
  const byMember = new Map<number, typeof SEED_POSTS>();
  for (const post of SEED_POSTS) byMember.set(post.by, [...(byMember.get(post.by) ?? []), post]);

  it("fit a new account's limits, each neighbour's posts within the smallest window", () => {
    const smallest = Math.min(...POSTING_LIMITS.newAccount.map((w) => w.max));
    for (const [member, posts] of byMember)
      expect(posts.length, `neighbour ${member}`).toBeLessThanOrEqual(smallest);
  });

  it('are never the same words twice from one neighbour', () => {
    for (const posts of byMember.values()) {
      const keys = posts.map(duplicateKeyOf);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});

describe("the seed's comments", () => {
  it("fit a new account's limits, each neighbour's comments within the smallest window", () => {
    const smallest = Math.min(...COMMENT_LIMITS.newAccount.map((w) => w.max));
    const byMember = new Map<number, number>();
    for (const thread of SEED_THREADS)
      for (const [, by] of thread.comments) byMember.set(by, (byMember.get(by) ?? 0) + 1);
    for (const [member, count] of byMember)
      expect(count, `neighbour ${member}`).toBeLessThanOrEqual(smallest);
  });
});
