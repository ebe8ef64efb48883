import type { CreateGroupCommand, Group } from '@waco/contracts';
import { gatherCreatorFacts, handleCommand } from '@waco/platform';
import { v7 as uuidv7 } from 'uuid';
import { groupFor } from '../db/groups';
import { moderation } from '../db/moderation';
import { groupDecider, groupStream } from '../domain/groups';
import type { GroupsDeps } from './deps';

/** Creates a group with its creator as its admin; answers it as stored. */
export async function createGroup(
  deps: GroupsDeps,
  creatorId: string,
  request: CreateGroupCommand,
): Promise<Group> {
  const groupId = uuidv7();
  const creator = await gatherCreatorFacts(deps, moderation, creatorId, request.imageUrl);
  await handleCommand(
    deps.events,
    groupStream(groupId),
    groupDecider,
    async (trx) => ({
      type: 'create' as const,
      groupId,
      creatorId,
      request,
      ...(await creator(trx)),
      now: deps.now(),
    }),
    { actorId: creatorId },
  );
  const group = await groupFor(deps.db, groupId, creatorId);
  if (!group) throw new Error('GroupCreated was not projected');
  return group;
}
