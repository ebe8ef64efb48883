import type { Subscription as NatsSubscription } from '@nats-io/transport-node';
import type { Logger } from '../../logger';
import type { BroadcastOptions } from '../event-bus';
import type { NatsNames } from '../nats-subjects';
import type { Connection } from './connection';

/** Fire-and-forget fan-out over plain NATS (no stream): every instance listening hears it. */
export class Broadcasts {
  constructor(
    private readonly connection: Connection,
    private readonly names: NatsNames,
    private readonly logger: Logger,
  ) {}

  async broadcast(subject: string, payload: unknown) {
    this.connection.nc.publish(this.names.broadcast(subject), JSON.stringify(payload));
  }

  async onBroadcast(subject: string, handler: (payload: unknown) => void, options: BroadcastOptions = {}) {
    const { onReconnect } = options;
    if (onReconnect) this.connection.onReconnect.add(onReconnect);
    const natsSub: NatsSubscription = this.connection.nc.subscribe(this.names.broadcast(subject), {
      callback: (err, msg) => {
        if (err) return this.logger.error({ err, subject }, 'broadcast subscription failed');
        try {
          handler(msg.json());
        } catch (e) {
          this.logger.error({ err: e, subject }, 'broadcast listener failed');
        }
      },
    });
    return () => {
      if (onReconnect) this.connection.onReconnect.delete(onReconnect);
      natsSub.unsubscribe();
    };
  }
}
