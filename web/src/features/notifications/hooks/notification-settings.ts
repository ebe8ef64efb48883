import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingsUpdate } from '@waco/contracts';
import { useState } from 'react';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { toast } from '../../../ui/toast-store';
import { failureSentence } from '../../account/failure';

/** The settings once `update` is applied (the kinds given replace theirs). */
const applied = (
  settings: NotificationSettings,
  update: NotificationSettingsUpdate,
): NotificationSettings => ({
  kinds: { ...settings.kinds, ...update.kinds } as NotificationSettings['kinds'],
  digest: update.digest ?? settings.digest,
  digestNeighborhood:
    update.digestNeighborhood === undefined ? settings.digestNeighborhood : update.digestNeighborhood,
});

/**
 * The member's notification settings, and a change saved at once. The change shows in the same
 * event as the click (held in state: a controlled box that waited for the cache's later render
 * would first snap back); a refusal puts the settings back.
 */
export function useNotificationSettings() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.notificationSettings,
    queryFn: ({ signal }) => api.call('getNotificationSettings', { signal }),
  });
  const [shown, setShown] = useState<NotificationSettings>();
  const settings = shown ?? query.data;
  const mutation = useMutation({
    mutationFn: (change: { update: NotificationSettingsUpdate; before: NotificationSettings }) =>
      api.call('updateNotificationSettings', { body: change.update }),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.notificationSettings, saved);
      toast({ title: t('Settings saved'), variant: 'success' });
    },
    onError: (failure, { before }) => {
      setShown(before);
      toast({
        title: t('Could not save your settings'),
        description: failureSentence(failure),
        variant: 'destructive',
      });
    },
  });
  const save = (update: NotificationSettingsUpdate) => {
    if (!settings) return;
    setShown(applied(settings, update));
    mutation.mutate({ update, before: settings });
  };
  return { query, settings, save };
}
