import { useQueryClient } from '@tanstack/react-query';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  type Category,
  CreatePostRequest,
  MAX_IMAGES_PER_POST,
  type Post,
  UNAUTHORIZED_REDIRECT_DELAY_MS,
} from '@waco/contracts';
import { Briefcase, CalendarDays, ImagePlus, Tag, X } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { api } from '../../../api/client';
import { HttpError, isUnauthorized, messageOf } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { msg, t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { Field, TextAreaField } from '../../../ui/Field';
import { useFormFields } from '../../../ui/form-fields';
import { PageSpinner } from '../../../ui/PageSpinner';
import { toast } from '../../../ui/toast-store';
import { useUpdatePost } from '../../lifecycle/hooks/lifecycle';
import { createPhotoUppy, type PhotoUploads, type UploadedPaths } from '../api/photo-uploader';
import { submitPost } from '../api/submit-post';

const PhotoUploader = lazy(() => import('./PhotoUploader'));

const CATEGORY_ICONS = { sale: Tag, job: Briefcase, event: CalendarDays } as const;

interface FormFields {
  title: string;
  description: string;
  price: string;
  company: string;
  salary: string;
  eventDate: string;
  address: string;
}
type FieldName = keyof FormFields;
const EMPTY: FormFields = {
  title: '',
  description: '',
  price: '',
  company: '',
  salary: '',
  eventDate: '',
  address: '',
};

/** A `datetime-local` value ("2025-06-01T18:00", the browser's zone) as an ISO instant. */
export function localDateTimeToIso(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** An ISO instant as a `datetime-local` value in the browser's zone ("2025-06-01T18:00"). */
export function isoToLocalDateTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const COPY = {
  create: { title: msg('Create a post'), lead: msg('Share something with your neighbours in Waco.') },
  edit: {
    title: msg('Edit your post'),
    lead: msg('Fix a detail or change the price; neighbours who saved it hear of a lower price.'),
  },
};

/** A post's fields as the form holds them, to edit it. */
const fieldsOf = (post: Post): FormFields => ({
  title: post.title,
  description: post.description,
  price: post.price ?? '',
  company: post.company ?? '',
  salary: post.salary ?? '',
  eventDate: isoToLocalDateTime(post.eventDate),
  address: post.address ?? '',
});

/**
 * The create-post mode (`/?mode=post`): category, text fields and up to five photos. Given
 * `editing`, the same form edits that post (its category stays; its photos can be removed and
 * new ones added) and saves with `PATCH /api/posts/{id}`.
 */
export default function CreatePostForm({ onDone, editing }: { onDone(): void; editing?: Post }) {
  const client = useQueryClient();
  const [category, setCategory] = useState<Category | null>(editing?.category ?? null);
  const { fields, setErrors, bind } = useFormFields<FormFields>(editing ? () => fieldsOf(editing) : EMPTY, {
    clearErrorOnChange: true,
  });
  const [kept, setKept] = useState<string[]>(editing?.imagePaths ?? []);
  const update = useUpdatePost(editing?.id ?? '');
  const copy = editing ? COPY.edit : COPY.create;
  const [busy, setBusy] = useState<null | 'uploading' | 'posting'>(null);
  const uploaded = useMemo<UploadedPaths>(() => new Map(), []);
  const [photos, setPhotos] = useState<PhotoUploads | null>(null);
  const uppy = photos?.uppy ?? null;

  // Made and destroyed by an effect, so that a remount (StrictMode's, too) never reuses a dead one.
  useEffect(() => {
    const made = createPhotoUppy(uploaded, (notice) => toast({ ...notice, variant: 'destructive' }));
    const instance = made.uppy;
    const onDone = (result: { successful?: unknown[] }) => {
      if ((result.successful?.length ?? 0) > 0) toast({ title: t('Image uploaded'), variant: 'success' });
    };
    instance.on('complete', onDone);
    setPhotos(made);
    return () => {
      instance.off('complete', onDone);
      instance.destroy();
    };
  }, [uploaded]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!category) {
      toast({
        title: t('Category required'),
        description: t('Please select a category for your post'),
        variant: 'destructive',
      });
      return;
    }
    const draft = {
      category,
      title: fields.title,
      description: fields.description,
      neighborhood: 'other' as const,
      price: category === 'sale' ? fields.price : '',
      company: category === 'job' ? fields.company : '',
      salary: category === 'job' ? fields.salary : '',
      eventDate: category === 'event' ? localDateTimeToIso(fields.eventDate) : '',
      address: fields.address,
      imagePaths: [] as string[],
    };
    const checked = CreatePostRequest.safeParse(draft);
    if (!checked.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of checked.error.issues) {
        const name = issue.path[0] as FieldName;
        if (name in EMPTY && !found[name]) found[name] = issue.message;
      }
      setErrors(found);
      return;
    }

    if (!uppy || !photos) return;
    try {
      await photos.checked();
      if (uppy.getFiles().some((f) => !uploaded.has(f.id))) {
        setBusy('uploading');
        // The server's reason when it refused a photo (its check of the bytes, say).
        const refusal = await uppy.upload().then(
          (result) => (!result ? '' : (result.failed?.[0]?.error ?? null)),
          (error: unknown) => messageOf(error),
        );
        if (refusal !== null) {
          toast({
            title: t('Upload failed'),
            description: refusal || t('Some photos could not be uploaded. Please try again.'),
            variant: 'destructive',
          });
          setBusy(null);
          return;
        }
      }
      setBusy('posting');
      const imagePaths = uppy.getFiles().flatMap((f) => {
        const path = uploaded.get(f.id);
        return path ? [path] : [];
      });
      if (editing) {
        if (kept.length + imagePaths.length > MAX_IMAGES_PER_POST) {
          toast({
            title: t('Too many photos'),
            description: t('A post has at most {max} photos.', { max: MAX_IMAGES_PER_POST }),
            variant: 'destructive',
          });
          setBusy(null);
          return;
        }
        const { category: _fixed, neighborhood: _kept, ...changes } = draft;
        await update.mutateAsync({ ...changes, imagePaths: [...kept, ...imagePaths] });
        onDone();
        return;
      }
      await submitPost({ ...draft, imagePaths });
      toast({ title: t('Post created!'), variant: 'success' });
      await client.invalidateQueries({ queryKey: queryKeys.postLists });
      onDone();
    } catch (error) {
      setBusy(null);
      if (isUnauthorized(error)) {
        toast({
          title: t('Unauthorized'),
          description: t('You are logged out. Logging in again...'),
          variant: 'destructive',
        });
        setTimeout(() => window.location.assign(api.url('loginPage')), UNAUTHORIZED_REDIRECT_DELAY_MS);
        return;
      }
      // The server's reason when it gave one (a limit and when to try again, a duplicate post).
      const reason = error instanceof HttpError && error.serverMessage ? messageOf(error) : null;
      toast({
        title: t('Error'),
        description:
          reason ??
          (editing
            ? t('Failed to save your changes. Please try again.')
            : t('Failed to create post. Please try again.')),
        variant: 'destructive',
      });
    }
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="mt-4 grid gap-5 rounded-2xl border bg-card p-4 shadow-sm sm:p-6"
      aria-label={t(copy.title)}
    >
      <div>
        <h1 className="text-xl font-bold tracking-tight">{t(copy.title)}</h1>
        <p className="mt-0.5 text-sm text-muted-foreground">{t(copy.lead)}</p>
      </div>
      <fieldset>
        <legend className="text-sm font-medium">
          {t('Category')} <span className="text-red-600 dark:text-red-400">*</span>
        </legend>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {CATEGORIES.map((value) => {
            const Icon = CATEGORY_ICONS[value];
            const on = category === value;
            return (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border-2 px-2 py-3 text-sm font-semibold transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50',
                  on
                    ? 'border-primary bg-primary-soft text-primary-soft-foreground'
                    : 'border-border hover:border-primary/50',
                )}
              >
                <input
                  type="radio"
                  name="category"
                  value={value}
                  checked={on}
                  disabled={Boolean(editing) && !on}
                  onChange={() => setCategory(value)}
                  className="sr-only"
                />
                <Icon aria-hidden className="size-5" />
                {t(CATEGORY_LABELS[value])}
              </label>
            );
          })}
        </div>
      </fieldset>
      <Field label={t('Title')} {...bind('title')} maxLength={120} placeholder={t('What are you posting?')} />
      <TextAreaField
        label={t('Description')}
        rows={4}
        maxLength={5000}
        placeholder={t('Tell your neighbours the details')}
        inputClassName="min-h-28"
        {...bind('description')}
      />
      {category === 'sale' && (
        <Field label={t('Price ($)')} inputMode="decimal" {...bind('price')} placeholder="0.00" />
      )}
      {category === 'job' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('Company')} {...bind('company')} />
          <Field label={t('Salary')} {...bind('salary')} placeholder={t('$18/hr')} />
        </div>
      )}
      {category === 'event' && <Field label={t('Event date')} type="datetime-local" {...bind('eventDate')} />}
      <Field
        label={t('Address')}
        {...bind('address')}
        placeholder={t('Street, place or landmark (optional)')}
      />
      <div className="grid gap-1.5">
        <p className="flex items-center gap-2 text-sm font-medium">
          <ImagePlus aria-hidden className="size-4" /> {t('Photos')}
        </p>
        {kept.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={t('Photos of this post')}>
            {kept.map((path, index) => (
              <li key={path} className="relative">
                <img
                  src={`${path}?w=480`}
                  alt={t('{n} of {count}', { n: index + 1, count: kept.length })}
                  className="size-20 rounded-lg object-cover"
                />
                <button
                  type="button"
                  aria-label={t('Remove photo {n}', { n: index + 1 })}
                  onClick={() => setKept((paths) => paths.filter((p) => p !== path))}
                  className="absolute -top-2 -right-2 grid size-7 place-items-center rounded-full bg-card shadow ring-1 ring-border"
                >
                  <X aria-hidden className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <Suspense fallback={<PageSpinner />}>
          {uppy ? <PhotoUploader uppy={uppy} /> : <PageSpinner />}
        </Suspense>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          className={buttonClass('ghost', 'lg')}
          onClick={onDone}
          disabled={busy !== null}
        >
          {t('Cancel')}
        </button>
        <button
          type="submit"
          className={buttonClass('primary', 'lg', 'sm:min-w-40')}
          disabled={busy !== null}
        >
          {busy === 'uploading'
            ? t('Uploading photos…')
            : busy === 'posting'
              ? editing
                ? t('Saving…')
                : t('Posting…')
              : editing
                ? t('Save changes')
                : t('Publish Post')}
        </button>
      </div>
    </form>
  );
}
