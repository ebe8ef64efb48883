import type { CurrentUser } from '@waco/contracts';
import type { FormEvent } from 'react';
import { msg, t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/Dialog';
import { Field, TextAreaField } from '../../../ui/Field';
import { useFormFields } from '../../../ui/form-fields';
import { initialOf } from '../../auth/hooks/current-user';
import { validateProfile } from '../../auth/validation';
import { useProfilePhoto } from '../hooks/profile-photo';
import { type ProfileDraft, useSaveProfile } from '../hooks/save-profile';
import { ProfilePhotoPicker } from './ProfilePhotoPicker';

const BIO_FIELD = {
  label: msg('Bio'),
  maxLength: 500,
  rows: 3,
  placeholder: msg('A line about you'),
} as const;

const draftOf = (user: CurrentUser): ProfileDraft => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  bio: user.bio ?? '',
  location: user.location ?? '',
});

/** Edit Profile (spec section 2): names, bio, location, and a Change Photo that works. */
export default function EditProfileDialog({
  user,
  open,
  onOpenChange,
}: {
  user: CurrentUser;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { fields: form, bind, setErrors } = useFormFields(() => draftOf(user), { clearErrorOnChange: true });
  const { photo, uploading, pick } = useProfilePhoto(user.profileImageUrl);
  const save = useSaveProfile(() => onOpenChange(false));

  // The app's own messages under the fields (the form is noValidate: no browser bubbles).
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validateProfile(form);
    setErrors(errors);
    if (Object.keys(errors).length === 0) save.mutate({ form, photo });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('Edit Profile')}
      description={t('Update how neighbours see you.')}
    >
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
        <ProfilePhotoPicker
          initial={initialOf({ firstName: form.firstName || user.firstName, email: user.email })}
          seed={user.id}
          photo={photo}
          uploading={uploading}
          onPick={pick}
        />
        <div className="grid grid-cols-2 gap-3">
          <Field label={t('First name')} {...bind('firstName')} autoComplete="given-name" required />
          <Field label={t('Last name')} {...bind('lastName')} autoComplete="family-name" required />
        </div>
        <TextAreaField
          {...BIO_FIELD}
          label={t(BIO_FIELD.label)}
          placeholder={t(BIO_FIELD.placeholder)}
          inputClassName="resize-none"
          {...bind('bio')}
        />
        <Field
          label={t('Location')}
          {...bind('location')}
          maxLength={100}
          placeholder={t('e.g. Sanger Heights')}
        />
        <div className="mt-1 flex gap-2">
          <button
            type="button"
            className={buttonClass('outline', 'md', 'flex-1')}
            onClick={() => onOpenChange(false)}
          >
            {t('Cancel')}
          </button>
          <button
            type="submit"
            className={buttonClass('primary', 'md', 'flex-1')}
            disabled={save.isPending || uploading}
          >
            {save.isPending ? t('Saving…') : t('Save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
