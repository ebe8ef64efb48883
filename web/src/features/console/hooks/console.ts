import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { messageOf } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { toast } from '../../../ui/toast-store';

/** How often the console's figures, lag and readiness are asked again while it is open. */
const CONSOLE_REFRESH_MS = 15_000;

const consoleQuery = <T>(
  part: Parameters<typeof queryKeys.consolePart>[0],
  enabled: boolean,
  ask: (signal: AbortSignal) => Promise<T>,
) => ({
  queryKey: queryKeys.consolePart(part),
  queryFn: ({ signal }: { signal: AbortSignal }) => ask(signal),
  enabled,
  refetchInterval: CONSOLE_REFRESH_MS,
});

/** Each part of the console (administrators only: `enabled` once the standing says so). */
export function useConsole(enabled: boolean) {
  return {
    overview: useQuery(
      consoleQuery('overview', enabled, (signal) => api.call('getSiteOverview', { signal })),
    ),
    deadLetters: useQuery(
      consoleQuery('dead-letters', enabled, (signal) => api.call('listConsoleDeadLetters', { signal })),
    ),
    consumers: useQuery(
      consoleQuery('consumers', enabled, (signal) => api.call('listConsumerLag', { signal })),
    ),
    roles: useQuery(consoleQuery('roles', enabled, (signal) => api.call('listRoleHolders', { signal }))),
  };
}

/** The console's actions: each refreshes the console and the moderators' audit list. */
export function useConsoleActions() {
  const client = useQueryClient();
  const settle = () => {
    void client.invalidateQueries({ queryKey: queryKeys.console });
    void client.invalidateQueries({ queryKey: queryKeys.moderationAudit });
  };
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: messageOf(error), variant: 'destructive' });
  const deadLetter = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'redrive' | 'drop' }) =>
      action === 'redrive'
        ? api.call('redriveConsoleDeadLetter', { params: { id } })
        : api.call('dropConsoleDeadLetter', { params: { id } }),
    onSuccess: (_answer, { action }) => {
      toast({
        title: action === 'redrive' ? t('Handed back to its consumer') : t('Dead letter dropped'),
        variant: 'success',
      });
      settle();
    },
    onError: failed(t('Could not change the dead letter')),
    onSettled: settle,
  });
  const moderator = useMutation({
    mutationFn: ({ userId, moderator }: { userId: string; moderator: boolean; name: string }) =>
      api.call('setModeratorRole', { params: { id: userId }, body: { moderator } }),
    onSuccess: (answer, { name }) => {
      toast({
        title: answer.moderator
          ? t('{name} is now a moderator', { name })
          : t('{name} is no longer a moderator', { name }),
        variant: 'success',
      });
      settle();
    },
    onError: failed(t('Could not change the moderator role')),
  });
  return { deadLetter, moderator };
}
