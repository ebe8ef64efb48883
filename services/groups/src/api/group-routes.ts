import { GROUP_ADMINS_ONLY, GROUP_NOT_FOUND } from '@waco/contracts';
import { forbidden, type HttpApp, notFound, registerEndpoint } from '@waco/platform';
import { createGroup } from '../commands/create-group';
import type { GroupsDeps } from '../commands/deps';
import { inviteToGroup, onGroup } from '../commands/group-membership';
import { findGroup, groupFor, joinRequestsOf, listGroups, membersOf, roleIn } from '../db/groups';
import { groupOpenTo } from '../domain/visibility';

/** Groups: creating, discovering, joining and leaving, and what their admins do. */
export function registerGroupRoutes(app: HttpApp, deps: GroupsDeps) {
  registerEndpoint(app, 'createGroup', async (req, reply) =>
    reply.status(201).send(await createGroup(deps, req.userId, req.body)),
  );
  registerEndpoint(app, 'listGroups', async (req) => listGroups(deps.db, req.userId, req.query));
  registerEndpoint(app, 'getGroup', async (req) => {
    const group = await groupFor(deps.db, req.params.id, req.userId);
    if (!group) throw notFound(GROUP_NOT_FOUND);
    return group;
  });

  registerEndpoint(app, 'joinGroup', async (req) =>
    onGroup(deps, req.params.id, req.userId, { type: 'join', userId: req.userId }),
  );
  registerEndpoint(app, 'leaveGroup', async (req) =>
    onGroup(deps, req.params.id, req.userId, { type: 'leave', userId: req.userId }),
  );

  registerEndpoint(app, 'inviteToGroup', async (req) =>
    inviteToGroup(deps, req.params.id, req.userId, req.body.userId),
  );
  registerEndpoint(app, 'acceptGroupInvitation', async (req) =>
    onGroup(deps, req.params.id, req.userId, { type: 'accept-invitation', userId: req.userId }),
  );
  registerEndpoint(app, 'declineGroupInvitation', async (req) =>
    onGroup(deps, req.params.id, req.userId, { type: 'decline-invitation', userId: req.userId }),
  );

  registerEndpoint(app, 'listGroupMembers', async (req) => {
    await groupOpenToCaller(deps, req.params.id, req.userId);
    return membersOf(deps.db, req.params.id);
  });
  registerEndpoint(app, 'setGroupRole', async (req) => {
    const { id, userId } = req.params;
    await onGroup(deps, id, req.userId, {
      type: 'set-role',
      actorId: req.userId,
      userId,
      role: req.body.role,
    });
    const member = (await membersOf(deps.db, id)).find((m) => m.userId === userId);
    if (!member) throw notFound(GROUP_NOT_FOUND);
    return member;
  });
  registerEndpoint(app, 'removeGroupMember', async (req) =>
    onGroup(deps, req.params.id, req.userId, {
      type: 'remove',
      actorId: req.userId,
      userId: req.params.userId,
    }),
  );

  registerEndpoint(app, 'listJoinRequests', async (req) => {
    const role = await groupOpenToCaller(deps, req.params.id, req.userId);
    if (role !== 'admin') throw forbidden(GROUP_ADMINS_ONLY);
    return joinRequestsOf(deps.db, req.params.id);
  });
  registerEndpoint(app, 'decideJoinRequest', async (req) =>
    onGroup(deps, req.params.id, req.userId, {
      type: 'answer-request',
      actorId: req.userId,
      userId: req.params.userId,
      approve: req.body.approve,
    }),
  );
}

/** 404 unless the group is there and open to the caller (public, or they are a member); their role. */
async function groupOpenToCaller(deps: GroupsDeps, groupId: string, userId: string) {
  const group = await findGroup(deps.db, groupId);
  const role = await roleIn(deps.db, groupId, userId);
  if (!group || !groupOpenTo({ isPublic: group.is_public }, role)) throw notFound(GROUP_NOT_FOUND);
  return role;
}
