import {
  type DigestFrequency,
  type KindChannels,
  type Neighborhood,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@waco/contracts';
import type { ReactNode } from 'react';
import { msg, t } from '../../../i18n/i18n';
import { sectionClass } from '../../account/components/AccountSection';
import { NeighborhoodOptions } from '../../post/components/NeighborhoodOptions';
import { useNotificationSettings } from '../hooks/notification-settings';

/** Each kind's name on the screen. */
const KIND_LABELS: Record<NotificationKind, string> = {
  likes: msg('Likes and event answers'),
  comments: msg('Comments on your posts'),
  replies: msg('Replies to your comments'),
  mentions: msg('Mentions'),
  follows: msg('New followers'),
  messages: msg('Messages'),
  alerts: msg('New posts from people you follow'),
};

const CHANNELS: Array<{ key: keyof KindChannels; label: string }> = [
  { key: 'app', label: msg('In the app') },
  { key: 'push', label: msg('Push') },
  { key: 'email', label: msg('Email') },
];

const FREQUENCIES: Array<{ value: DigestFrequency; label: string }> = [
  { value: 'off', label: msg('Off') },
  { value: 'daily', label: msg('Daily') },
  { value: 'weekly', label: msg('Weekly') },
];

/**
 * Where each kind of notification comes (in the app, by push to this member's devices, by email:
 * none of them is "not at all"), and the email digest. Every change is saved at once.
 */
export function NotificationSettingsForm() {
  const { query, settings, save } = useNotificationSettings();
  if (query.isPending)
    return (
      <div className={`${sectionClass} h-64 animate-pulse`} role="status">
        <span className="sr-only">{t('Loading')}</span>
      </div>
    );
  if (!settings)
    return (
      <p className={`${sectionClass} text-sm text-muted-foreground`}>{t('Could not load your settings.')}</p>
    );

  const setChannel = (kind: NotificationKind, key: keyof KindChannels, on: boolean) => {
    const next = { ...settings.kinds[kind], [key]: on };
    // A push shows an in-app notification: push goes off with the app, and on turns the app on.
    if (key === 'app' && !on) next.push = false;
    if (key === 'push' && on) next.app = true;
    save({ kinds: { [kind]: next } });
  };

  return (
    <>
      <Section
        id="kinds-title"
        title={t('What reaches you, and how')}
        description={t('Emails are gathered: at most one an hour, however much happens.')}
      >
        <ul className="mt-4 grid gap-3">
          {NOTIFICATION_KINDS.map((kind) => {
            const channels = settings.kinds[kind];
            const off = !channels.app && !channels.email;
            return (
              <li key={kind}>
                <fieldset className="rounded-xl border p-3" data-testid={`kind-${kind}`}>
                  <legend className="px-1 text-sm font-semibold">{t(KIND_LABELS[kind])}</legend>
                  <div className="flex flex-wrap gap-x-5 gap-y-2">
                    {CHANNELS.map(({ key, label }) => (
                      <Choice
                        key={key}
                        type="checkbox"
                        label={t(label)}
                        checked={channels[key]}
                        onChange={(on) => setChannel(kind, key, on)}
                      />
                    ))}
                  </div>
                  {off && <p className="mt-1 text-xs text-muted-foreground">{t('Not at all')}</p>}
                </fieldset>
              </li>
            );
          })}
        </ul>
      </Section>
      <Section
        id="digest-title"
        title={t('Email digest')}
        description={t('New posts in your neighbourhood and from people you follow, in one email.')}
      >
        <fieldset className="mt-3">
          <legend className="text-sm font-semibold">{t('How often')}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {FREQUENCIES.map(({ value, label }) => (
              <Choice
                key={value}
                type="radio"
                name="digest"
                label={t(label)}
                checked={settings.digest === value}
                onChange={() => save({ digest: value })}
              />
            ))}
          </div>
        </fieldset>
        <label className="mt-3 grid gap-1 text-sm font-semibold">
          {t('Your neighbourhood')}
          <select
            className="h-11 rounded-lg border bg-background px-3 font-normal"
            value={settings.digestNeighborhood ?? ''}
            onChange={(e) =>
              save({ digestNeighborhood: e.target.value ? (e.target.value as Neighborhood) : null })
            }
          >
            <option value="">{t('None')}</option>
            <NeighborhoodOptions />
          </select>
        </label>
      </Section>
    </>
  );
}

/** A card of the screen: its heading (which names it) and a line saying what it is for. */
function Section(props: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <section className={sectionClass} aria-labelledby={props.id}>
      <h2 id={props.id} className="text-lg font-bold">
        {props.title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{props.description}</p>
      {props.children}
    </section>
  );
}

/** A box or a round button with its label, as large as a finger (44 px high). */
function Choice(props: {
  type: 'checkbox' | 'radio';
  name?: string;
  label: string;
  checked: boolean;
  onChange(on: boolean): void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
      <input
        type={props.type}
        name={props.name}
        className="size-5 accent-primary"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      {props.label}
    </label>
  );
}
