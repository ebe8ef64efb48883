import { BUSY_EVENT_TYPES, eventSubjectTail } from '@waco/contracts';

/** Names of streams and subjects, with an optional prefix that isolates test runs. */
export function natsNames(prefix: string) {
  const p = prefix ? `${prefix}.` : '';
  const P = prefix ? `${prefix.toUpperCase()}_` : '';
  const streamSubjects = (producer: string) => `${p}${producer}.events.>`;
  const eventSubject = (producer: string, type: string) => `${p}${producer}.events.${eventSubjectTail(type)}`;
  return {
    stream: (producer: string) => `${P}${producer.toUpperCase()}`,
    streamSubjects,
    eventSubject,
    /**
     * The one subject a durable consumer of `types` is filtered on: the type's own for one type,
     * every subject but the busy types' (`posts.events.*`) when it wants none of them, else the
     * whole stream. What else it is sent is acked past unread, told by the subject's last token
     * (a busy type's events published before it became busy have the shorter subject).
     */
    consumerFilter: (producer: string, types: readonly string[]) =>
      types.some((type) => BUSY_EVENT_TYPES.has(type))
        ? streamSubjects(producer)
        : types.length === 1 && types[0]
          ? eventSubject(producer, types[0])
          : `${p}${producer}.events.*`,
    /** The subjects of a producer's busy types (`posts.events.busy.>`). */
    busySubjects: (producer: string) => `${p}${producer}.events.busy.>`,
    deadLetterStream: `${P}DEADLETTER`,
    deadLetterSubject: (consumer: string) => `${p}deadletter.${consumer}`,
    broadcast: (subject: string) => `${p}broadcast.${subject}`,
  };
}

export type NatsNames = ReturnType<typeof natsNames>;
