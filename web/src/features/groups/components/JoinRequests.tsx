import { msg, t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { displayName } from '../../auth/hooks/current-user';
import { useDecideJoinRequest, useJoinRequests } from '../hooks/groups';
import { PeopleSection, PersonRow } from './PersonRow';

/** An admin's two answers to a request, in the order shown: each one's button text and accessible name. */
const DECISIONS = [
  { approve: true, label: msg('Approve'), name: msg('Approve {name}'), variant: 'primary' },
  { approve: false, label: msg('Decline'), name: msg('Decline {name}'), variant: 'outline' },
] as const;

/** The requests to join a private group, for its admins to approve or decline. */
export function JoinRequests({ groupId }: { groupId: string }) {
  const requests = useJoinRequests(groupId, true);
  const decide = useDecideJoinRequest(groupId);
  if (!requests.data?.length) return null;
  return (
    <PeopleSection id="join-requests" title={t('Requests to join')}>
      {requests.data.map((request) => {
        const name = displayName(request);
        return (
          <PersonRow key={request.userId} person={request}>
            <div className="flex gap-1">
              {DECISIONS.map(({ approve, label, name: nameOf, variant }) => (
                <button
                  key={label}
                  type="button"
                  className={buttonClass(variant, 'sm')}
                  onClick={() => decide.mutate({ userId: request.userId, approve })}
                  aria-label={t(nameOf, { name })}
                >
                  {t(label)}
                </button>
              ))}
            </div>
          </PersonRow>
        );
      })}
    </PeopleSection>
  );
}
