import {
  createDatabase,
  createLogger,
  personalDataOf,
  rebuildProjections,
  type ServiceDefinition,
} from '@waco/platform';
import { SERVICE_NAMES, SERVICES } from '../services';

export const REBUILDABLE = SERVICE_NAMES.filter((name) => (SERVICES[name].projections ?? []).length > 0);

/**
 * Rebuilds a service's read tables from its event log while the service keeps running
 * (libs/platform/src/projections/rebuild.ts). `npm run rebuild -- <service>` and
 * `npm run ops -- rebuild <service>` both run it. Returns the process's exit code.
 */
export async function rebuildService(
  name: string | undefined,
  options: {
    databaseUrl: string;
    schema?: string;
    /** identity's address, for the keys that open sealed personal fields. */
    identityUrl?: string;
    logLevel: string;
    say: (line: string) => void;
    usage: string;
  },
): Promise<number> {
  const { say } = options;
  if (!name || !SERVICE_NAMES.includes(name as never)) {
    say(`Usage: ${options.usage} <service>, one of: ${REBUILDABLE.join(', ')}`);
    return 2;
  }
  const definition: ServiceDefinition<unknown> = SERVICES[name as keyof typeof SERVICES];
  const projections = definition.projections ?? [];
  if (projections.length === 0) {
    // notifications builds its tables from other services' events and keeps no log of its own.
    say(
      `${name} keeps no event log of its own to rebuild from. Services with projections: ${REBUILDABLE.join(', ')}`,
    );
    return 2;
  }

  const database = createDatabase<unknown>({
    url: options.databaseUrl,
    schema: options.schema ?? name,
    // The rebuild's lock, the page being applied and the next page being read meanwhile.
    max: 3,
  });
  const safeUrl = options.databaseUrl.replace(/\/\/[^@]*@/, '//');
  try {
    const started = performance.now();
    const result = await rebuildProjections(database, projections, {
      personalData: personalDataOf(definition, database, options.identityUrl),
      logger: createLogger({ name: `${name}-rebuild`, level: options.logLevel }),
    });
    const tables = projections.flatMap((p) => p.tables).join(', ');
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    say(
      `Rebuilt ${tables} in schema ${database.schema} of ${safeUrl} from ${result.events} events in ${seconds} s ` +
        `(${result.batches} ${result.batches === 1 ? 'batch' : 'batches'}). The live tables were locked for ${result.lockHeldMs} ms, to apply the ` +
        `${result.eventsUnderLock} events appended meanwhile and swap.`,
    );
    return 0;
  } catch (err) {
    const code = (err as { code?: string }).code;
    say(
      code === 'ECONNREFUSED'
        ? `Cannot reach Postgres at ${safeUrl}: start the stack, or set DATABASE_URL (see README, "Rebuilding read tables").`
        : `Rebuild of ${name} failed: ${(err as Error).message}`,
    );
    return 1;
  } finally {
    await database.close();
  }
}
