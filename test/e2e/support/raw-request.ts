import { Agent, request as httpRequest } from 'node:http';

// Requests exactly as given (any body, any header, `Expect: 100-continue`), which `fetch` would
// not send; the hostile-input and route-fuzz suites send theirs through here.

// Connections are reused (the gateway closes those it must, e.g. after a refused Expect).
const keepAlive = new Agent({ keepAlive: true, maxSockets: 8 });

export interface Answer {
  status: number;
  contentType: string;
  body: string;
  /** The gateway gave the go-ahead (100 Continue) for the body. */
  continued?: boolean;
}

export function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string | Buffer,
  reuse = true,
) {
  return new Promise<Answer>((resolve, reject) => {
    const target = new URL(url);
    let continued = false;
    const req = httpRequest(
      {
        hostname: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: reuse ? keepAlive : false,
      },
      (res) => {
        // A live stream that opens stays open: its headers are the answer.
        if (String(res.headers['content-type']).startsWith('text/event-stream')) {
          resolve({ status: res.statusCode ?? 0, contentType: 'text/event-stream', body: '', continued });
          req.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString(),
            continued,
          }),
        );
      },
    );
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer to ${method} ${url} within 15 s`)));
    if (headers.expect) {
      req.on('continue', () => {
        continued = true;
        req.end(body);
      });
      req.flushHeaders();
    } else {
      req.end(body);
    }
  });
}

/**
 * `send`, and once more on a fresh connection when the reused one fails at once (the gateway
 * closed it a moment before, after refusing a body it would not read); no answer at all is
 * status 599, so that it is reported with the rest.
 */
export const sendOnce = (
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string | Buffer,
) =>
  send(url, method, headers, body)
    .catch(() => send(url, method, headers, body, false))
    .catch((err: Error): Answer => ({ status: 599, contentType: '', body: `no answer: ${err.message}` }));

/** Closes the reused connections (at the end of a file). */
export const closeConnections = () => keepAlive.destroy();

/** Runs `work` over the list, `width` at a time. */
export async function inParallel<T>(list: T[], work: (item: T) => Promise<unknown>, width = 8) {
  let next = 0;
  const worker = async () => {
    while (next < list.length) await work(list[next++] as T);
  };
  await Promise.all(Array.from({ length: width }, worker));
}

/** Why a refusal is not a JSON `{ message }` (null when it is). */
export function notAJsonMessage(answer: Answer): string | null {
  if (!answer.contentType.startsWith('application/json')) return `${answer.status} without a JSON body`;
  try {
    const body = JSON.parse(answer.body) as { message?: unknown };
    if (typeof body.message !== 'string' || body.message.length === 0)
      return `${answer.status} without a message`;
  } catch {
    return `${answer.status} with a body that is not JSON`;
  }
  return null;
}
