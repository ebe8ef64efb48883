import { USER_NOT_FOUND } from '@waco/contracts';
import { type EventBus, type HttpApp, knowAdmins, notFound, registerEndpoint } from '@waco/platform';
import { handleDeadLetter } from '../commands/dead-letters';
import type { ModerationDeps } from '../commands/deps';
import { setModerator } from '../commands/set-moderator';
import { isAdmin } from '../db/facts';
import { roleHolders } from '../db/lists';
import { users } from '../db/users';

/**
 * The operator's console (`auth: 'admin'`: a guest gets 401, any member without the role 403,
 * from the platform before a handler runs): dead letters and consumers' lag (this process's bus,
 * which reaches every consumer's), and the roles. Each action is recorded in the audit list.
 * The gateway asks here whether a member is an administrator (`getAdminStanding`) for the
 * console's figures, which it gathers itself.
 */
export function registerConsoleRoutes(app: HttpApp, deps: ModerationDeps, bus: EventBus) {
  knowAdmins(app, (userId) => isAdmin(deps.db, userId));
  registerEndpoint(app, 'getAdminStanding', async (req) => ({
    admin: await isAdmin(deps.db, req.params.id),
  }));
  registerEndpoint(app, 'listConsoleDeadLetters', async () => ({
    deadLetters: (await bus.listDeadLetters()).map((letter) => ({
      id: letter.id,
      consumer: letter.consumer,
      producer: letter.producer ?? null,
      event: letter.event,
      error: letter.error,
      deliveries: letter.deliveries,
    })),
  }));
  registerEndpoint(app, 'redriveConsoleDeadLetter', async (req) =>
    handleDeadLetter(deps, bus, { id: req.params.id, action: 'redrive', adminId: req.userId }),
  );
  registerEndpoint(app, 'dropConsoleDeadLetter', async (req) =>
    handleDeadLetter(deps, bus, { id: req.params.id, action: 'drop', adminId: req.userId }),
  );
  registerEndpoint(app, 'listConsumerLag', async () => ({
    consumers: (await bus.consumerLag()).map((lag) => ({ ...lag, notConsuming: lag.notConsuming ?? null })),
  }));
  registerEndpoint(app, 'listRoleHolders', async () => roleHolders(deps.db));
  registerEndpoint(app, 'setModeratorRole', async (req) => {
    if (!(await users.find(deps.db, req.params.id))) throw notFound(USER_NOT_FOUND);
    return setModerator(deps, req.params.id, req.body.moderator, req.userId);
  });
}
