import type { Neighborhood } from '@waco/contracts';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { GroupCard } from '../features/groups/components/GroupCard';
import { ListActions } from '../features/groups/components/ListActions';
import { useGroups } from '../features/groups/hooks/groups';
import { NeighborhoodSelect } from '../features/post/components/NeighborhoodOptions';
import { t } from '../i18n/i18n';
import { usePageMeta } from '../lib/page-meta';
import { CardList, ListFilters, ListPage, ListSearch } from '../ui/ListPage';
import { SelectField } from '../ui/SelectField';

/** `/groups`: discover the neighbourhood's groups, and start one. */
export default function GroupsPage() {
  const [search, setSearch] = useState('');
  const [neighborhood, setNeighborhood] = useState('');
  const [sort, setSort] = useState<'members' | 'newest'>('members');
  const groups = useGroups({
    search: search.trim() || undefined,
    neighborhood: (neighborhood || undefined) as Neighborhood | undefined,
    sort,
    limit: 50,
  });
  usePageMeta({ title: t('Groups'), description: t("Waco's neighbourhood groups on Waco Commons.") });
  return (
    <ListPage
      title={t('Groups')}
      actions={<ListActions list="groups" />}
      controls={
        <ListFilters columns="sm:grid-cols-3">
          <ListSearch label={t('Search groups')} value={search} onChange={setSearch} />
          <NeighborhoodSelect value={neighborhood} onChange={setNeighborhood} anyOption />
          <SelectField
            label={t('Sort by')}
            value={sort}
            onChange={(e) => setSort(e.target.value as 'members' | 'newest')}
          >
            <option value="members">{t('Most members')}</option>
            <option value="newest">{t('Newest')}</option>
          </SelectField>
        </ListFilters>
      }
    >
      <CardList
        label={t('Groups')}
        items={groups.data}
        busy={groups.isPending}
        empty={{
          icon: Users,
          title: t('No groups yet'),
          text: t('Start one for your street, your club or your cause.'),
        }}
        card={(group) => <GroupCard key={group.id} group={group} />}
      />
    </ListPage>
  );
}
