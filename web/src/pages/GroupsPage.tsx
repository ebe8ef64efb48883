import type { Neighborhood } from '@waco/contracts';
import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../app/router';
import { useCurrentUser } from '../features/auth/hooks/current-user';
import { useSignInPrompt } from '../features/auth/hooks/sign-in-prompt';
import CreateGroupDialog from '../features/groups/components/CreateGroupDialog';
import { GroupCard } from '../features/groups/components/GroupCard';
import { SelectField } from '../features/groups/components/SelectField';
import { CREATE_GROUP_ACTION, useGroups } from '../features/groups/hooks/groups';
import { NeighborhoodOptions } from '../features/post/components/NeighborhoodOptions';
import { t } from '../i18n/i18n';
import { usePageMeta } from '../lib/page-meta';
import { buttonClass } from '../ui/button';
import { EmptyState } from '../ui/EmptyState';
import { Field } from '../ui/Field';

/** `/groups`: discover the neighbourhood's groups, and start one. */
export default function GroupsPage() {
  const { isSignedIn } = useCurrentUser();
  const prompt = useSignInPrompt();
  const [search, setSearch] = useState('');
  const [neighborhood, setNeighborhood] = useState('');
  const [sort, setSort] = useState<'members' | 'newest'>('members');
  const [creating, setCreating] = useState(false);
  const groups = useGroups({
    search: search.trim() || undefined,
    neighborhood: (neighborhood || undefined) as Neighborhood | undefined,
    sort,
    limit: 50,
  });
  usePageMeta({ title: t('Groups'), description: t("Waco's neighbourhood groups on Waco Commons.") });
  return (
    <div className="mt-4 sm:mt-6">
      <header className="mb-4 flex flex-wrap items-center gap-3 px-1">
        <h1 className="mr-auto text-2xl font-bold">{t('Groups')}</h1>
        <Link to="/events" className={buttonClass('outline', 'sm')}>
          {t('Events')}
        </Link>
        {/* A guest is asked to sign in. */}
        <button
          type="button"
          className={buttonClass('primary', 'sm')}
          onClick={() => (isSignedIn ? setCreating(true) : prompt(CREATE_GROUP_ACTION))}
        >
          <Plus aria-hidden className="size-4" />
          {t('Create a group')}
        </button>
      </header>
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Field
          label={t('Search groups')}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          maxLength={100}
        />
        <SelectField
          label={t('Neighbourhood')}
          value={neighborhood}
          onChange={(e) => setNeighborhood(e.target.value)}
        >
          <option value="">{t('All neighbourhoods')}</option>
          <NeighborhoodOptions />
        </SelectField>
        <SelectField
          label={t('Sort by')}
          value={sort}
          onChange={(e) => setSort(e.target.value as 'members' | 'newest')}
        >
          <option value="members">{t('Most members')}</option>
          <option value="newest">{t('Newest')}</option>
        </SelectField>
      </div>
      {groups.data && groups.data.length === 0 ? (
        <EmptyState
          icon={Users}
          title={t('No groups yet')}
          className="rounded-2xl border bg-card p-8 text-center"
        >
          {t('Start one for your street, your club or your cause.')}
        </EmptyState>
      ) : (
        <ul
          className="grid grid-cols-1 gap-3 lg:grid-cols-2"
          aria-label={t('Groups')}
          aria-busy={groups.isPending}
        >
          {groups.data?.map((group) => (
            <GroupCard key={group.id} group={group} />
          ))}
        </ul>
      )}
      {creating && <CreateGroupDialog open={creating} onOpenChange={setCreating} />}
    </div>
  );
}
