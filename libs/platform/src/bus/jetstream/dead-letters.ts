import type { JetStreamClient, JetStreamManager, JsMsg } from '@nats-io/jetstream';
import { EventEnvelope } from '@waco/contracts';
import type { DeadLetter, Subscription } from '../event-bus';
import type { NatsNames } from '../nats-subjects';
import type { Streams } from './streams';

/**
 * The dead-letter stream: where a consumer sets aside an event after its last try, and where
 * operators list, redrive and drop what lies there. A letter's id is its sequence number there.
 */
export class DeadLetters {
  constructor(
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly names: NatsNames,
    private readonly streams: Streams,
  ) {}

  /**
   * Records a dead letter. Its `Nats-Msg-Id` is the consumer and the message's place in its
   * stream: a letter written again for the same delivery (the process died between this publish
   * and the term) is stored once, while the same event dead-lettered again after a redrive (a new
   * message, a new place) is a letter of its own, even within the duplicate window.
   */
  async record(sub: Subscription, msg: JsMsg, event: EventEnvelope | null, error: string) {
    const { consumer, producer } = sub;
    const source = { stream: msg.info.stream, seq: msg.seq, subject: msg.subject };
    const letter: Omit<DeadLetter, 'id'> = {
      consumer,
      producer,
      event,
      error,
      deliveries: msg.info.deliveryCount,
      source,
      ...(event ? {} : { body: Buffer.from(msg.data).toString('base64') }),
    };
    try {
      await this.streams.ensureDeadLetters();
      await this.js.publish(this.names.deadLetterSubject(consumer), JSON.stringify(letter), {
        msgID: `${consumer}:${source.stream}:${source.seq}`,
      });
    } catch (err) {
      // The server may have come back without the dead-letter stream: make it again next time.
      this.streams.forget(this.names.deadLetterStream);
      throw err;
    }
  }

  async of(consumer: string): Promise<DeadLetter[]> {
    return (await this.list()).filter((letter) => letter.consumer === consumer);
  }

  /** The dead-letter stream, oldest first; a letter's id is its sequence number there. */
  async list(): Promise<DeadLetter[]> {
    const stream = this.names.deadLetterStream;
    const out: DeadLetter[] = [];
    const info = await this.jsm.streams.info(stream);
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && seq > 0; seq++) {
      const m = await this.jsm.streams.getMessage(stream, { seq }).catch(() => null);
      if (m) out.push({ ...m.json<Omit<DeadLetter, 'id'>>(), id: String(seq) });
    }
    return out;
  }

  private async at(id: string): Promise<DeadLetter | null> {
    if (!/^\d+$/.test(id)) return null;
    const m = await this.jsm.streams
      .getMessage(this.names.deadLetterStream, { seq: Number(id) })
      .catch(() => null);
    return m ? { ...m.json<Omit<DeadLetter, 'id'>>(), id } : null;
  }

  /**
   * Publishes the event on its producer's stream again, under a new message id (the original is
   * within the server's duplicate window, or was), then deletes the letter. Every consumer of the
   * stream sees it once more: the one it was dead-lettered for handles it; those that handled it
   * already find it in their inbox and change nothing.
   */
  async redrive(id: string): Promise<boolean> {
    const letter = await this.at(id);
    if (!letter) return false;
    if (!letter.producer)
      throw new Error(`Dead letter ${id} cannot be redriven: it does not name its producer`);
    await this.streams.ensure(letter.producer);
    const event = EventEnvelope.safeParse(letter.event);
    if (event.success) {
      await this.js.publish(
        this.names.eventSubject(letter.producer, event.data.type),
        JSON.stringify(event.data),
        { msgID: `${event.data.id}:redrive:${id}` },
      );
    } else if (letter.body !== undefined && letter.source) {
      // A message no consumer could read: its bytes as they were, on their subject, for a
      // consumer that has since learnt to read them (one that still cannot dead-letters it again).
      await this.js.publish(letter.source.subject, Buffer.from(letter.body, 'base64'), {
        msgID: `redrive:${letter.source.stream}:${letter.source.seq}:${id}`,
      });
    } else {
      throw new Error(`Dead letter ${id} cannot be redriven: it keeps neither its event nor its bytes`);
    }
    await this.jsm.streams.deleteMessage(this.names.deadLetterStream, Number(id), false);
    return true;
  }

  async drop(id: string): Promise<boolean> {
    if (!(await this.at(id))) return false;
    return this.jsm.streams.deleteMessage(this.names.deadLetterStream, Number(id), false);
  }

  /** Dead letters per consumer (metrics), counted by the server per subject. */
  async counts(): Promise<Map<string, number>> {
    const info = await this.jsm.streams.info(this.names.deadLetterStream, { subjects_filter: '>' });
    const prefix = this.names.deadLetterSubject('');
    const counts = new Map<string, number>();
    for (const [subject, n] of Object.entries(info.state.subjects ?? {})) {
      if (subject.startsWith(prefix)) counts.set(subject.slice(prefix.length), n);
    }
    return counts;
  }
}
