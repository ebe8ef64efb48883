// autocannon ships no types; this declares the part of its API the benchmarks use.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    workers?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Stop after this many requests (takes precedence over duration). */
    amount?: number;
    /** Requests per second over all connections. */
    overallRate?: number;
    /** Requests to cycle through; `setupRequest` may rewrite each just before it is sent. */
    requests?: Array<{
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: RequestSpec, context: Record<string, unknown>) => RequestSpec;
    }>;
  }
  interface RequestSpec {
    method: string;
    path: string;
    headers: Record<string, string>;
    body?: string;
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
  export type { Options, RequestSpec, Result };
}
