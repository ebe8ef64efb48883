import { randomUUID } from 'node:crypto';
import { CommentAdded } from '@waco/contracts';
import { newEvent } from '@waco/platform';
import { deciderSpecification } from '@waco/platform/testing';
import type { z } from 'zod';
import { type AddComment, commentDeciderFor } from '../src/domain/comments';
import type { PostRef } from '../src/domain/post-ref';

/**
 * One comment, for the comment decider's tests (given/when/then, without a database): a writer's
 * comment saying `content` on an owner's sale post, the command that adds it and the event that
 * records it at the first level, each with what a test changes.
 */
export function commentScene(content = 'Is it still available?') {
  const owner = randomUUID();
  const writer = randomUUID();
  const post: PostRef = { postId: randomUUID(), ownerId: owner, category: 'sale' };
  const commentId = randomUUID();
  const add = (overrides: Partial<AddComment> = {}): AddComment => ({
    type: 'add',
    commentId,
    post,
    userId: writer,
    content,
    parent: null,
    blocked: false,
    ...overrides,
  });
  const added = (overrides: Partial<z.input<typeof CommentAdded.schema>> = {}) =>
    newEvent(CommentAdded, {
      ...post,
      commentId,
      userId: writer,
      content,
      parentId: null,
      parentAuthorId: null,
      depth: 1,
      ...overrides,
    });
  return {
    owner,
    writer,
    post,
    commentId,
    spec: deciderSpecification(commentDeciderFor(commentId)),
    add,
    added,
  };
}
