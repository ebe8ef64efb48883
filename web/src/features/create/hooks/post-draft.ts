import {
  type Category,
  CreatePostRequest,
  type MentionRequest,
  type Neighborhood,
  type Post,
} from '@waco/contracts';
import { useState } from 'react';
import { t } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server-text';
import { useFormFields } from '../../../ui/form-fields';
import { toast } from '../../../ui/toast-store';

/** The post's text fields as the form holds them. */
export interface PostFields {
  title: string;
  description: string;
  price: string;
  company: string;
  salary: string;
  eventDate: string;
  address: string;
}
type FieldName = keyof PostFields;
const EMPTY: PostFields = {
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

/** A post's fields as the form holds them, to edit it. */
const fieldsOf = (post: Post): PostFields => ({
  title: post.title,
  description: post.description,
  price: post.price ?? '',
  company: post.company ?? '',
  salary: post.salary ?? '',
  eventDate: isoToLocalDateTime(post.eventDate),
  address: post.address ?? '',
});

/** The request the form sends: only the fields of its category, photos added once uploaded. */
const draftOf = (
  category: Category,
  fields: PostFields,
  neighborhood: Neighborhood,
  mentions: MentionRequest[],
) => ({
  category,
  title: fields.title,
  description: fields.description,
  // Only the mentions still in the text (the server places them).
  mentions: mentions.filter((m) => fields.description.includes(`@${m.name}`)),
  neighborhood,
  price: category === 'sale' ? fields.price : '',
  company: category === 'job' ? fields.company : '',
  salary: category === 'job' ? fields.salary : '',
  eventDate: category === 'event' ? localDateTimeToIso(fields.eventDate) : '',
  address: fields.address,
  imagePaths: [] as string[],
});
export type PostDraft = ReturnType<typeof draftOf>;

/**
 * The post being written or edited: its category, text fields with their messages, and (when
 * editing) the photos it keeps. `check` answers the draft, or null after showing what is wrong.
 */
export function usePostDraft(editing?: Post) {
  const [category, setCategory] = useState<Category | null>(editing?.category ?? null);
  const { fields, setErrors, bind } = useFormFields<PostFields>(editing ? () => fieldsOf(editing) : EMPTY, {
    clearErrorOnChange: true,
  });
  const [kept, setKept] = useState<string[]>(editing?.imagePaths ?? []);
  // `other` unless the poster chooses (the spec's default); an edit keeps the post's.
  const [neighborhood, setNeighborhood] = useState<Neighborhood>(editing?.neighborhood ?? 'other');
  const [mentions, setMentions] = useState<MentionRequest[]>(() =>
    (editing?.mentions ?? []).map((m) => ({
      userId: m.userId,
      name: editing?.description.slice(m.start + 1, m.end) ?? '',
    })),
  );

  const check = (): PostDraft | null => {
    if (!category) {
      toast({
        title: t('Category required'),
        description: t('Please select a category for your post'),
        variant: 'destructive',
      });
      return null;
    }
    const draft = draftOf(category, fields, neighborhood, mentions);
    const checked = CreatePostRequest.safeParse(draft);
    if (checked.success) return draft;
    const found: Partial<Record<FieldName, string>> = {};
    for (const issue of checked.error.issues) {
      const name = issue.path[0] as FieldName;
      if (name in EMPTY && !found[name]) found[name] = serverText(issue.message);
    }
    setErrors(found);
    return null;
  };

  const removeKept = (path: string) => setKept((paths) => paths.filter((p) => p !== path));
  return {
    category,
    setCategory,
    neighborhood,
    setNeighborhood,
    bind,
    kept,
    removeKept,
    check,
    mentions,
    setMentions,
  };
}
