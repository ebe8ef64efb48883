import type { EventEnvelope } from '@waco/contracts';

/**
 * How a stream's state is folded from its events (Emmett's `evolve` and initial state). The
 * matching `decide` functions take a command and that state and return the events to append.
 */
export interface StreamState<S> {
  initial: S;
  evolve(state: S, event: Pick<EventEnvelope, 'type' | 'data'>): S;
  /** Decisions never look at past events (e.g. counting uses): only the version is read. */
  appendOnly?: boolean;
}

/** The part of a post every reaction event carries, so that consumers never ask back. */
export interface PostRef {
  postId: string;
  ownerId: string;
  title: string;
  category: 'sale' | 'job' | 'event';
}
