import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { displayName } from '../../auth/hooks/current-user';
import { useDecideJoinRequest, useJoinRequests } from '../hooks/groups';
import { PeopleSection, PersonRow } from './PersonRow';

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
              <button
                type="button"
                className={buttonClass('primary', 'sm')}
                onClick={() => decide.mutate({ userId: request.userId, approve: true })}
                aria-label={t('Approve {name}', { name })}
              >
                {t('Approve')}
              </button>
              <button
                type="button"
                className={buttonClass('outline', 'sm')}
                onClick={() => decide.mutate({ userId: request.userId, approve: false })}
                aria-label={t('Decline {name}', { name })}
              >
                {t('Decline')}
              </button>
            </div>
          </PersonRow>
        );
      })}
    </PeopleSection>
  );
}
