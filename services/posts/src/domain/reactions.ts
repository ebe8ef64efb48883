import { type EventOf, PostLiked, PostSaved, PostUnliked, PostUnsaved } from '@waco/contracts';
import { type Decider, newEvent, refuseSuspended, type Suspension } from '@waco/platform';
import type { PostRef } from './post-ref';

/** Likes and saves behave alike: a toggle per (post, user), on or off. */
export type ReactionKind = 'like' | 'save';

const EVENTS = {
  like: { on: PostLiked, off: PostUnliked },
  save: { on: PostSaved, off: PostUnsaved },
} as const;

export interface ReactionState {
  active: boolean;
}

/** A toggle of the (post, user) stream; the post's reference is looked up by the command. */
export interface ToggleReaction {
  post: PostRef;
  userId: string;
  /** The member's suspension, from posts' copy of moderation's events (gathered by the command). */
  suspension?: Suspension;
}

/** The events of a (post, user) reaction stream, likes' or saves'. */
export type ReactionEvent = EventOf<
  typeof PostLiked | typeof PostUnliked | typeof PostSaved | typeof PostUnsaved
>;

/** A toggle flips the state: liked becomes unliked, and the other way round. */
export function reactionDecider(kind: ReactionKind): Decider<ToggleReaction, ReactionState, ReactionEvent> {
  const { on, off } = EVENTS[kind];
  return {
    events: [on, off],
    initialState: { active: false },
    evolve(state, event) {
      if (event.type === on.type) return { active: true };
      if (event.type === off.type) return { active: false };
      return state;
    },
    decide(command, state) {
      // A suspended member cannot like (403, telling why); saving stays theirs.
      if (kind === 'like') refuseSuspended(command.suspension);
      return [newEvent(state.active ? off : on, { ...command.post, userId: command.userId })];
    },
  };
}
