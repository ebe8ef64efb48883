import type { ServiceStatus } from './backend';

/** Each service's `/readyz`, as a load balancer asks it: ready, or what is not. */
export async function serviceStatus(urls: Record<string, string>): Promise<ServiceStatus[]> {
  return Promise.all(
    Object.entries(urls).map(async ([service, url]) => {
      try {
        const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) });
        const body = (await res.json()) as { checks?: Record<string, string> };
        return { service, ready: res.ok, checks: body.checks ?? {} };
      } catch (err) {
        return { service, ready: false, checks: { answer: (err as Error).message || 'no answer' } };
      }
    }),
  );
}
