import type { DeadLetter } from '@waco/platform';
import type { Lag, OpsBackend, ServiceStatus, SiteFigures } from './backend';
import type { AdminChange, ModeratorChange, VerifiedChange } from './moderators';

/**
 * The embedded process (`npm start`), through the admin routes of its metrics listener
 * (admin-routes.ts). Its bus runs in that process, and so do the dead letters it keeps: only
 * that process can hand one back to its consumer.
 */
export function embeddedBackend(adminUrl: string, token: string | undefined): OpsBackend {
  const call = adminCaller(adminUrl, token);
  return {
    describe: `the embedded process at ${adminUrl}`,
    listDeadLetters: async () =>
      (await call<{ deadLetters: DeadLetter[] }>('/admin/deadletters')).deadLetters,
    redrive: async (id) => (await call<{ done: boolean }>('/admin/deadletters/redrive', { id })).done,
    drop: async (id) => (await call<{ done: boolean }>('/admin/deadletters/drop', { id })).done,
    lag: () => call<Lag>('/admin/lag'),
    setModerator: (email, grant) => call<ModeratorChange>('/admin/moderators', { email, grant }),
    setVerified: (email, grant) => call<VerifiedChange>('/admin/verified', { email, grant }),
    setAdmin: (email, grant) => call<AdminChange>('/admin/admins', { email, grant }),
    figures: () => call<SiteFigures>('/admin/figures'),
    status: async () => (await call<{ services: ServiceStatus[] }>('/admin/status')).services,
    close: async () => {},
  };
}

/** Where a rebuild of the embedded process's tables reads and writes: its Postgres and identity. */
export interface RebuildTarget {
  databaseUrl: string;
  identityUrl?: string;
  /** Each service's schema in that database. */
  schemas?: Record<string, string>;
}

/** The embedded process's database and identity, for `ops --embedded rebuild` (run here). */
export function embeddedRebuildTarget(adminUrl: string, token: string | undefined) {
  return adminCaller(adminUrl, token)<RebuildTarget>('/admin/rebuild-target');
}

/** Calls one of the embedded process's admin routes with its token (a body makes it a POST). */
function adminCaller(adminUrl: string, token: string | undefined) {
  return async <T>(path: string, body?: unknown): Promise<T> => {
    if (!token) {
      throw new Error(
        'No admin token: `npm start` writes one to DATA_DIR/admin-token when it starts (give the same DATA_DIR, or ADMIN_TOKEN).',
      );
    }
    const res = await fetch(`${adminUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch((err: Error) => {
      throw new Error(
        `Cannot reach the embedded process at ${adminUrl} (${err.message}): is \`npm start\` running? (METRICS_PORT)`,
      );
    });
    const answer = (await res.json()) as T & { message?: string };
    if (!res.ok) throw new Error(answer.message ?? `${path} answered ${res.status}`);
    return answer;
  };
}
