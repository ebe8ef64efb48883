import { randomUUID } from 'node:crypto';
import { CommentAdded, PostCreated, translateServerMessage } from '@waco/contracts';
import { postCreatedData } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushMessageOf } from '../src/domain/push-message';
import { type Notifications, onlyNotificationOf, type Post, postOf, startNotifications } from './harness';

// posts' CommentAdded → `comment` to the post's author and `comment_reply` to the author of the
// comment replied to, on JetStream: redelivered, still one each.

let n: Notifications;
beforeAll(async () => {
  n = await startNotifications({ bus: 'nats' });
});
afterAll(() => n?.stop());

const commentOn = (
  post: Post,
  userId: string,
  parent: { commentId: string; authorId: string } | null = null,
) => n.comment(post, userId, { parent });

/** The comment an event added. */
const idOf = (event: { data: unknown }) => CommentAdded.schema.parse(event.data).commentId;

describe('CommentAdded', () => {
  it("tells the post's author, and a reply the parent's author, each once", async () => {
    const owner = await n.registerUser('Olive', 'Owner');
    const ana = await n.registerUser('Ana', 'Diaz');
    const ben = await n.registerUser('Ben', 'Ross');
    const post = postOf(owner, 'Road bike');
    await n.handled(await n.publish(PostCreated, postCreatedData(post)));
    const first = await commentOn(post, ana);
    const reply = await commentOn(post, ben, { commentId: idOf(first), authorId: ana });
    await n.handled(first, reply);
    expect(await n.notificationsOf(owner)).toEqual([
      expect.objectContaining({
        type: 'comment',
        title: 'Ana Diaz commented on your post',
        message: '“Road bike”',
        related_id: post.postId,
      }),
      expect.objectContaining({ type: 'comment', title: 'Ben Ross commented on your post' }),
    ]);
    expect(await onlyNotificationOf(n, ana)).toMatchObject({
      type: 'comment_reply',
      title: 'Ben Ross replied to your comment',
      related_id: post.postId,
    });
    expect(await n.notificationsOf(ben)).toEqual([]);
    // In Spanish, as the web and the pushes show it to a member who reads Spanish.
    expect(translateServerMessage('Ana Diaz commented on your post', 'es')).toBe(
      'Ana Diaz comentó tu publicación',
    );
    expect(translateServerMessage('Ben Ross replied to your comment', 'es')).toBe(
      'Ben Ross respondió a tu comentario',
    );
  });

  it('tells nobody of their own words; the post’s author replied to hears once, of the reply', async () => {
    const owner = await n.registerUser('Olive', 'Owner');
    const ana = await n.registerUser('Ana', 'Diaz');
    const post = postOf(owner);
    const own = await commentOn(post, owner);
    const selfReply = await commentOn(post, ana, { commentId: randomUUID(), authorId: ana });
    const replyToOwner = await commentOn(post, ana, { commentId: idOf(own), authorId: owner });
    await n.handled(own, selfReply, replyToOwner);
    expect((await n.notificationsOf(owner)).map((x) => x.type)).toEqual(['comment', 'comment_reply']);
    expect(await n.notificationsOf(ana)).toEqual([]);
  });

  it('tells nothing from a member the recipient blocked', async () => {
    const owner = await n.registerUser('Olive', 'Owner');
    const troll = await n.registerUser('Tom', 'Troll');
    await n.handled(await n.block(owner, troll));
    const c = await commentOn(postOf(owner), troll);
    await n.handled(c);
    expect(await n.notificationsOf(owner)).toEqual([]);
  });

  it('gives exactly one notification per recipient for an event delivered again', async () => {
    const owner = await n.registerUser('Olive', 'Owner');
    const ana = await n.registerUser('Ana', 'Diaz');
    const ben = await n.registerUser('Ben', 'Ross');
    const post = postOf(owner);
    const reply = await commentOn(post, ben, { commentId: randomUUID(), authorId: ana });
    // The same envelope again (a relay that published it twice, a redelivery after a crash).
    await n.bus.publish('posts', { ...reply });
    await n.bus.publish('posts', { ...reply });
    await n.handled(reply);
    const later = await commentOn(post, ana);
    await n.handled(later);
    expect((await n.notificationsOf(owner)).map((x) => x.title)).toEqual([
      'Ben Ross commented on your post',
      'Ana Diaz commented on your post',
    ]);
    expect(await n.notificationsOf(ana)).toHaveLength(1);
  });
});

describe('a comment notification pushed to a device', () => {
  it.each([
    ['comment_reply', 'Ana Diaz replied to your comment', 'Ana Diaz respondió a tu comentario'],
    ['post_mention', 'Ana Diaz mentioned you in a comment', 'Ana Diaz te mencionó en un comentario'],
  ] as const)("%s reads in the member's language and opens the post", (type, title, spanish) => {
    const postId = randomUUID();
    const notification = {
      id: randomUUID(),
      userId: randomUUID(),
      type,
      title,
      message: '“Road bike”',
      relatedId: postId,
      actorId: randomUUID(),
      isRead: false,
      createdAt: new Date().toISOString(),
    };
    expect(pushMessageOf(notification, 'es')).toEqual({
      title: spanish,
      body: '“Road bike”',
      url: `/post/${postId}`,
      tag: `${type}:${postId}`,
    });
  });
});
