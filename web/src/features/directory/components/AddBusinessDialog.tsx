import type { Business, BusinessCategory, Neighborhood } from '@waco/contracts';
import { useState } from 'react';
import { useNavigate } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import type { OpenState } from '../../../ui/Dialog';
import { Field, TextAreaField } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { useFormFields } from '../../../ui/form-fields';
import { SelectField } from '../../../ui/SelectField';
import { PhotoPicker } from '../../groups/components/PhotoPicker';
import { NeighborhoodSelect } from '../../post/components/NeighborhoodOptions';
import { useProfilePhoto } from '../../profile/hooks/profile-photo';
import { useSaveBusiness } from '../hooks/businesses';
import { CategoryOptions } from './CategoryOptions';

const FIELDS = ['name', 'description', 'address', 'phone', 'email', 'website'] as const;

/**
 * Add a local business (its details, category, neighbourhood and photo; then its page), or, given
 * one, change its details (its verified owner).
 */
export default function AddBusinessDialog({ business, ...dialog }: OpenState & { business?: Business }) {
  const navigate = useNavigate();
  const { fields, bind } = useFormFields(
    () =>
      Object.fromEntries(FIELDS.map((f) => [f, business?.[f] ?? ''])) as Record<
        (typeof FIELDS)[number],
        string
      >,
  );
  const [category, setCategory] = useState<BusinessCategory>(business?.category ?? 'restaurant');
  const [neighborhood, setNeighborhood] = useState(business?.neighborhood ?? 'other');
  const photo = useProfilePhoto(business?.imageUrl ?? null);
  const add = useSaveBusiness(business?.id ?? null, (saved) => {
    dialog.onOpenChange(false);
    navigate(`/businesses/${saved.id}`);
  });
  const title = business ? t('Edit details') : t('Add a business');
  const submit = () => {
    add.mutate({ ...fields, category, neighborhood: neighborhood as Neighborhood, imageUrl: photo.photo });
  };
  return (
    <FormDialog
      {...dialog}
      title={title}
      onSubmit={submit}
      submitLabel={business ? t('Save details') : t('Add business')}
      submitDisabled={add.isPending}
    >
      <PhotoPicker photo={photo} label={t('Business photo')} />
      <Field label={t('Name')} {...bind('name')} required minLength={2} maxLength={100} />
      <SelectField
        label={t('Category')}
        value={category}
        onChange={(e) => setCategory(e.target.value as BusinessCategory)}
      >
        <CategoryOptions />
      </SelectField>
      <TextAreaField label={t('Description')} {...bind('description')} rows={3} maxLength={3000} />
      <Field label={t('Address')} {...bind('address')} maxLength={200} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label={t('Phone')} type="tel" {...bind('phone')} maxLength={40} />
        <Field label={t('Email')} type="email" {...bind('email')} maxLength={254} />
      </div>
      <Field label={t('Website')} type="url" {...bind('website')} maxLength={300} />
      <NeighborhoodSelect value={neighborhood} onChange={setNeighborhood} />
    </FormDialog>
  );
}
