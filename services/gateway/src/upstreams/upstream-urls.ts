import { SERVICE_NAMES, type ServiceName } from '@waco/contracts/routes';
import { z } from 'zod';
import { isInstanceList, type Upstreams } from './instances';

/** The variable that tells the gateway where a service is: `POSTS_URL` for posts. */
export type UpstreamUrlVariable<Name extends ServiceName = ServiceName> = `${Uppercase<Name>}_URL`;

export function upstreamUrlVariable<Name extends ServiceName>(name: Name): UpstreamUrlVariable<Name> {
  return `${name.toUpperCase()}_URL` as UpstreamUrlVariable<Name>;
}

const serviceUrl = (variable: string) =>
  z
    .string({ error: `${variable} must be the service's base URL (http://host:port)` })
    .refine(isInstanceList, {
      error: `${variable} must be the service's base URL (http://host:port), or several separated by commas`,
    });

/**
 * One required `<NAME>_URL` per service of SERVICE_NAMES (the one list of services, in the
 * contracts): a service added to the list is a variable the gateway requires, with no line here.
 */
export const upstreamUrlVariables = Object.fromEntries(
  SERVICE_NAMES.map((name) => [upstreamUrlVariable(name), serviceUrl(upstreamUrlVariable(name))]),
) as Record<UpstreamUrlVariable, ReturnType<typeof serviceUrl>>;

/** Each service's URL(s), read from its variable. */
export function upstreamsOf(config: Record<UpstreamUrlVariable, string>): Upstreams {
  return Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, config[upstreamUrlVariable(name)]]),
  ) as Upstreams;
}
