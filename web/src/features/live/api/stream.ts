import type { Message, Notification, UnreadCounts } from '@waco/contracts';
import { useSyncExternalStore } from 'react';
import { api } from '../../../api/client';

/** What each event of `GET /api/stream` carries (see `STREAM_EVENTS` in the contracts). */
export interface StreamEvents {
  notification: Notification;
  message: Message;
  unread: UnreadCounts;
}
export type StreamEventName = keyof StreamEvents;
const EVENT_NAMES: StreamEventName[] = ['notification', 'message', 'unread'];

/** After the server refused the stream outright (EventSource gives up), try again this late. */
export const STREAM_REOPEN_MS = 30_000;

type Handler<N extends StreamEventName> = (data: StreamEvents[N]) => void;
const handlers = new Map<StreamEventName, Set<Handler<StreamEventName>>>();
const statusListeners = new Set<() => void>();
const openListeners = new Set<() => void>();
let source: EventSource | null = null;
let users = 0;
let connected = false;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;

function setConnected(next: boolean) {
  if (connected === next) return;
  connected = next;
  // For tests and styling: whether live updates are flowing.
  if (typeof document !== 'undefined') document.documentElement.dataset.live = next ? 'on' : 'off';
  for (const listener of statusListeners) listener();
}

function open() {
  if (typeof EventSource === 'undefined') return;
  const es = new EventSource(api.url('openStream'), { withCredentials: true });
  source = es;
  es.onopen = () => {
    setConnected(true);
    for (const listener of openListeners) listener();
  };
  es.onerror = () => {
    // The browser reconnects by itself (sending Last-Event-ID) unless the answer was not a stream.
    setConnected(false);
    if (es.readyState === EventSource.CLOSED && source === es) {
      source = null;
      reopenTimer = setTimeout(() => {
        reopenTimer = undefined;
        if (users > 0 && !source) open();
      }, STREAM_REOPEN_MS);
    }
  };
  for (const name of EVENT_NAMES) {
    es.addEventListener(name, (event) => {
      setConnected(true);
      let data: unknown;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      for (const handler of handlers.get(name) ?? []) handler(data as StreamEvents[typeof name]);
    });
  }
}

/** Opens the one shared EventSource of this tab (counted: the last user closes it). */
export function connectStream(): () => void {
  users++;
  if (!source && reopenTimer === undefined) open();
  return () => {
    users--;
    if (users > 0) return;
    clearTimeout(reopenTimer);
    reopenTimer = undefined;
    source?.close();
    source = null;
    setConnected(false);
  };
}

/** Listens to one kind of event of the shared stream; answers the way to stop. */
export function onStreamEvent<N extends StreamEventName>(name: N, handler: Handler<N>): () => void {
  let set = handlers.get(name);
  if (!set) {
    set = new Set();
    handlers.set(name, set);
  }
  set.add(handler as Handler<StreamEventName>);
  return () => set.delete(handler as Handler<StreamEventName>);
}

/** Called each time the stream opens (first or again); its first `unread` event follows. */
export function onStreamOpen(listener: () => void): () => void {
  openListeners.add(listener);
  return () => openListeners.delete(listener);
}

/** Whether the stream is up (polling is the fallback while it is not). */
export function useStreamConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => connected,
    () => false,
  );
}
