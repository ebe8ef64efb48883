import { PostDeleted, PostEdited } from '@waco/contracts';
import { publishAs, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Moderation, startModeration } from './harness';

// The queue shows a reported post as members see it now: moderation's copy follows posts'
// edits, and a deleted post leaves it (its reports stay and show without content).

let moderation: Moderation;
let owner: string;
beforeAll(async () => {
  moderation = await startModeration();
  owner = await moderation.member('Olive', 'Owner');
});
afterAll(() => moderation?.stop());

const copyOf = (postId: string) =>
  moderation.db.selectFrom('known_posts').selectAll().where('id', '=', postId).executeTakeFirst();
const ref = (postId: string, title: string) => ({ postId, ownerId: owner, title, category: 'sale' as const });

it('follows an edit of the title, description and photos, and keeps what the edit left alone', async () => {
  const postId = await moderation.post(owner, 'Cheap iPhone');
  await publishAs(moderation.bus, PostEdited, {
    ...ref(postId, 'Cheap iPhone 12'),
    changes: { title: 'Cheap iPhone 12', imagePaths: ['uploads/u/a.jpg'] },
    previous: { title: 'Cheap iPhone', imagePaths: [] },
  });
  const copy = await waitFor(async () => {
    const row = await copyOf(postId);
    return row?.title === 'Cheap iPhone 12' ? row : undefined;
  });
  expect(copy.image_paths).toEqual(['uploads/u/a.jpg']);
  expect(copy.description).toBe('Only Western Union');
});

it('drops a deleted post; its report stays in the queue without content', async () => {
  const reporter = await moderation.member('Rita', 'Reporter');
  const moderator = await moderation.moderator('Meg', 'Moderator');
  const postId = await moderation.post(owner, 'Wire money first');
  const filed = await moderation.call('POST', '/api/reports', {
    as: reporter,
    json: { targetType: 'post', targetId: postId, reason: 'scam' },
  });
  expect(filed.status).toBe(201);
  await publishAs(moderation.bus, PostDeleted, { ...ref(postId, 'Wire money first'), imagePaths: [] });
  await waitFor(async () => ((await copyOf(postId)) ? undefined : true));

  const queue = await moderation.call('GET', '/api/moderation/reports?status=open', { as: moderator });
  expect(queue.status).toBe(200);
  expect(JSON.stringify(queue.body)).toContain(postId);
  expect(JSON.stringify(queue.body)).not.toContain('Wire money first');
});
