import { randomUUID } from 'node:crypto';
import { CommentEdited, PostCreated } from '@waco/contracts';
import { postCreatedData } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Notifications, onlyNotificationOf, type Post, postOf, startNotifications } from './harness';

// posts' mentions → `post_mention` to each person mentioned, on JetStream: redelivered, still one;
// never to the writer, never to someone who blocked the writer.

let n: Notifications;
beforeAll(async () => {
  n = await startNotifications({ bus: 'nats' });
});
afterAll(() => n?.stop());

const span = (userId: string) => ({ userId, start: 0, end: 5 });

const commentMentioning = (post: Post, userId: string, mentioned: string[]) =>
  n.comment(post, userId, { mentioned });

/** A post's owner and two neighbours, named as the titles show them. */
const members = async () => ({
  owner: await n.registerUser('Olive', 'Owner'),
  ana: await n.registerUser('Ana', 'Diaz'),
  ben: await n.registerUser('Ben', 'Ross'),
});

describe('post_mention', () => {
  it('tells each person a comment mentions, once even when delivered again', async () => {
    const { owner, ana, ben } = await members();
    const post = postOf(owner, 'Oak desk');
    await n.handled(await n.publish(PostCreated, postCreatedData(post)));
    const comment = await commentMentioning(post, ana, [ben]);
    await n.bus.publish('posts', { ...comment });
    await n.bus.publish('posts', { ...comment });
    await n.handled(comment);
    expect(await onlyNotificationOf(n, ben)).toMatchObject({
      type: 'post_mention',
      title: 'Ana Diaz mentioned you in a comment',
      message: '“Oak desk”',
      related_id: post.postId,
    });
    // The post's owner still hears of the comment.
    expect((await n.notificationsOf(owner)).map((x) => x.type)).toEqual(['comment']);
  });

  it("a mentioned post's owner hears of the mention only; the writer of nothing", async () => {
    const owner = await n.registerUser('Olive', 'Owner');
    const ana = await n.registerUser('Ana', 'Diaz');
    const post = postOf(owner);
    const comment = await commentMentioning(post, ana, [owner, ana]);
    await n.handled(comment);
    expect((await n.notificationsOf(owner)).map((x) => x.type)).toEqual(['post_mention']);
    expect(await n.notificationsOf(ana)).toEqual([]);
  });

  it('tells nothing to someone who blocked the writer', async () => {
    const owner = await n.registerUser('Olive', 'Owner');
    const troll = await n.registerUser('Tom', 'Troll');
    const ana = await n.registerUser('Ana', 'Diaz');
    await n.handled(await n.block(ana, troll));
    await n.handled(await commentMentioning(postOf(owner), troll, [ana]));
    expect(await n.notificationsOf(ana)).toEqual([]);
  });

  it('an edit tells only those it mentions first; a post mentions too', async () => {
    const { owner, ana, ben } = await members();
    const post = postOf(owner, 'Garage sale');
    const created = await n.publish(PostCreated, { ...postCreatedData(post), mentions: [span(ana)] });
    await n.handled(created);
    const edit = await n.publish(CommentEdited, {
      postId: post.postId,
      ownerId: owner,
      category: post.category,
      commentId: randomUUID(),
      userId: owner,
      content: '@Ana and @Ben',
      mentions: [span(ana), span(ben)],
      newlyMentioned: [ben],
    });
    await n.handled(edit);
    expect(await onlyNotificationOf(n, ana)).toMatchObject({
      type: 'post_mention',
      title: 'Olive Owner mentioned you in a post',
    });
    expect(await onlyNotificationOf(n, ben)).toMatchObject({
      type: 'post_mention',
      title: 'Olive Owner mentioned you in a comment',
    });
  });
});
