import type { CreateGroupCommand, Group } from '@waco/contracts';
import { handleCommand } from '@waco/platform';
import { v7 as uuidv7 } from 'uuid';
import { groupFor } from '../db/groups';
import { moderation } from '../db/moderation';
import { groupDecider, groupStream } from '../domain/groups';
import type { GroupsDeps } from './deps';
import { photoUploaded } from './group-photo';

/** Creates a group with its creator as its admin; answers it as stored. */
export async function createGroup(
  deps: GroupsDeps,
  creatorId: string,
  request: CreateGroupCommand,
): Promise<Group> {
  const groupId = uuidv7();
  const uploaded = await photoUploaded(deps, creatorId, request.imageUrl);
  await handleCommand(
    deps.events,
    groupStream(groupId),
    groupDecider,
    async (trx) => ({
      type: 'create' as const,
      groupId,
      creatorId,
      request,
      suspension: (await moderation.suspensionOf(trx, creatorId)) ?? null,
      photoUploaded: uploaded,
      now: deps.now(),
    }),
    { actorId: creatorId },
  );
  const group = await groupFor(deps.db, groupId, creatorId);
  if (!group) throw new Error('GroupCreated was not projected');
  return group;
}
