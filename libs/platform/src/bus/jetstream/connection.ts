import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Logger } from '../../logger';

/**
 * How long a publish waits for the server's ack. One sent as the connection dropped is never
 * answered; the relay waits this long before it publishes again (the duplicate is dropped by
 * `Nats-Msg-Id`), so it bounds how late events are after NATS comes back. Acks take milliseconds.
 */
const PUBLISH_TIMEOUT_MS = 2_000;
/** `ping` (readiness) gives up after this long. */
const PING_TIMEOUT_MS = 2_000;

/** The bus's one NATS connection, its JetStream clients, and whether it is up now. */
export class Connection {
  private connected = true;
  /** Called when the connection came back after a loss (broadcast listeners). */
  readonly onReconnect = new Set<() => void>();

  private constructor(
    readonly nc: NatsConnection,
    readonly jsm: JetStreamManager,
    readonly js: JetStreamClient,
    private readonly logger: Logger,
  ) {
    void this.watch();
  }

  static async open(options: { url: string; name?: string; logger: Logger }): Promise<Connection> {
    let nc: NatsConnection;
    try {
      nc = await connect({
        servers: options.url,
        name: options.name,
        // Reconnect for as long as the process lives, with jitter so that instances do not all
        // come back in the same instant; ping often enough to notice a silent server.
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
        reconnectJitter: 250,
        pingInterval: 10_000,
      });
    } catch (err) {
      throw new Error(
        `Cannot reach NATS at ${options.url} (${(err as Error).message}). Start NATS with JetStream (nats-server -js), or set BUS=memory.`,
      );
    }
    const jsm = await jetstreamManager(nc);
    return new Connection(nc, jsm, jetstream(nc, { timeout: PUBLISH_TIMEOUT_MS }), options.logger);
  }

  /**
   * The client reconnects by itself, for ever (with jitter), and resubscribes; this keeps
   * readiness honest and tells broadcast listeners that messages may have been lost meanwhile.
   */
  private async watch() {
    for await (const status of this.nc.status()) {
      if (status.type === 'disconnect') {
        this.connected = false;
        this.logger.warn({ server: status.server }, 'NATS connection lost; reconnecting');
      } else if (status.type === 'reconnect') {
        this.connected = true;
        this.logger.info({ server: status.server }, 'NATS reconnected');
        for (const listener of this.onReconnect) listener();
      }
    }
  }

  async ping() {
    if (this.nc.isClosed()) throw new Error('NATS connection closed');
    if (!this.connected) throw new Error('NATS connection lost; reconnecting');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.nc.flush(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('NATS did not answer a ping in time')), PING_TIMEOUT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
