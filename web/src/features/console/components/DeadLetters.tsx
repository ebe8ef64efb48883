import type { ConsoleDeadLetter } from '@waco/contracts';
import { useState } from 'react';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useConsoleActions } from '../hooks/console';
import { ConsoleSection } from './ConsoleSection';

/**
 * Events a consumer gave up on: each with its consumer, event, tries and error; its whole event
 * to inspect; handed back to its consumer (inboxes drop what was handled) or dropped, after a
 * question. Both are recorded in the audit list.
 */
export function DeadLetters({ letters }: { letters: ConsoleDeadLetter[] }) {
  const { deadLetter } = useConsoleActions();
  const [dropping, setDropping] = useState<ConsoleDeadLetter | null>(null);
  return (
    <ConsoleSection title={t('Dead letters')}>
      {letters.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('No dead letters: every event was handled.')}</p>
      ) : (
        <ul className="grid gap-3" aria-label={t('Dead letters')}>
          {letters.map((letter) => (
            <li key={letter.id} className="rounded-xl border p-3 text-sm">
              <p className="font-semibold">
                {letter.event?.type ?? t('An unreadable message')} → {letter.consumer}
              </p>
              <p className="text-muted-foreground">
                {t('{count, plural, one {# try} other {# tries}}', { count: letter.deliveries })} ·{' '}
                {letter.error}
              </p>
              <details className="mt-1">
                <summary className="cursor-pointer font-medium">{t('Inspect')}</summary>
                <pre className="mt-1 max-h-64 overflow-auto rounded-lg bg-muted p-2 text-xs">
                  {JSON.stringify(letter.event, null, 2)}
                </pre>
              </details>
              <div className="mt-2 flex gap-2">
                <button
                  type="button"
                  className={buttonClass('outline', 'sm')}
                  disabled={deadLetter.isPending}
                  onClick={() => deadLetter.mutate({ id: letter.id, action: 'redrive' })}
                >
                  {t('Hand back')}
                </button>
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm')}
                  onClick={() => setDropping(letter)}
                >
                  {t('Drop')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={dropping !== null}
        onOpenChange={(open) => !open && setDropping(null)}
        title={t('Drop this dead letter?')}
        description={t('Its consumer will never handle this event. This cannot be undone.')}
        cancel={t('Keep it')}
        confirm={t('Drop')}
        pending={deadLetter.isPending}
        onConfirm={() => {
          if (dropping)
            deadLetter.mutate({ id: dropping.id, action: 'drop' }, { onSettled: () => setDropping(null) });
        }}
      />
    </ConsoleSection>
  );
}
