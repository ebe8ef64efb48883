import type { RoleHolders } from '@waco/contracts';
import { useState } from 'react';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { PersonRow } from '../../auth/components/PersonRow';
import { displayName } from '../../auth/hooks/current-user';
import { useMentionSuggestions } from '../../mentions/hooks/mention-suggestions';
import { useConsoleActions } from '../hooks/console';
import { ConsoleSection } from './ConsoleSection';

type Person = RoleHolders['admins'][number];

/**
 * Who holds which role: administrators (the operator's command grants it: `npm run ops -- admin
 * grant`), moderators (granted and removed here) and verified members (set by moderators).
 */
export function Roles({ roles }: { roles: RoleHolders }) {
  const { moderator } = useConsoleActions();
  const [search, setSearch] = useState('');
  const found = useMentionSuggestions(search.trim() || null);
  const moderatorIds = new Set(roles.moderators.map((m) => m.id));
  const setRole = (person: Person, grant: boolean) =>
    moderator.mutate({ userId: person.id, moderator: grant, name: displayName(person) });
  return (
    <ConsoleSection title={t('Roles')}>
      <div className="grid gap-4 sm:grid-cols-3">
        <People title={t('Administrators')} people={roles.admins} />
        <People
          title={t('Moderators')}
          people={roles.moderators}
          action={(person) => (
            <button
              type="button"
              className={buttonClass('ghost', 'sm')}
              disabled={moderator.isPending}
              onClick={() => setRole(person, false)}
            >
              {t('Remove')}
            </button>
          )}
        />
        <People title={t('Verified members')} people={roles.verified} />
      </div>
      <div className="mt-4">
        <label className="grid gap-1 text-sm font-semibold">
          {t('Make a moderator')}
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('A member’s name')}
            className="h-10 rounded-xl border bg-background px-3 font-normal"
          />
        </label>
        <ul className="mt-2 grid gap-1">
          {found
            .filter((person) => !moderatorIds.has(person.id))
            .map((person) => (
              <PersonRow key={person.id} person={person}>
                <button
                  type="button"
                  className={buttonClass('outline', 'sm')}
                  disabled={moderator.isPending}
                  onClick={() => {
                    setRole(person, true);
                    setSearch('');
                  }}
                >
                  {t('Make a moderator')}
                </button>
              </PersonRow>
            ))}
        </ul>
      </div>
    </ConsoleSection>
  );
}

function People({
  title,
  people,
  action,
}: {
  title: string;
  people: Person[];
  action?: (person: Person) => React.ReactNode;
}) {
  return (
    <div>
      <h3 className="mb-1 text-sm font-semibold text-muted-foreground">{title}</h3>
      {people.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('None')}</p>
      ) : (
        <ul className="grid gap-1" aria-label={title}>
          {people.map((person) => (
            <PersonRow key={person.id} person={person} linked>
              {action?.(person)}
            </PersonRow>
          ))}
        </ul>
      )}
    </div>
  );
}
