import type { BusinessCategory, Neighborhood } from '@waco/contracts';
import { Plus, Store } from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '../features/auth/hooks/current-user';
import AddBusinessDialog from '../features/directory/components/AddBusinessDialog';
import { BusinessCard } from '../features/directory/components/BusinessCard';
import { CategoryOptions } from '../features/directory/components/CategoryOptions';
import { useBusinesses } from '../features/directory/hooks/businesses';
import { NeighborhoodSelect } from '../features/post/components/NeighborhoodOptions';
import { t } from '../i18n/i18n';
import { usePageMeta } from '../lib/page-meta';
import { buttonClass } from '../ui/button';
import { CardList, ListFilters, ListPage, ListSearch } from '../ui/ListPage';
import { SelectField } from '../ui/SelectField';

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
    <ListPage
      title={t('Local businesses')}
      actions={
        isSignedIn && (
          <button type="button" className={buttonClass('primary', 'sm')} onClick={() => setAdding(true)}>
            <Plus aria-hidden className="size-4" />
            {t('Add a business')}
          </button>
        )
      }
      controls={
        <ListFilters columns="sm:grid-cols-2 lg:grid-cols-4">
          <ListSearch label={t('Search businesses')} value={search} onChange={setSearch} />
          <SelectField label={t('Category')} value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">{t('All categories')}</option>
            <CategoryOptions />
          </SelectField>
          <NeighborhoodSelect value={neighborhood} onChange={setNeighborhood} anyOption />
          <SelectField label={t('Sort by')} value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
            <option value="rating">{t('Best rated')}</option>
            <option value="reviews">{t('Most reviews')}</option>
            <option value="newest">{t('Newest')}</option>
            <option value="name">{t('Name')}</option>
          </SelectField>
        </ListFilters>
      }
    >
      <CardList
        label={t('Local businesses')}
        items={businesses.data}
        busy={businesses.isPending}
        empty={{
          icon: Store,
          title: t('No businesses found'),
          text: t('Add the ones you know: the fence builder, the taquería, the vet.'),
        }}
        card={(business) => <BusinessCard key={business.id} business={business} />}
      />
      {adding && <AddBusinessDialog open={adding} onOpenChange={setAdding} />}
    </ListPage>
  );
}
