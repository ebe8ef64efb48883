import { suspendedMessage } from '@waco/contracts';
import { useStanding } from '../hooks/moderation';

/** A suspended member is told why, on every page (the services refuse their actions anyway). */
export function SuspensionBanner() {
  const suspension = useStanding().data?.suspension;
  if (!suspension) return null;
  return (
    <p
      role="alert"
      className="mt-3 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200"
    >
      {suspendedMessage(suspension.note)}
    </p>
  );
}
