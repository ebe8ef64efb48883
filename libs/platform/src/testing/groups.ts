import { randomUUID } from 'node:crypto';
import {
  type EventDefinition,
  GroupCreated,
  GroupMemberJoined,
  GroupMemberLeft,
  GroupMemberRoleChanged,
  type GroupRole,
} from '@waco/contracts';
import type { z } from 'zod';
import type { EventBus } from '../bus/event-bus';
import { publishAs } from './events';

/** A group played as the groups service would: its events on its one stream, at increasing positions. */
export type PlayedGroup = Awaited<ReturnType<typeof playGroup>>;

/**
 * Plays the groups service: `creatorId` creates a group (public or private) and is its admin;
 * `join`, `leave` and `setRole` publish the next events of its stream.
 */
export async function playGroup(bus: EventBus, creatorId: string, isPublic: boolean) {
  const groupId = randomUUID();
  const streamId = `group-${groupId}`;
  let position = 0;
  const at = () => new Date().toISOString();
  const publish = <S extends z.ZodType>(definition: EventDefinition<string, S>, data: z.input<S>) =>
    publishAs(bus, definition, data, { streamId, streamPosition: ++position });
  await publish(GroupCreated, {
    groupId,
    creatorId,
    name: 'Sanger Heights book club',
    description: null,
    imageUrl: null,
    neighborhood: null,
    isPublic,
    createdAt: at(),
  });
  const join = (userId: string, role: GroupRole = 'member') =>
    publish(GroupMemberJoined, { groupId, userId, role, joinedAt: at(), approvedBy: null });
  await join(creatorId, 'admin');
  return {
    groupId,
    join,
    leave: (userId: string) => publish(GroupMemberLeft, { groupId, userId, removedBy: null, leftAt: at() }),
    setRole: (userId: string, role: GroupRole) =>
      publish(GroupMemberRoleChanged, { groupId, userId, role, changedBy: creatorId, changedAt: at() }),
  };
}
