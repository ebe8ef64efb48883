import { type FormEvent, useState } from 'react';
import { api } from '../../../api/client';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { failureSentence } from '../failure';
import { AccountSection } from './AccountSection';

/** "Export my data": the server's JSON download (`GET /api/user/export`, an attachment). */
export function ExportMyData() {
  return (
    <AccountSection title={t('Export my data')} about={t('A file with what Waco Commons holds about you.')}>
      <a
        href={api.url('exportAccount')}
        download
        className={buttonClass('secondary', 'md', 'mt-3 inline-flex')}
      >
        {t('Export my data')}
      </a>
    </AccountSection>
  );
}

/** "Delete account": a dialog asks for the password; afterwards the app starts over signed out. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await api.call('deleteAccount', { body: { password } });
      window.location.assign('/');
    } catch (failure) {
      setError(failureSentence(failure));
      setBusy(false);
    }
  };
  return (
    <AccountSection
      title={t('Delete account')}
      about={t('Your posts, your name and the messages you sent are erased for good.')}
    >
      <button type="button" onClick={() => setOpen(true)} className={buttonClass('danger', 'md', 'mt-3')}>
        {t('Delete account')}
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('Delete your account?')}
        description={t('This cannot be undone. Enter your password to confirm.')}
      >
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t('Delete account')}>
          <Field
            label={t('Password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
          />
          <button type="submit" disabled={busy} className={buttonClass('danger', 'md', 'w-fit')}>
            {busy ? t('Deleting…') : t('Delete my account')}
          </button>
        </form>
      </Dialog>
    </AccountSection>
  );
}
