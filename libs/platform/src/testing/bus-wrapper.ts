import type { EventBus, Subscription } from '../bus/event-bus';

/**
 * The same bus, with every subscription's handler wrapped: tests use it to count which instance
 * handled what, or to lose an acknowledgement after the handler committed (a crash between the
 * two), which makes the bus deliver the event again.
 */
export function wrapHandlers(bus: EventBus, wrap: (sub: Subscription) => Subscription['handle']): EventBus {
  return new Proxy(bus, {
    get(target, prop, receiver) {
      // Without the batch form: every event goes through the wrapped `handle`.
      if (prop === 'subscribe')
        return (sub: Subscription) => target.subscribe({ ...sub, handle: wrap(sub), handleBatch: undefined });
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
