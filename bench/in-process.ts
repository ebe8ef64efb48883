import {
  createLogger,
  InProcessBus,
  type RunningService,
  type ServiceDefinition,
  startService,
} from '@waco/platform';
import { dropSchema, requirePostgres, TEST_DATABASE_URL, uniqueName } from '@waco/platform/testing';

// What the in-process benchmarks (feed, scale, media, gateway) stand on: the test database, a
// silent logger and one in-process bus, each service started in a schema of its own. `stop`
// stops the services in the order they started, drops their schemas (but a kept one), and closes
// the bus.

export async function inProcessServices() {
  await requirePostgres();
  const logger = createLogger({ level: 'silent' });
  const bus = new InProcessBus(logger);
  const started: { service: RunningService<unknown>; keepSchema: boolean }[] = [];

  /**
   * Starts `definition` in a new schema named after `name`, or in `keptSchema`: one the run
   * reuses (it may already hold data) and leaves in place.
   */
  async function start<DB>(
    definition: ServiceDefinition<DB>,
    name: string,
    { poolSize, keptSchema }: { poolSize: number; keptSchema?: string },
  ): Promise<RunningService<DB>> {
    const service = await startService(definition, {
      databaseUrl: TEST_DATABASE_URL,
      schema: keptSchema ?? uniqueName(name),
      bus,
      logger,
      poolSize,
    });
    started.push({ service: service as RunningService<unknown>, keepSchema: keptSchema !== undefined });
    return service;
  }

  async function stop() {
    for (const { service, keepSchema } of started) {
      await service.stop();
      if (!keepSchema) await dropSchema(service.database.schema);
    }
    await bus.close();
  }

  return { logger, bus, start, stop };
}

/** A line of a benchmark's report, on stdout. */
export const say = (line = '') => process.stdout.write(`${line}\n`);
