import { Uuid } from '@waco/contracts';
import { requireUserId, unauthorized } from '@waco/platform';

/** The signed-in user's id (the gateway sends a UUID; anything else is not a session). */
export function uploaderId(req: Parameters<typeof requireUserId>[0]): string {
  const id = requireUserId(req);
  if (!Uuid.safeParse(id).success) throw unauthorized();
  return id;
}
