import type { SiteOverview } from '@waco/contracts';
import { t } from '../../../i18n/i18n';
import { formatDayMonth } from '../../../lib/format';
import { ConsoleSection } from './ConsoleSection';
import { ConsoleTable } from './ConsoleTable';

/** New members, posts and messages per day (newest first), with the totals; a figure a service did not give is "—". */
export function SiteFigures({ figures }: { figures: SiteOverview['figures'] }) {
  const days = (figures.members ?? figures.posts ?? figures.messages)?.days.map((d) => d.day) ?? [];
  const countOn = (series: SiteOverview['figures']['members'], i: number) => series?.days[i]?.count ?? '—';
  const columns = [
    [t('Members'), figures.members],
    [t('Posts'), figures.posts],
    [t('Messages'), figures.messages],
  ] as const;
  return (
    <ConsoleSection title={t('New per day')}>
      <ConsoleTable
        head={
          <>
            <th className="py-1 pr-3 font-semibold">{t('Day')}</th>
            {columns.map(([label]) => (
              <th key={label} className="py-1 pr-3 text-right font-semibold">
                {label}
              </th>
            ))}
          </>
        }
      >
        {days
          .map((day, i) => (
            <tr key={day} className="border-t">
              <td className="py-1 pr-3">{formatDayMonth(`${day}T12:00:00`)}</td>
              {columns.map(([label, series]) => (
                <td key={label} className="py-1 pr-3 text-right">
                  {countOn(series, i)}
                </td>
              ))}
            </tr>
          ))
          .reverse()}
        <tr className="border-t font-semibold">
          <td className="py-1 pr-3">{t('In all')}</td>
          {columns.map(([label, series]) => (
            <td key={label} className="py-1 pr-3 text-right">
              {series?.total ?? '—'}
            </td>
          ))}
        </tr>
      </ConsoleTable>
    </ConsoleSection>
  );
}

/** Each service instance's readiness, and what fails where one is not ready. */
export function ServiceHealth({ services }: { services: SiteOverview['services'] }) {
  return (
    <ConsoleSection title={t('Services')}>
      <ul className="grid gap-2 text-sm sm:grid-cols-2">
        {services.map((s) => {
          const failing = Object.entries(s.checks).filter(([, result]) => result !== 'ok');
          return (
            <li key={s.service} className="flex flex-wrap items-baseline gap-2">
              <span className="font-semibold">{s.service}</span>
              <span
                className={
                  s.ready
                    ? 'rounded-full bg-green-100 px-2 text-xs font-semibold text-green-800 dark:bg-green-900 dark:text-green-100'
                    : 'rounded-full bg-red-100 px-2 text-xs font-semibold text-red-800 dark:bg-red-900 dark:text-red-100'
                }
              >
                {s.ready ? t('Ready') : t('Not ready')}
              </span>
              {failing.length > 0 && (
                <span className="text-muted-foreground">
                  {failing.map(([check, result]) => `${check}: ${result}`).join(' · ')}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </ConsoleSection>
  );
}
