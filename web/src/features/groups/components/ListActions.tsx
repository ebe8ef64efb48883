import { CalendarPlus, type LucideIcon, Plus } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { Link } from '../../../app/router';
import { msg, t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import type { OpenState } from '../../../ui/Dialog';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { useSignInPrompt } from '../../auth/hooks/sign-in-prompt';
import CreateEventDialog from './CreateEventDialog';
import CreateGroupDialog from './CreateGroupDialog';

/** What a guest is asked to sign in for on the groups' and events' pages (beside the spec's actions). */
const CREATE_GROUP_ACTION = msg('create a group');
const CREATE_EVENT_ACTION = msg('create an event');

interface ListKind {
  /** The other list of the pair, linked beside the button. */
  other: { to: string; label: string };
  create: { label: string; icon: LucideIcon; signInAction: string; dialog: ComponentType<OpenState> };
}

// The groups' and the events' lists link to each other, and each creates its own kind.
const LISTS: Record<'groups' | 'events', ListKind> = {
  groups: {
    other: { to: '/events', label: msg('Events') },
    create: {
      label: msg('Create a group'),
      icon: Plus,
      signInAction: CREATE_GROUP_ACTION,
      dialog: CreateGroupDialog,
    },
  },
  events: {
    other: { to: '/groups', label: msg('Groups') },
    create: {
      label: msg('Create an event'),
      icon: CalendarPlus,
      signInAction: CREATE_EVENT_ACTION,
      dialog: CreateEventDialog,
    },
  },
};

/**
 * The actions of the groups' or the events' list page: the link to the other list, and the button
 * that opens the create dialog (a guest is asked to sign in instead).
 */
export function ListActions({ list }: { list: 'groups' | 'events' }) {
  const { other, create } = LISTS[list];
  const { isSignedIn } = useCurrentUser();
  const prompt = useSignInPrompt();
  const [creating, setCreating] = useState(false);
  const { icon: Icon, dialog: Dialog } = create;
  return (
    <>
      <Link to={other.to} className={buttonClass('outline', 'sm')}>
        {t(other.label)}
      </Link>
      <button
        type="button"
        className={buttonClass('primary', 'sm')}
        onClick={() => (isSignedIn ? setCreating(true) : prompt(create.signInAction))}
      >
        <Icon aria-hidden className="size-4" />
        {t(create.label)}
      </button>
      {creating && <Dialog open={creating} onOpenChange={setCreating} />}
    </>
  );
}
