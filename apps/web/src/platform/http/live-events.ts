import { useEffect, useRef } from 'react';

/**
 * The signed-in tab's one stream (`GET /api/Notification/Stream`, opened by the bell) hands on the events that
 * other screens follow: `ticket.changed`, `ticket.presence`, and `open` when the stream was (re)opened and what
 * came meanwhile may have been missed. A screen listens with `useLiveEvent`; no screen opens a stream of its own.
 */
export type LiveEvents = {
  'ticket.changed': { id: number; rowVersion: number };
  'ticket.presence': { ticketId: number; users: { id: number; name: string; editing: boolean }[] };
  open: Record<string, never>;
};
export type LiveEventName = keyof LiveEvents;
/** The stream's event names the bell passes on (`open` is the stream's own). */
export const streamedLiveEvents = ['ticket.changed', 'ticket.presence'] as const;

type Listener = (data: never) => void;
const listeners = new Map<LiveEventName, Set<Listener>>();

export function emitLiveEvent<E extends LiveEventName>(event: E, data: LiveEvents[E]): void {
  for (const listener of listeners.get(event) ?? []) (listener as (data: LiveEvents[E]) => void)(data);
}

export function onLiveEvent<E extends LiveEventName>(event: E, listener: (data: LiveEvents[E]) => void): () => void {
  const set = listeners.get(event) ?? new Set<Listener>();
  listeners.set(event, set);
  set.add(listener as Listener);
  return () => set.delete(listener as Listener);
}

/** Calls the latest `listener` for each `event` while the component is mounted. */
export function useLiveEvent<E extends LiveEventName>(event: E, listener: (data: LiveEvents[E]) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => onLiveEvent(event, (data) => latest.current(data)), [event]);
}
