import { requireNats, TEST_NATS_URL } from '@waco/platform/testing';
import { startedForFile } from '@waco/platform/testing/for-file';
import { type EventStackOptions, startEventStack } from './event-stack';

/**
 * The event stack on the machine's NATS JetStream with a gateway in front of it, as a browser
 * reaches it, for the tests of one file: started before them, stopped (the gateway first) after.
 */
export function gatewayStackForFile(options: Omit<EventStackOptions, 'natsUrl'> = {}) {
  return startedForFile(
    async () => {
      await requireNats();
      const stack = await startEventStack({ natsUrl: TEST_NATS_URL, ...options });
      const gateway = await stack.startGateway().catch(async (err) => {
        await stack.stop();
        throw err;
      });
      return {
        ...stack,
        gateway,
        async stop() {
          await gateway.close();
          await stack.stop();
        },
      };
    },
    undefined,
    120_000,
  );
}
