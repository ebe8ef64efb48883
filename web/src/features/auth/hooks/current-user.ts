import { useQuery } from '@tanstack/react-query';
import {
  type CurrentUser,
  FORMER_MEMBER,
  firstCharacter,
  SIGNED_IN_HINT_COOKIE,
  USER_FRESH_MS,
  USER_KEPT_MS,
} from '@waco/contracts';
import { createContext, createElement, type ReactNode, useContext, useMemo } from 'react';
import { api } from '../../../api/client';
import { isUnauthorized } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';

const HINT = new RegExp(`(^|;\\s*)${SIGNED_IN_HINT_COOKIE}=`);

/** Whether the server said this browser holds a session (its readable hint cookie). */
export const hasSignedInHint = () => HINT.test(document.cookie);

/** Drops a hint that outlived its session. */
export function clearSignedInHint() {
  // biome-ignore lint/suspicious/noDocumentCookie: one cookie cleared, where Cookie Store may be missing
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/`;
}

/**
 * `GET /api/user`; a 401 means a guest, answered as null. Without the signed-in hint the
 * visitor is a guest and nothing is asked (no 401 in the console of every guest page); a hint
 * outliving its session is dropped at the first 401.
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  if (!hasSignedInHint()) return null;
  try {
    return await api.call('getCurrentUser');
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    clearSignedInHint();
    return null;
  }
}

export const currentUserQuery = {
  queryKey: queryKeys.user,
  queryFn: fetchCurrentUser,
  staleTime: USER_FRESH_MS,
  gcTime: USER_KEPT_MS,
  retry: 1,
  refetchOnWindowFocus: true,
} as const;

interface CurrentUserState {
  user: CurrentUser | null;
  isLoading: boolean;
  isSignedIn: boolean;
}
const CurrentUserContext = createContext<CurrentUserState | null>(null);

/**
 * The one observer of `GET /api/user` (fresh 10 min, kept 30 min, retried once, refetched on
 * focus), around the app: every card asks who is signed in, and an observer each (three a card)
 * cost a page's hydration a tenth of its time.
 */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const query = useQuery(currentUserQuery);
  const user = query.data ?? null;
  const isLoading = query.isPending;
  const value = useMemo(() => ({ user, isLoading, isSignedIn: Boolean(user) }), [user, isLoading]);
  return createElement(CurrentUserContext.Provider, { value }, children);
}

/** The signed-in user (null for a guest), from `CurrentUserProvider`. */
export function useCurrentUser(): CurrentUserState {
  const state = useContext(CurrentUserContext);
  if (!state) throw new Error('useCurrentUser needs a CurrentUserProvider above it');
  return state;
}

/** A deleted account's name, as the servers keep it ("Former member"). */
const isFormerMember = (user: { firstName: string | null; lastName?: string | null }) =>
  user.firstName === FORMER_MEMBER.firstName && user.lastName === FORMER_MEMBER.lastName;

/** "Ada Lovelace", or the email's name part, or "Neighbour"; a deleted account is "Former member". */
export function displayName(user: { firstName: string | null; lastName: string | null; email?: string }) {
  if (isFormerMember(user)) return t('Former member');
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email?.split('@')[0] || t('Neighbour');
}

/** The avatar's letter: the first name's initial, else the email's. */
export function initialOf(user: {
  firstName: string | null;
  lastName?: string | null;
  email?: string | null;
}) {
  const source = isFormerMember(user)
    ? t('Former member')
    : user.firstName?.trim() || user.email?.trim() || '?';
  // The first whole character: an emoji or an accented letter, never half of one.
  return firstCharacter(source).toUpperCase();
}
