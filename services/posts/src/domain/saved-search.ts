import {
  type EventOf,
  SAVED_SEARCHES_MAX,
  SavedSearchCreated,
  type SavedSearchCriteria,
  SavedSearchDeleted,
} from '@waco/contracts';
import { type Decider, newEvent, RuleBroken } from '@waco/platform';

export interface SavedSearchState {
  ownerId: string | null;
  deleted: boolean;
}

export type SavedSearchCommand =
  | { type: 'save'; searchId: string; userId: string; criteria: SavedSearchCriteria; savedSoFar: number }
  | { type: 'remove'; searchId: string; actorId: string };

export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found';

/** The events of its stream. */
export type SavedSearchEvent = EventOf<typeof SavedSearchCreated | typeof SavedSearchDeleted>;

/** A saved search: kept by one person (at most 20 each), removed by them only. */
export const savedSearchDecider: Decider<SavedSearchCommand, SavedSearchState, SavedSearchEvent> = {
  events: [SavedSearchCreated, SavedSearchDeleted],
  initialState: { ownerId: null, deleted: false },
  evolve(state, event) {
    if (event.type === SavedSearchCreated.type) return { ...state, ownerId: event.data.userId };
    if (event.type === SavedSearchDeleted.type) return { ...state, deleted: true };
    return state;
  },
  decide(command, state) {
    if (command.type === 'save') {
      if (state.ownerId) throw new RuleBroken('This saved search already exists', { status: 409 });
      if (command.savedSoFar >= SAVED_SEARCHES_MAX)
        throw new RuleBroken(`You can keep at most ${SAVED_SEARCHES_MAX} saved searches; remove one first`, {
          status: 409,
        });
      return [
        newEvent(SavedSearchCreated, {
          searchId: command.searchId,
          userId: command.userId,
          ...command.criteria,
        }),
      ];
    }
    if (!state.ownerId || state.deleted) throw new RuleBroken(SAVED_SEARCH_NOT_FOUND, { status: 404 });
    if (state.ownerId !== command.actorId)
      throw new RuleBroken('Only the person who saved this search can remove it', { status: 403 });
    return [newEvent(SavedSearchDeleted, { searchId: command.searchId, userId: state.ownerId })];
  },
};
