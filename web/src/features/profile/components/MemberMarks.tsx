import type { BadgeType } from '@waco/contracts';
import {
  Award,
  BadgeCheck,
  CalendarCheck,
  HandHeart,
  type LucideIcon,
  MailCheck,
  ShieldCheck,
} from 'lucide-react';
import { msg, t } from '../../../i18n/i18n';
import { cn } from '../../../ui/cn';

/** Each badge's name, what earned it, and its icon (the thresholds are docs/architecture.md's). */
const BADGES: Record<BadgeType, { label: string; earnedBy: string; icon: LucideIcon }> = {
  verified_email: { label: msg('Verified email'), earnedBy: msg('Confirmed their email'), icon: MailCheck },
  first_post: { label: msg('First post'), earnedBy: msg('Shared a first post'), icon: Award },
  event_host: {
    label: msg('Event host'),
    earnedBy: msg('Hosted a neighbourhood event'),
    icon: CalendarCheck,
  },
  helpful_neighbour: {
    label: msg('Helpful neighbour'),
    earnedBy: msg('Their comments were liked 10 times'),
    icon: HandHeart,
  },
  trusted_seller: {
    label: msg('Trusted seller'),
    earnedBy: msg('Sold 3 items with no upheld report'),
    icon: ShieldCheck,
  },
};

/** The verified mark beside a name: set by moderators, read out as "Verified neighbour". */
export function VerifiedMark({ className }: { className?: string }) {
  return (
    <span
      role="img"
      aria-label={t('Verified neighbour')}
      title={t('Verified neighbour')}
      className={cn('inline-flex shrink-0 text-sky-600 dark:text-sky-400', className)}
      data-testid="verified-mark"
    >
      <BadgeCheck aria-hidden className="size-4 fill-current stroke-white dark:stroke-card" />
    </span>
  );
}

/** A member's badges as small marks beside their name (comment threads). */
export function BadgeMarks({ badges }: { badges: readonly BadgeType[] }) {
  if (badges.length === 0) return null;
  return (
    <span
      className="inline-flex items-center gap-0.5 text-amber-600 dark:text-amber-400"
      data-testid="badge-marks"
    >
      {badges.map((badge) => {
        const { label, icon: Icon } = BADGES[badge];
        return (
          <span key={badge} role="img" aria-label={t(label)} title={t(label)} className="inline-flex">
            <Icon aria-hidden className="size-3.5" />
          </span>
        );
      })}
    </span>
  );
}

/** A profile's badges: each with its name and what earned it. */
export function BadgeList({ badges }: { badges: readonly { badgeType: BadgeType }[] }) {
  if (badges.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap justify-center gap-2" aria-label={t('Badges')}>
      {badges.map(({ badgeType }) => {
        const { label, earnedBy, icon: Icon } = BADGES[badgeType];
        return (
          <li
            key={badgeType}
            title={t(earnedBy)}
            className="inline-flex items-center gap-1.5 rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            data-badge={badgeType}
          >
            <Icon aria-hidden className="size-4" />
            {t(label)}
          </li>
        );
      })}
    </ul>
  );
}
