import type { Neighborhood, Post } from '@waco/contracts';
import type { FormEvent } from 'react';
import { msg, t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { Field, inputClass, TextAreaField } from '../../../ui/Field';
import { MentionTextarea } from '../../mentions/components/MentionTextarea';
import { NeighborhoodOptions } from '../../post/components/NeighborhoodOptions';
import { usePhotoUploads } from '../hooks/photo-uploads';
import { usePostDraft } from '../hooks/post-draft';
import { type PublishStep, usePublishPost } from '../hooks/publish-post';
import { CategoryFields } from './CategoryFields';
import { CategoryPicker } from './CategoryPicker';
import { PostPhotosField } from './PostPhotosField';

const COPY = {
  create: { title: msg('Create a post'), lead: msg('Share something with your neighbours in Waco.') },
  edit: {
    title: msg('Edit your post'),
    lead: msg('Fix a detail or change the price; neighbours who saved it hear of a lower price.'),
  },
  group: {
    title: msg('Post in this group'),
    lead: msg('Only what the group may see: its members, or everyone if it is public.'),
  },
};

/** The submit button's words: what the form waits for, else what it will do. */
function submitText(step: PublishStep, editing: boolean): string {
  if (step === 'uploading') return t('Uploading photos…');
  if (step === 'posting') return editing ? t('Saving…') : t('Posting…');
  return editing ? t('Save changes') : t('Publish Post');
}

/**
 * The create-post mode (`/?mode=post`): category, text fields and up to five photos. Given
 * `editing`, the same form edits that post (its category stays; its photos can be removed and
 * new ones added) and saves with `PATCH /api/posts/{id}`. Given `groupId` (a group's page), the
 * post goes into that group.
 */
export default function CreatePostForm({
  onDone,
  editing,
  groupId,
}: {
  onDone(): void;
  editing?: Post;
  groupId?: string;
}) {
  const draft = usePostDraft(editing);
  const { category, setCategory, neighborhood, setNeighborhood, bind, kept, removeKept, check } = draft;
  const description = bind('description');
  const photos = usePhotoUploads();
  const { step, publish } = usePublishPost(editing, onDone, groupId);
  const copy = editing ? COPY.edit : groupId ? COPY.group : COPY.create;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const draft = check();
    if (draft && photos) await publish(draft, photos, kept);
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
      <CategoryPicker category={category} fixed={Boolean(editing)} onChange={setCategory} />
      <Field label={t('Title')} {...bind('title')} maxLength={120} placeholder={t('What are you posting?')} />
      <TextAreaField
        label={t('Description')}
        rows={4}
        maxLength={5000}
        placeholder={t('Tell your neighbours the details')}
        inputClassName="min-h-28"
        {...description}
        // `@` suggests neighbours to mention.
        renderTextarea={({ value: _value, onChange: _onChange, ...textarea }) => (
          <MentionTextarea
            {...textarea}
            value={description.value}
            onValueChange={(value) => description.onChange({ target: { value } })}
            mentions={draft.mentions}
            onMentionsChange={draft.setMentions}
          />
        )}
      />
      <CategoryFields category={category} bind={bind} />
      <Field
        label={t('Address')}
        {...bind('address')}
        placeholder={t('Street, place or landmark (optional)')}
      />
      <label className="grid gap-1.5 text-sm font-medium">
        {t('Neighbourhood')}
        {/* Chosen when posting; an edit keeps it (the API's edit does not move a post). */}
        <select
          className={inputClass}
          value={neighborhood}
          disabled={Boolean(editing)}
          onChange={(e) => setNeighborhood(e.target.value as Neighborhood)}
        >
          <NeighborhoodOptions />
        </select>
      </label>
      <PostPhotosField kept={kept} onRemove={removeKept} uppy={photos?.uppy ?? null} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          className={buttonClass('ghost', 'lg')}
          onClick={onDone}
          disabled={step !== null}
        >
          {t('Cancel')}
        </button>
        <button
          type="submit"
          className={buttonClass('primary', 'lg', 'sm:min-w-40')}
          disabled={step !== null}
        >
          {submitText(step, Boolean(editing))}
        </button>
      </div>
    </form>
  );
}
