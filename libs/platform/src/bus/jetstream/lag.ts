import type { JetStreamManager } from '@nats-io/jetstream';
import type { ConsumerLag } from '../event-bus';
import type { NatsNames } from '../nats-subjects';
import type { DurableConsumers } from './durable-consumer';
import type { StalledConsumers } from './stalled-consumers';

/** How far behind the durable consumers are, and what stops them, as the server sees it. */
export class Lag {
  constructor(
    private readonly jsm: JetStreamManager,
    private readonly names: NatsNames,
    private readonly durables: DurableConsumers,
    private readonly stalled: StalledConsumers,
  ) {}

  async consumers(options: { all?: boolean } = {}): Promise<ConsumerLag[]> {
    const out: ConsumerLag[] = [];
    const add = (
      producer: string,
      c: {
        name: string;
        num_pending: number;
        num_ack_pending: number;
        num_redelivered: number;
        num_waiting: number;
      },
      notConsuming?: string,
    ) =>
      out.push({
        producer,
        consumer: c.name,
        pending: c.num_pending + c.num_ack_pending,
        redelivered: c.num_redelivered,
        ...(notConsuming ? { notConsuming } : {}),
      });
    if (!options.all) {
      for (const [key, sub] of this.durables.entries()) {
        const stalled = this.stalled.reasonOf(key);
        const info = await this.consumerInfo(sub.producer, sub.consumer).catch(() => null);
        if (info) add(sub.producer, info, stalled);
        else
          out.push({
            producer: sub.producer,
            consumer: sub.consumer,
            pending: 0,
            redelivered: 0,
            notConsuming: stalled ?? 'consumer not found',
          });
      }
      return out;
    }
    const streamPrefix = this.names.stream('');
    for await (const s of this.jsm.streams.list()) {
      const name = s.config.name;
      if (!name.startsWith(streamPrefix) || name === this.names.deadLetterStream) continue;
      const producer = name.slice(streamPrefix.length).toLowerCase();
      for await (const c of this.jsm.consumers.list(name)) {
        // Events wait, none is out with a consumer, and no instance is asking for more: nobody
        // reads it (a process that has not made its consumer again, or is gone).
        const idle = c.num_pending > 0 && c.num_ack_pending === 0 && c.num_waiting === 0;
        if (c.config.durable_name) add(producer, c, idle ? 'events wait and no instance pulls' : undefined);
      }
    }
    return out;
  }

  /**
   * What stops events from being consumed, seen from the streams (operators: `ops lag`): a
   * producer's stream or the dead-letter stream missing (a server that lost its store, until the
   * services make them again), or events that no durable consumer reads: none at all, or a busy
   * type's that every durable is filtered past (posts' likes while notifications, the one service
   * that reads them, is away).
   */
  async streamWarnings(producers: string[]): Promise<string[]> {
    const out: string[] = [];
    for (const producer of producers) {
      const stream = this.names.stream(producer);
      // Each subject with its count of events (one request: the stream's subjects are few).
      const info = await this.jsm.streams.info(stream, { subjects_filter: '>' }).catch(() => null);
      if (!info) {
        out.push(`${producer}: stream ${stream} missing: not consuming until it is made again`);
        continue;
      }
      const filters: string[] = [];
      for await (const c of this.jsm.consumers.list(stream)) {
        if (c.config.durable_name) filters.push(c.config.filter_subject || '>');
      }
      // A type that no durable wants is no fault (a durable of one type leaves the others), but
      // a busy type is there because a service reads it: unread, that service is away.
      const busy = this.names.busySubjects(producer);
      const unread = Object.entries(info.state.subjects ?? {}).filter(
        ([subject]) =>
          (filters.length === 0 || subjectMatches(busy, subject)) &&
          !filters.some((filter) => subjectMatches(filter, subject)),
      );
      const events = unread.reduce((sum, [, n]) => sum + n, 0);
      if (events > 0)
        out.push(
          filters.length === 0
            ? `${producer}: no durable consumer reads its ${events} events: not consuming`
            : `${producer}: no durable consumer reads its ${events} events on ${unread.map(([subject]) => subject).join(', ')}: not consuming`,
        );
    }
    if (!(await this.jsm.streams.info(this.names.deadLetterStream).catch(() => null)))
      out.push(
        `dead-letter stream ${this.names.deadLetterStream} missing: a failing event cannot be set aside`,
      );
    return out;
  }

  /** The server's view of a durable consumer: pending, in flight, redelivered (operators, tests). */
  consumerInfo(producer: string, consumer: string) {
    return this.jsm.consumers.info(this.names.stream(producer), consumer);
  }
}

/** Whether a NATS subject filter takes a subject: `*` is one token, a last `>` one or more. */
export function subjectMatches(filter: string, subject: string): boolean {
  const want = filter.split('.');
  const have = subject.split('.');
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '>') return have.length > i;
    if (i >= have.length || (want[i] !== '*' && want[i] !== have[i])) return false;
  }
  return want.length === have.length;
}
