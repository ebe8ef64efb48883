import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateGroupRequest, GroupRole } from '@waco/contracts';
import type { CallOptions } from '../../../api/client';
import { api } from '../../../api/client';
import { isUnauthorized, messageOf } from '../../../api/http';
import { msg, t } from '../../../i18n/i18n';
import { toast } from '../../../ui/toast-store';
import { useSignInPrompt } from '../../auth/hooks/sign-in-prompt';
import { groupKeys } from './keys';

export const JOIN_ACTION = msg('join this group');
/** What a guest is asked to sign in for on the groups' and events' pages (beside the spec's actions). */
export const CREATE_GROUP_ACTION = msg('create a group');
export const CREATE_EVENT_ACTION = msg('create an event');

/** Groups to discover: by neighbourhood, by name, newest or most members. */
export function useGroups(query: NonNullable<CallOptions<'listGroups'>['query']>) {
  return useQuery({
    queryKey: groupKeys.list(query),
    queryFn: ({ signal }) => api.call('listGroups', { query, signal }),
  });
}

export function useGroup(id: string, enabled = true) {
  return useQuery({
    queryKey: groupKeys.group(id),
    queryFn: ({ signal }) => api.call('getGroup', { params: { id }, signal }),
    retry: false,
    enabled,
  });
}

/** Its members, for those who may see them (anyone signed in for a public group). */
export function useGroupMembers(id: string, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.members(id),
    queryFn: ({ signal }) => api.call('listGroupMembers', { params: { id }, signal }),
    enabled,
  });
}

/** The requests to join a private group, for its admins. */
export function useJoinRequests(id: string, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.requests(id),
    queryFn: ({ signal }) => api.call('listJoinRequests', { params: { id }, signal }),
    enabled,
  });
}

/** A change to groups: afterwards every group and event query is fetched again; a refusal is told. */
export function useGroupChange<A, R>(run: (args: A) => Promise<R>, onDone?: (result: R) => void) {
  const client = useQueryClient();
  const prompt = useSignInPrompt();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: groupKeys.all });
      void client.invalidateQueries({ queryKey: groupKeys.events });
      onDone?.(result);
    },
    onError: (error) => {
      if (isUnauthorized(error)) {
        prompt(JOIN_ACTION);
        return;
      }
      toast({ title: t('Error'), description: messageOf(error), variant: 'destructive' });
    },
  });
}

export const useCreateGroup = (onDone: (group: { id: string }) => void) =>
  useGroupChange((body: CreateGroupRequest) => api.call('createGroup', { body }), onDone);

export const useJoinGroup = (id: string) =>
  useGroupChange((join: boolean) =>
    join ? api.call('joinGroup', { params: { id } }) : api.call('leaveGroup', { params: { id } }),
  );

export const useSetGroupRole = (id: string) =>
  useGroupChange(({ userId, role }: { userId: string; role: GroupRole }) =>
    api.call('setGroupRole', { params: { id, userId }, body: { role } }),
  );

export const useRemoveGroupMember = (id: string) =>
  useGroupChange((userId: string) => api.call('removeGroupMember', { params: { id, userId } }));

export const useDecideJoinRequest = (id: string) =>
  useGroupChange(({ userId, approve }: { userId: string; approve: boolean }) =>
    api.call('decideJoinRequest', { params: { id, userId }, body: { approve } }),
  );
