import type { CreateGroupRequest, GroupRole } from '@waco/contracts';
import type { CallOptions } from '../../../api/client';
import { api } from '../../../api/client';
import { useEndpointQuery } from '../../../api/endpoint-query';
import { msg } from '../../../i18n/i18n';
import { useMemberChange } from '../../auth/hooks/member-change';
import { groupKeys } from './keys';

export const JOIN_ACTION = msg('join this group');

/** Groups to discover: by neighbourhood, by name, newest or most members. */
export const useGroups = (query: NonNullable<CallOptions<'listGroups'>['query']>) =>
  useEndpointQuery(groupKeys.list(query), 'listGroups', { query });

export const useGroup = (id: string, enabled = true) =>
  useEndpointQuery(groupKeys.group(id), 'getGroup', { params: { id } }, { enabled });

/** Its members, for those who may see them (anyone signed in for a public group). */
export const useGroupMembers = (id: string, enabled: boolean) =>
  useEndpointQuery(groupKeys.members(id), 'listGroupMembers', { params: { id } }, { enabled });

/** The requests to join a private group, for its admins. */
export const useJoinRequests = (id: string, enabled: boolean) =>
  useEndpointQuery(groupKeys.requests(id), 'listJoinRequests', { params: { id } }, { enabled });

/** A change to groups: afterwards every group and event query is fetched again; a refusal is told. */
export const useGroupChange = <A, R>(run: (args: A) => Promise<R>, onDone?: (result: R) => void) =>
  useMemberChange({ refresh: [groupKeys.all, groupKeys.events], signInAction: JOIN_ACTION }, run, onDone);

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
