import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { HttpError } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server-text';
import { haptic } from '../../../lib/haptics';
import { toast } from '../../../ui/toast-store';

/** What Edit Profile saves, as the form holds it. */
export interface ProfileDraft {
  firstName: string;
  lastName: string;
  bio: string;
  location: string;
}

/** "Update Failed" text: the server's message, else "Failed to update profile". */
export function updateFailedText(error: unknown): string {
  const message = error instanceof HttpError ? error.serverMessage : null;
  return message ? serverText(message) : t('Failed to update profile');
}

/** Saves the profile; on success the member and the post lists (their names on cards) load again. */
export function useSaveProfile(onSaved: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ form, photo }: { form: ProfileDraft; photo: string | null }) =>
      api.call('updateProfile', {
        body: {
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          bio: form.bio.trim() || null,
          location: form.location.trim() || null,
          ...(photo ? { profileImageUrl: photo } : {}),
        },
      }),
    onSuccess: (updated) => {
      haptic('success');
      if (updated && typeof updated === 'object' && 'id' in updated)
        client.setQueryData(queryKeys.user, updated);
      void client.invalidateQueries({ queryKey: queryKeys.user });
      void client.invalidateQueries({ queryKey: queryKeys.postLists });
      toast({
        title: t('Profile Updated'),
        description: t('Your profile has been saved.'),
        variant: 'success',
      });
      onSaved();
    },
    onError: (error) => {
      haptic('error');
      toast({ title: t('Update Failed'), description: updateFailedText(error), variant: 'destructive' });
    },
  });
}
