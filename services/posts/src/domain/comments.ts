import {
  BLOCKED_COMMENTING,
  COMMENT_MAX_DEPTH,
  COMMENT_NOT_FOUND,
  CommentAdded,
  CommentDeleted,
  CommentEdited,
  CommentLiked,
  CommentUnliked,
  type EventOf,
  type GroupRole,
  type MentionSpan,
  NOT_YOUR_COMMENT,
  REPLY_TO_DELETED,
  REPLY_TOO_DEEP,
} from '@waco/contracts';
import {
  type Decider,
  type MemberActivity,
  newEvent,
  RuleBroken,
  refuseSuspended,
  type Suspension,
} from '@waco/platform';
import { refuseOverCommentingLimits } from './commenting-limits';
import { moderatesGroup } from './groups';
import { keptMentions, type MentionCandidate, newlyMentioned, sameMentions } from './mentions';
import type { PostRef } from './post-ref';

/** The comment a reply answers, as the command found it (in the same post, or not found). */
export interface ParentFacts {
  commentId: string;
  postId: string;
  authorId: string;
  depth: number;
  deleted: boolean;
}

/** A new comment; the facts from outside its stream are gathered by the command. */
export interface AddComment {
  type: 'add';
  commentId: string;
  post: PostRef;
  userId: string;
  content: string;
  /** null: a comment on the post; undefined: the parent named was not found. */
  parent: ParentFacts | null | undefined;
  suspension?: Suspension;
  /** Whether the writer and the post's author, or the parent's author, blocked one another. */
  blocked: boolean;
  /** The mentions as written, with the facts about their people (none: none). */
  mentions?: MentionCandidate[];
  /**
   * The writer's recent comments and the time it is written, when the limits per member are on
   * (commenting-limits.ts).
   */
  limits?: { activity: MemberActivity; now: string };
}
export interface EditComment {
  type: 'edit';
  actorId: string;
  content: string;
  suspension?: Suspension;
  mentions?: MentionCandidate[];
}
export interface DeleteComment {
  type: 'delete';
  actorId: string;
  /** The actor's role in the group of the comment's post (its moderators and admins remove comments). */
  groupRole?: GroupRole | null;
}
export type CommentCommand = AddComment | EditComment | DeleteComment;

export type CommentEvent = EventOf<typeof CommentAdded | typeof CommentEdited | typeof CommentDeleted>;

export interface CommentState {
  comment?: {
    post: PostRef;
    authorId: string;
    content: string;
    mentions: MentionSpan[];
    deleted: boolean;
  };
}

/** The refusal of a comment that does not exist (or no longer does) for anyone but its stream. */
const notFound = () => new RuleBroken(COMMENT_NOT_FOUND, { status: 404 });

function decideAdd(command: AddComment, state: CommentState) {
  if (state.comment) throw new RuleBroken('This comment already exists', { status: 409 });
  // A suspended member cannot comment (403, telling why).
  refuseSuspended(command.suspension);
  if (command.blocked) throw new RuleBroken(BLOCKED_COMMENTING, { status: 403 });
  const { parent } = command;
  if (parent === undefined || (parent && parent.postId !== command.post.postId))
    throw new RuleBroken(COMMENT_NOT_FOUND, { status: 404, field: 'parentId' });
  if (parent?.deleted) throw new RuleBroken(REPLY_TO_DELETED, { status: 409, field: 'parentId' });
  if (parent && parent.depth >= COMMENT_MAX_DEPTH)
    throw new RuleBroken(REPLY_TOO_DEEP, { field: 'parentId' });
  // Counted last: a comment refused for another reason is not a burst.
  if (command.limits) refuseOverCommentingLimits(command.limits.activity, new Date(command.limits.now));
  return [
    newEvent(CommentAdded, {
      ...command.post,
      commentId: command.commentId,
      userId: command.userId,
      content: command.content,
      parentId: parent?.commentId ?? null,
      parentAuthorId: parent?.authorId ?? null,
      depth: parent ? parent.depth + 1 : 1,
      mentions: keptMentions(command.userId, command.mentions ?? []),
    }),
  ];
}

/**
 * A comment's stream, `comment-{id}`: written once, then edited or deleted by its writer only
 * (403 for anyone else, 404 once deleted). An edit that changes nothing records nothing. Its
 * mentions keep only the people who may be mentioned (`keptMentions`); an edit tells only those
 * it mentions first.
 */
export function commentDeciderFor(commentId: string): Decider<CommentCommand, CommentState, CommentEvent> {
  return {
    events: [CommentAdded, CommentEdited, CommentDeleted],
    initialState: {},
    evolve(state, event) {
      if (event.type === CommentAdded.type) {
        const { postId, ownerId, category, userId, content, mentions } = event.data;
        const post = { postId, ownerId, category };
        return { comment: { post, authorId: userId, content, mentions, deleted: false } };
      }
      if (!state.comment) return state;
      if (event.type === CommentEdited.type) {
        const { content, mentions } = event.data;
        return { comment: { ...state.comment, content, mentions } };
      }
      return { comment: { ...state.comment, deleted: true } };
    },
    decide(command, state) {
      if (command.type === 'add') return decideAdd(command, state);
      const comment = state.comment;
      if (!comment || comment.deleted) throw notFound();
      const groupRemoval = command.type === 'delete' && moderatesGroup(command.groupRole);
      if (command.actorId !== comment.authorId && !groupRemoval)
        throw new RuleBroken(NOT_YOUR_COMMENT, { status: 403 });
      const ref = { ...comment.post, commentId, userId: comment.authorId };
      if (command.type === 'delete') return [newEvent(CommentDeleted, ref)];
      refuseSuspended(command.suspension);
      const mentions = keptMentions(comment.authorId, command.mentions ?? []);
      if (command.content === comment.content && sameMentions(mentions, comment.mentions)) return [];
      return [
        newEvent(CommentEdited, {
          ...ref,
          content: command.content,
          mentions,
          newlyMentioned: newlyMentioned(comment.mentions, mentions),
        }),
      ];
    },
  };
}

/** A like of a comment, toggled on the (comment, user) stream; the comment is gathered by the command. */
export interface ToggleCommentLike {
  comment: { commentId: string; authorId: string; deleted: boolean; post: PostRef } | undefined;
  userId: string;
  suspension?: Suspension;
  blocked: boolean;
}
export type CommentLikeEvent = EventOf<typeof CommentLiked | typeof CommentUnliked>;

/** Liked becomes unliked and the other way round: a like sent twice is undone by the second. */
export const commentLikeDecider: Decider<ToggleCommentLike, { liked: boolean }, CommentLikeEvent> = {
  events: [CommentLiked, CommentUnliked],
  initialState: { liked: false },
  evolve: (_state, event) => ({ liked: event.type === CommentLiked.type }),
  decide(command, state) {
    const { comment } = command;
    // A deleted comment can be neither liked nor unliked (its likes went with it).
    if (!comment || comment.deleted) throw notFound();
    refuseSuspended(command.suspension);
    if (command.blocked) throw new RuleBroken(BLOCKED_COMMENTING, { status: 403 });
    const data = {
      ...comment.post,
      commentId: comment.commentId,
      authorId: comment.authorId,
      userId: command.userId,
    };
    return [newEvent(state.liked ? CommentUnliked : CommentLiked, data)];
  },
};
