import { type ClientRequest, type IncomingMessage, request } from 'node:http';

/** One event as a browser's EventSource would see it. */
export interface SseEvent {
  id: string | undefined;
  event: string;
  /** When it arrived (performance.now()). */
  at: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read event data field by field
  data: any;
}

/**
 * A minimal EventSource for tests: reads a Server-Sent Events response as it streams, keeping
 * events and comments in order of arrival, and lets a test await the event it expects.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  retry: number | undefined;
  ended = false;
  /** Called with each event as it arrives (benchmarks time them). */
  onEvent: ((event: SseEvent) => void) | undefined;
  private req: ClientRequest | undefined;
  private waiters: Array<() => void> = [];
  status = 0;
  headers: IncomingMessage['headers'] = {};

  /**
   * Opens the stream with node:http rather than fetch: its own connection, which `close` ends
   * for good (fetch's pool may keep a spare connection open that would hold a server's close).
   */
  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      client.req = request(
        url,
        { headers: { accept: 'text/event-stream', ...headers }, agent: false },
        resolve,
      );
      client.req.once('error', reject);
      client.req.end();
    });
    client.status = res.statusCode ?? 0;
    client.headers = res.headers;
    if (client.status !== 200) {
      let text = '';
      for await (const chunk of res) text += chunk;
      client.ended = true;
      client.errorBody = text ? JSON.parse(text) : undefined;
      return client;
    }
    void client.read(res);
    return client;
  }

  /** The body of a refused stream (e.g. 401). */
  errorBody: unknown;

  /** Events of one name, in order. */
  named(event: string): SseEvent[] {
    return this.events.filter((e) => e.event === event);
  }

  /** Resolves with the first event (from the start) that matches; rejects after `timeoutMs`. */
  async waitFor(match: (e: SseEvent) => boolean, timeoutMs = 10_000, what = 'an event'): Promise<SseEvent> {
    return this.until(() => this.events.find(match), timeoutMs, what);
  }

  /** Resolves once `probe` answers something (checked on every event and comment). */
  async until<T>(probe: () => T | undefined, timeoutMs = 10_000, what = 'a condition'): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = probe();
      if (value !== undefined) return value;
      if (this.ended) throw new Error(`stream ended while waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close() {
    this.req?.destroy();
    this.ended = true;
  }

  private async read(body: IncomingMessage) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          this.parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
        this.wake();
      }
    } catch {
      // destroyed by close(), or the server went away
    }
    this.ended = true;
    this.wake();
  }

  private parse(block: string) {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
      else if (line.startsWith('retry: ')) this.retry = Number(line.slice(7));
    }
    if (data.length === 0) return;
    const parsed: SseEvent = { id, event, at: performance.now(), data: JSON.parse(data.join('\n')) };
    this.events.push(parsed);
    this.onEvent?.(parsed);
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
