import { THREAD_CHANGED_EVENT, type ThreadChanged } from '@waco/contracts';
import { api } from '../../../api/client';

// A post's thread, live (`GET /api/posts/:id/comments/stream`): one EventSource per open post in
// this tab, shared by whatever shows the post (its sheet, its page), closed when the last goes.
// The stream only says that the thread changed and the count; the thread is read again through
// the API, which applies blocks and hiding.

/** What a follower of a thread hears. */
export interface ThreadListener {
  /** The thread changed (or may have, while the stream was away): read it again. */
  changed(commentsCount: number): void;
  /** The stream is up or down (polling is the fallback while it is down). */
  status(connected: boolean): void;
}

/** Reconnecting: the first wait, doubled each failure up to the last (a little random). */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;

interface OpenThread {
  source: EventSource | null;
  listeners: Set<ThreadListener>;
  connected: boolean;
  failures: number;
  retry: ReturnType<typeof setTimeout> | undefined;
  /** Whether a connection was up before: its next first event may follow changes it missed. */
  wasOpen: boolean;
}

const threads = new Map<string, OpenThread>();

function setConnected(thread: OpenThread, connected: boolean) {
  if (thread.connected === connected) return;
  thread.connected = connected;
  for (const listener of thread.listeners) listener.status(connected);
}

function connect(postId: string, thread: OpenThread, knownCount: () => number | undefined) {
  if (typeof EventSource === 'undefined') return;
  const es = new EventSource(api.url('openThreadStream', { params: { id: postId } }));
  thread.source = es;
  let first = true;
  es.addEventListener(THREAD_CHANGED_EVENT, (event) => {
    let data: ThreadChanged;
    try {
      data = JSON.parse((event as MessageEvent<string>).data) as ThreadChanged;
    } catch {
      return;
    }
    setConnected(thread, true);
    thread.failures = 0;
    // The first event is the count as the stream opens: news only after a gap, or when it is not
    // the count the thread was read with.
    const news = !first || thread.wasOpen || data.commentsCount !== knownCount();
    first = false;
    thread.wasOpen = true;
    if (news) for (const listener of thread.listeners) listener.changed(data.commentsCount);
  });
  es.onerror = () => {
    // Ours to retry, with a growing wait (a refusal, 503 or 404, would end EventSource's own).
    es.close();
    if (thread.source !== es) return;
    thread.source = null;
    setConnected(thread, false);
    const wait = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** thread.failures) * (0.75 + Math.random() / 2);
    thread.failures++;
    thread.retry = setTimeout(() => {
      thread.retry = undefined;
      if (threads.get(postId) === thread) connect(postId, thread, knownCount);
    }, wait);
  };
}

/**
 * Follows a post's thread while it is shown; answers the way to stop. `knownCount` is the count
 * the shown thread was read with (so that the stream's first count tells whether it is behind).
 */
export function followThread(
  postId: string,
  listener: ThreadListener,
  knownCount: () => number | undefined,
): () => void {
  let thread = threads.get(postId);
  if (!thread) {
    thread = {
      source: null,
      listeners: new Set(),
      connected: false,
      failures: 0,
      retry: undefined,
      wasOpen: false,
    };
    threads.set(postId, thread);
    thread.listeners.add(listener);
    connect(postId, thread, knownCount);
  } else {
    thread.listeners.add(listener);
    if (thread.connected) listener.status(true);
  }
  const followed = thread;
  return () => {
    followed.listeners.delete(listener);
    if (followed.listeners.size > 0) return;
    clearTimeout(followed.retry);
    followed.source?.close();
    threads.delete(postId);
  };
}
