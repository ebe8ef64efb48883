import { eventSubjectToken } from '@waco/contracts';

/** Names of streams and subjects, with an optional prefix that isolates test runs. */
export function natsNames(prefix: string) {
  const p = prefix ? `${prefix}.` : '';
  const P = prefix ? `${prefix.toUpperCase()}_` : '';
  return {
    stream: (producer: string) => `${P}${producer.toUpperCase()}`,
    streamSubjects: (producer: string) => `${p}${producer}.events.>`,
    eventSubject: (producer: string, type: string) => `${p}${producer}.events.${eventSubjectToken(type)}`,
    deadLetterStream: `${P}DEADLETTER`,
    deadLetterSubject: (consumer: string) => `${p}deadletter.${consumer}`,
    broadcast: (subject: string) => `${p}broadcast.${subject}`,
  };
}

export type NatsNames = ReturnType<typeof natsNames>;
