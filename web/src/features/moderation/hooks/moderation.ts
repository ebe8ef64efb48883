import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportReason, ReportTargetType, ResolveAction } from '@waco/contracts';
import { api } from '../../../api/client';
import { messageOf } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { toast } from '../../../ui/toast-store';
import { useCurrentUser } from '../../auth/hooks/current-user';

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: messageOf(error), variant: 'destructive' });

/** The signed-in member's standing: moderator or not, suspended (and why) or not. */
export function useStanding() {
  const { isSignedIn } = useCurrentUser();
  return useQuery({
    queryKey: queryKeys.standing,
    queryFn: ({ signal }) => api.call('getModerationStanding', { signal }),
    enabled: isSignedIn,
    staleTime: 60_000,
  });
}

/** The members the signed-in member blocked. */
export function useBlocks(enabled = true) {
  const { isSignedIn } = useCurrentUser();
  return useQuery({
    queryKey: queryKeys.blocks,
    queryFn: ({ signal }) => api.call('listBlocks', { signal }),
    enabled: isSignedIn && enabled,
  });
}

/** Blocks or unblocks a member; what they post and send is refreshed. */
export function useSetBlocked() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean; name: string }) =>
      blocked
        ? api.call('blockUser', { params: { id: userId } })
        : api.call('unblockUser', { params: { id: userId } }),
    onSuccess: (answer, { name }) => {
      toast({
        title: answer.blocked ? t('{name} is blocked', { name }) : t('{name} is unblocked', { name }),
        variant: 'success',
      });
      for (const key of [queryKeys.blocks, queryKeys.postLists, queryKeys.messages])
        void client.invalidateQueries({ queryKey: key });
    },
    onError: failed(t('Could not change the block')),
  });
}

/** Files a report; the same thing reported again is the same report. */
export function useReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      targetType: ReportTargetType;
      targetId: string;
      reason: ReportReason;
      details?: string;
    }) => api.call('fileReport', { body }),
    onSuccess: () => {
      toast({
        title: t('Thanks for reporting'),
        description: t('Moderators will review it.'),
        variant: 'success',
      });
      void client.invalidateQueries({ queryKey: queryKeys.myReports });
    },
    onError: failed(t('Could not send the report')),
  });
}

/** The moderation queue (moderators only). */
export function useModerationQueue(status: 'open' | 'resolved', enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.moderationQueue(status),
    queryFn: ({ signal }) => api.call('listModerationReports', { query: { status }, signal }),
    enabled,
  });
}

export function useModerationAudit(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.moderationAudit,
    queryFn: ({ signal }) => api.call('listModerationAudit', { query: {}, signal }),
    enabled,
  });
}

/** Members who reached a posting, commenting or messaging limit lately (moderators only). */
export function useLimitBursts(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.limitBursts,
    queryFn: ({ signal }) => api.call('listLimitBursts', { signal }),
    enabled,
  });
}

/** A moderator's one-click actions: resolve a case, or reinstate a suspended member. */
export function useModeratorActions() {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['moderation'] });
    void client.invalidateQueries({ queryKey: queryKeys.postLists });
  };
  const resolve = useMutation({
    mutationFn: ({ id, action, note }: { id: string; action: ResolveAction; note?: string }) =>
      api.call('resolveReport', { params: { id }, body: { action, note } }),
    onSuccess: (answer) => {
      toast({ title: t('Resolved: {action}', { action: answer.action }), variant: 'success' });
      refresh();
    },
    onError: failed(t('Could not resolve')),
  });
  const reinstate = useMutation({
    mutationFn: (userId: string) => api.call('reinstateUser', { params: { id: userId } }),
    onSuccess: () => {
      toast({ title: t('Member reinstated'), variant: 'success' });
      refresh();
    },
    onError: failed(t('Could not reinstate')),
  });
  const verify = useMutation({
    mutationFn: ({ userId, verified }: { userId: string; verified: boolean }) =>
      api.call('setUserVerified', { params: { id: userId }, body: { verified } }),
    onSuccess: (answer) => {
      toast({
        title: answer.verified ? t('Verified mark given') : t('Verified mark taken away'),
        variant: 'success',
      });
      refresh();
    },
    onError: failed(t('Could not change the verified mark')),
  });
  return { resolve, reinstate, verify };
}
