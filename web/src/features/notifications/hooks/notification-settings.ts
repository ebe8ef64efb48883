import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingsUpdate } from '@waco/contracts';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { toast } from '../../../ui/toast-store';
import { failureSentence } from '../../account/failure';

/** The member's notification settings, and a change saved at once (shown before the answer). */
export function useNotificationSettings() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.notificationSettings,
    queryFn: ({ signal }) => api.call('getNotificationSettings', { signal }),
  });
  const save = useMutation({
    mutationFn: (update: NotificationSettingsUpdate) =>
      api.call('updateNotificationSettings', { body: update }),
    onMutate: (update) => {
      const before = client.getQueryData<NotificationSettings>(queryKeys.notificationSettings);
      if (before)
        client.setQueryData<NotificationSettings>(queryKeys.notificationSettings, {
          kinds: { ...before.kinds, ...update.kinds } as NotificationSettings['kinds'],
          digest: update.digest ?? before.digest,
          digestNeighborhood:
            update.digestNeighborhood === undefined ? before.digestNeighborhood : update.digestNeighborhood,
        });
      return { before };
    },
    onSuccess: (settings) => {
      client.setQueryData(queryKeys.notificationSettings, settings);
      toast({ title: t('Settings saved'), variant: 'success' });
    },
    onError: (failure, _update, context) => {
      if (context?.before) client.setQueryData(queryKeys.notificationSettings, context.before);
      toast({
        title: t('Could not save your settings'),
        description: failureSentence(failure),
        variant: 'destructive',
      });
    },
  });
  return { query, save };
}
