import { DEAD_LETTER_NOT_FOUND } from '@waco/contracts';
import { type EventBus, handleCommand, notFound } from '@waco/platform';
import { deadLetterDecider } from '../domain/dead-letters';
import type { ModerationDeps } from './deps';

/**
 * Hands a dead letter back to its consumer or drops it, then records the deed (who, which
 * consumer, which event) in the audit list: from the console (`adminId`) or the operator's
 * command (null). An id the bus no longer holds is a 404 and records nothing.
 */
export async function handleDeadLetter(
  deps: Pick<ModerationDeps, 'events' | 'now'>,
  bus: Pick<EventBus, 'listDeadLetters' | 'redriveDeadLetter' | 'dropDeadLetter'>,
  deed: { id: string; action: 'redrive' | 'drop'; adminId: string | null },
): Promise<{ id: string; done: boolean }> {
  const letter = (await bus.listDeadLetters()).find((dead) => dead.id === deed.id);
  if (!letter) throw notFound(DEAD_LETTER_NOT_FOUND);
  const done =
    deed.action === 'redrive' ? await bus.redriveDeadLetter(deed.id) : await bus.dropDeadLetter(deed.id);
  if (!done) throw notFound(DEAD_LETTER_NOT_FOUND);
  await handleCommand(
    deps.events,
    `dead-letter-${deed.id}`,
    deadLetterDecider,
    {
      type: 'record',
      deadLetterId: deed.id,
      action: deed.action,
      consumer: letter.consumer,
      eventType: letter.event?.type ?? null,
      adminId: deed.adminId,
      now: deps.now(),
    },
    {},
  );
  return { id: deed.id, done };
}
