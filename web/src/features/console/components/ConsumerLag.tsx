import type { ConsumerLagRow } from '@waco/contracts';
import { t } from '../../../i18n/i18n';
import { ConsoleSection } from './ConsoleSection';
import { ConsoleTable } from './ConsoleTable';

/** Each consumer's events not yet handled; one that is not consuming says why, first. */
export function ConsumerLag({ consumers }: { consumers: ConsumerLagRow[] }) {
  const sorted = [...consumers].sort(
    (a, b) => Number(Boolean(b.notConsuming)) - Number(Boolean(a.notConsuming)) || b.pending - a.pending,
  );
  return (
    <ConsoleSection title={t('Consumers')}>
      <ConsoleTable
        head={
          <>
            <th className="py-1 pr-3 font-semibold">{t('Consumer')}</th>
            <th className="py-1 pr-3 text-right font-semibold">{t('Waiting')}</th>
            <th className="py-1 pr-3 text-right font-semibold">{t('Redelivered')}</th>
          </>
        }
      >
        {sorted.map((c) => (
          <tr key={`${c.consumer}-${c.producer}`} className="border-t">
            <td className="py-1 pr-3">
              {c.consumer} ← {c.producer}
              {c.notConsuming && (
                <span className="block text-xs font-semibold text-red-700 dark:text-red-300">
                  {t('Not consuming: {reason}', { reason: c.notConsuming })}
                </span>
              )}
            </td>
            <td className="py-1 pr-3 text-right">{c.pending}</td>
            <td className="py-1 pr-3 text-right">{c.redelivered}</td>
          </tr>
        ))}
      </ConsoleTable>
    </ConsoleSection>
  );
}
