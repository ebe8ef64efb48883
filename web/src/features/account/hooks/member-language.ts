import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@waco/contracts';
import { useCallback, useEffect } from 'react';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import { currentLanguage, type Language, storedLanguage } from '../../../i18n/language';
import { activateLanguage } from '../../../i18n/load-language';
import { useCurrentUser } from '../../auth/hooks/current-user';

/**
 * A member's choice of language also goes to their profile (`language`): their mails and
 * pushes, written by the server when no page of theirs is open, come in it. The rest of the
 * profile is sent as it is, since the update takes the whole profile.
 */
export function useSaveMemberLanguage() {
  const { user } = useCurrentUser();
  const client = useQueryClient();
  return useCallback(
    (language: Language) => {
      if (!user || user.language === language || !user.firstName || !user.lastName) return;
      void api
        .call('updateProfile', {
          body: {
            firstName: user.firstName,
            lastName: user.lastName,
            bio: user.bio,
            location: user.location,
            ...(user.profileImageUrl ? { profileImageUrl: user.profileImageUrl } : {}),
            language,
          },
        })
        .then((updated: CurrentUser) => client.setQueryData(queryKeys.user, updated))
        // Not saved: the app is still in the chosen language; the profile keeps the old one.
        .catch(() => undefined);
    },
    [user, client],
  );
}

/**
 * On a browser where this member never chose a language, the app takes the one in their profile
 * (chosen on another device, or at sign-up), as their mails and pushes do.
 */
export function useMemberLanguage() {
  const { user } = useCurrentUser();
  const language = user?.language;
  useEffect(() => {
    if (language && storedLanguage() === null && language !== currentLanguage()) {
      void activateLanguage(language).catch(() => undefined);
    }
  }, [language]);
}
