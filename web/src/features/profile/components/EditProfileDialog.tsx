import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ALLOWED_IMAGE_TYPES,
  type CurrentUser,
  type ImageContentType,
  MAX_IMAGE_BYTES,
} from '@waco/contracts';
import { Camera } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { api } from '../../../api/client';
import { HttpError } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { msg, t } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server-text';
import { haptic } from '../../../lib/haptics';
import { Avatar } from '../../../ui/Avatar';
import { buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/Dialog';
import { Field, TextAreaField } from '../../../ui/Field';
import { useFormFields } from '../../../ui/form-fields';
import { toast } from '../../../ui/toast-store';
import { initialOf } from '../../auth/hooks/current-user';
import { validateProfile } from '../../auth/validation';

/** Uploads an avatar through the media service; answers its `/objects/...` path. */
export async function uploadAvatar(file: File): Promise<string> {
  const { uploadURL, objectPath } = await api.call('createObjectUpload', {
    // The URL is signed for this exact size: the store refuses any other body.
    body: { contentType: file.type as ImageContentType, size: file.size },
  });
  const put = await fetch(uploadURL, { method: 'PUT', body: file, headers: { 'content-type': file.type } });
  if (!put.ok) throw new Error(t('Upload failed: {status}', { status: put.status }));
  await api.call('completeUpload', { body: { objectPath } });
  return objectPath;
}

/** "Update Failed" text: the server's message, else "Failed to update profile". */
export function updateFailedText(error: unknown): string {
  const message = error instanceof HttpError ? error.serverMessage : null;
  return message ? serverText(message) : t('Failed to update profile');
}

const BIO_FIELD = {
  label: msg('Bio'),
  maxLength: 500,
  rows: 3,
  placeholder: msg('A line about you'),
} as const;

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
  const client = useQueryClient();
  const {
    fields: form,
    bind,
    setErrors,
  } = useFormFields(
    {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      bio: user.bio ?? '',
      location: user.location ?? '',
    },
    { clearErrorOnChange: true },
  );
  const [photo, setPhoto] = useState<string | null>(user.profileImageUrl);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const save = useMutation({
    mutationFn: () =>
      api.call('updateProfile', {
        body: {
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          bio: form.bio.trim() || null,
          location: form.location.trim() || null,
          ...(photo ? { profileImageUrl: photo } : {}),
        },
      }),
    onSuccess: (updated) => {
      haptic('success');
      if (updated && typeof updated === 'object' && 'id' in updated)
        client.setQueryData(queryKeys.user, updated);
      void client.invalidateQueries({ queryKey: queryKeys.user });
      void client.invalidateQueries({ queryKey: queryKeys.postLists });
      toast({
        title: t('Profile Updated'),
        description: t('Your profile has been saved.'),
        variant: 'success',
      });
      onOpenChange(false);
    },
    onError: (error) => {
      haptic('error');
      toast({ title: t('Update Failed'), description: updateFailedText(error), variant: 'destructive' });
    },
  });

  const pickPhoto = async (file: File | undefined) => {
    if (!file) return;
    if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type) || file.size > MAX_IMAGE_BYTES) {
      toast({
        title: t('Error'),
        description: t('Choose a JPG, PNG or WEBP image of 10 MB at most.'),
        variant: 'destructive',
      });
      return;
    }
    setUploading(true);
    try {
      setPhoto(await uploadAvatar(file));
      toast({ title: t('Image uploaded'), variant: 'success' });
    } catch {
      haptic('error');
      toast({ title: t('Error'), description: t('Failed to upload the photo'), variant: 'destructive' });
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  // The app's own messages under the fields (the form is noValidate: no browser bubbles).
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validateProfile(form);
    setErrors(errors);
    if (Object.keys(errors).length === 0) save.mutate();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('Edit Profile')}
      description={t('Update how neighbours see you.')}
    >
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
        <div className="flex items-center gap-4">
          <Avatar
            initial={initialOf({ firstName: form.firstName || user.firstName, email: user.email })}
            seed={user.id}
            imageUrl={photo}
            size={72}
          />
          <div>
            <button
              type="button"
              className={buttonClass('outline', 'sm')}
              disabled={uploading}
              onClick={() => fileInput.current?.click()}
            >
              <Camera aria-hidden className="size-4" />
              {uploading ? t('Uploading…') : t('Change Photo')}
            </button>
            <p className="mt-1 text-xs text-muted-foreground">{t('JPG, PNG or WEBP, up to 10 MB.')}</p>
            <input
              ref={fileInput}
              type="file"
              accept={ALLOWED_IMAGE_TYPES.join(',')}
              className="sr-only"
              tabIndex={-1}
              aria-label={t('Profile photo')}
              data-testid="avatar-input"
              onChange={(event) => void pickPhoto(event.target.files?.[0])}
            />
          </div>
        </div>
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
