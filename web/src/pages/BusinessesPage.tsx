import { BUSINESS_CATEGORIES, type BusinessCategory, type Neighborhood } from '@waco/contracts';
import { Plus, Store } from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '../features/auth/hooks/current-user';
import AddBusinessDialog from '../features/directory/components/AddBusinessDialog';
import { BusinessCard } from '../features/directory/components/BusinessCard';
import { useBusinesses } from '../features/directory/hooks/businesses';
import { CATEGORY_NAMES } from '../features/directory/lib/categories';
import { SelectField } from '../features/groups/components/SelectField';
import { NeighborhoodOptions } from '../features/post/components/NeighborhoodOptions';
import { t } from '../i18n/i18n';
import { usePageMeta } from '../lib/page-meta';
import { buttonClass } from '../ui/button';
import { EmptyState } from '../ui/EmptyState';
import { Field } from '../ui/Field';

type Sort = 'rating' | 'reviews' | 'newest' | 'name';

/** `/businesses`: Waco's local businesses by category and neighbourhood, searched and sorted; add one. */
export default function BusinessesPage() {
  const { isSignedIn } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [neighborhood, setNeighborhood] = useState('');
  const [sort, setSort] = useState<Sort>('rating');
  const [adding, setAdding] = useState(false);
  const businesses = useBusinesses({
    search: search.trim() || undefined,
    category: (category || undefined) as BusinessCategory | undefined,
    neighborhood: (neighborhood || undefined) as Neighborhood | undefined,
    sort,
    limit: 50,
  });
  usePageMeta({
    title: t('Local businesses'),
    description: t("Waco's local businesses, reviewed by neighbours."),
  });
  return (
    <div className="mt-4 sm:mt-6">
      <header className="mb-4 flex flex-wrap items-center gap-3 px-1">
        <h1 className="mr-auto text-2xl font-bold">{t('Local businesses')}</h1>
        {isSignedIn && (
          <button type="button" className={buttonClass('primary', 'sm')} onClick={() => setAdding(true)}>
            <Plus aria-hidden className="size-4" />
            {t('Add a business')}
          </button>
        )}
      </header>
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field
          label={t('Search businesses')}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          maxLength={100}
        />
        <SelectField label={t('Category')} value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">{t('All categories')}</option>
          {BUSINESS_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(CATEGORY_NAMES[c])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('Neighbourhood')}
          value={neighborhood}
          onChange={(e) => setNeighborhood(e.target.value)}
        >
          <option value="">{t('All neighbourhoods')}</option>
          <NeighborhoodOptions />
        </SelectField>
        <SelectField label={t('Sort by')} value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
          <option value="rating">{t('Best rated')}</option>
          <option value="reviews">{t('Most reviews')}</option>
          <option value="newest">{t('Newest')}</option>
          <option value="name">{t('Name')}</option>
        </SelectField>
      </div>
      {businesses.data && businesses.data.length === 0 ? (
        <EmptyState
          icon={Store}
          title={t('No businesses found')}
          className="rounded-2xl border bg-card p-8 text-center"
        >
          {t('Add the ones you know: the fence builder, the taquería, the vet.')}
        </EmptyState>
      ) : (
        <ul
          className="grid grid-cols-1 gap-3 lg:grid-cols-2"
          aria-label={t('Local businesses')}
          aria-busy={businesses.isPending}
        >
          {businesses.data?.map((business) => (
            <BusinessCard key={business.id} business={business} />
          ))}
        </ul>
      )}
      {adding && <AddBusinessDialog open={adding} onOpenChange={setAdding} />}
    </div>
  );
}
