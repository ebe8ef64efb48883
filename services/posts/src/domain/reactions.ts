import { PostLiked, PostSaved, PostUnliked, PostUnsaved } from '@waco/contracts';
import { type NewEvent, newEvent } from '@waco/platform';
import type { PostRef, StreamState } from './decider';

/** Likes and saves behave alike: a toggle per (post, user), on or off. */
export type ReactionKind = 'like' | 'save';

const EVENTS = {
  like: { on: PostLiked, off: PostUnliked },
  save: { on: PostSaved, off: PostUnsaved },
} as const;

export interface ReactionState {
  active: boolean;
}

export function reactionState(kind: ReactionKind): StreamState<ReactionState> {
  const { on, off } = EVENTS[kind];
  return {
    initial: { active: false },
    evolve(state, event) {
      if (event.type === on.type) return { active: true };
      if (event.type === off.type) return { active: false };
      return state;
    },
  };
}

/** A toggle flips the state: liked becomes unliked, and the other way round. */
export function decideToggle(
  kind: ReactionKind,
  command: { post: PostRef; userId: string },
  state: ReactionState,
): NewEvent[] {
  const { on, off } = EVENTS[kind];
  return [newEvent(state.active ? off : on, { ...command.post, userId: command.userId })];
}
