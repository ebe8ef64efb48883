import type { StreamEventName } from '@waco/contracts';

/** The response headers of a Server-Sent Events stream that no proxy should buffer or cache. */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  // nginx and similar proxies otherwise hold the events back in their buffers.
  'x-accel-buffering': 'no',
} as const;

/** One SSE event. JSON never contains a raw line break, so `data` is always a single line. */
export function sseEvent(id: number, event: StreamEventName, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: ignored by browsers, it keeps the connection from looking idle. */
export const SSE_HEARTBEAT = ': heartbeat\n\n';

export const sseRetry = (ms: number) => `retry: ${ms}\n\n`;

/** The `Last-Event-ID` a reconnecting browser sends: a non-negative integer, else none. */
export function parseLastEventId(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || !/^\d{1,15}$/.test(text.trim())) return null;
  return Number(text.trim());
}
