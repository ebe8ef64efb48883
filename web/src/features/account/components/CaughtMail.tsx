import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api/client';
import { t } from '../../../i18n/i18n';
import { inputClass } from '../../../ui/Field';

/** Development only: the mails the embedded mail catcher received (`GET /api/dev/mail`). */
export function CaughtMail() {
  const [to, setTo] = useState('');
  const mails = useQuery({
    queryKey: ['dev-mail', to],
    queryFn: ({ signal }) => api.call('devMail', { query: to ? { to } : {}, signal }),
    refetchInterval: 2_000,
  });
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t('Caught mail')}</h1>
      <label className="mt-4 grid gap-1.5 text-sm font-medium">
        {t('To')}
        <input
          className={inputClass}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          placeholder={t('every address')}
        />
      </label>
      {mails.isError ? (
        <p className="mt-4 text-sm">{t('Only in development, with the embedded mail catcher.')}</p>
      ) : null}
      <ul className="mt-4 grid gap-4">
        {[...(mails.data ?? [])].reverse().map((mail) => (
          <li
            key={`${mail.receivedAt}-${mail.to}-${mail.subject}`}
            className="rounded-2xl border bg-card p-4"
          >
            <p className="text-xs text-muted-foreground">
              {mail.receivedAt} {t('· to')} {mail.to}
            </p>
            <h2 className="mt-1 font-bold">{mail.subject}</h2>
            <iframe
              title={mail.subject}
              sandbox=""
              srcDoc={mail.html}
              className="mt-3 h-80 w-full rounded-xl border bg-white"
            />
            <pre className="mt-3 whitespace-pre-wrap text-sm">{mail.text}</pre>
          </li>
        ))}
      </ul>
    </main>
  );
}
