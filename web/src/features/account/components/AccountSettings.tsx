import { type FormEvent, useState } from 'react';
import { api } from '../../../api/client';
import { msg, t } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server-text';
import { buttonClass } from '../../../ui/button';
import { Field } from '../../../ui/Field';
import { toast } from '../../../ui/toast-store';
import { failureField, failureSentence } from '../failure';
import { AccountSection, sectionClass } from './AccountSection';

const PASSWORD_FIELDS = [
  { name: 'currentPassword', label: msg('Current password'), autoComplete: 'current-password' },
  { name: 'newPassword', label: msg('New password'), autoComplete: 'new-password' },
] as const;

export function ChangePassword() {
  const [fields, setFields] = useState({ currentPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<{ currentPassword?: string; newPassword?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const answer = await api.call('changePassword', { body: fields });
      toast({
        title: serverText(answer.message),
        description: t('Your other devices are signed out.'),
        variant: 'success',
      });
      setFields({ currentPassword: '', newPassword: '' });
    } catch (failure) {
      const field = failureField(failure) === 'currentPassword' ? 'currentPassword' : 'newPassword';
      setErrors({ [field]: failureSentence(failure) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className={`${sectionClass} grid gap-4`}
      aria-label={t('Change password')}
    >
      <h2 className="text-lg font-bold">{t('Change password')}</h2>
      {PASSWORD_FIELDS.map(({ name, label, autoComplete }) => (
        <Field
          key={name}
          label={t(label)}
          type="password"
          autoComplete={autoComplete}
          value={fields[name]}
          onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
          error={errors[name]}
        />
      ))}
      <button type="submit" disabled={busy} className={buttonClass('primary', 'md', 'w-fit')}>
        {busy ? t('Saving…') : t('Change password')}
      </button>
    </form>
  );
}

export function SignOutEverywhere() {
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      await api.call('logOutEverywhere', { body: {} });
      window.location.assign('/');
    } catch {
      setBusy(false);
      toast({
        title: t('Could not sign out everywhere'),
        description: t('Please try again.'),
        variant: 'destructive',
      });
    }
  };
  return (
    <AccountSection
      title={t('Sign out everywhere')}
      about={t('Signs you out on every phone and computer, this one too.')}
    >
      <button
        type="button"
        disabled={busy}
        onClick={signOut}
        className={buttonClass('secondary', 'md', 'mt-3')}
      >
        {busy ? t('Signing out…') : t('Sign out everywhere')}
      </button>
    </AccountSection>
  );
}
