import { getToken } from '../auth-store';
import { appConfig } from '../config';
import { refreshSession, send } from './client';

export type StreamEvent = { event: string; data: string };

export type EventStreamOptions = {
  /** The call that sets the stream's cookie (EventSource sends no headers, and a token in the URL ends up in logs). */
  ticketPath: string;
  /** The event names to hear. */
  events: readonly string[];
  onEvent: (event: StreamEvent) => void;
  /** Each time the stream is (re)opened: the caller re-reads what it may have missed. */
  onOpen?: () => void;
};

/** The pause before the next try after `failures` failed ones: 2 s doubling to a minute. */
export const retryDelayMs = (failures: number) => Math.min(2000 * 2 ** Math.max(0, failures - 1), 60_000);

/**
 * A Server-Sent Events stream with the browser's EventSource: it reconnects by itself while its cookie holds
 * (the server's `retry:`); when the server refuses it (the access token in the cookie expired), this asks for a
 * new ticket (refreshing the session on a 401) and opens a new source. Never signs the user out itself: a
 * server that is away is tried again later. Stops when signed out or when `stop()` is called.
 */
export function openEventStream(path: string, options: EventStreamOptions): { stop: () => void } {
  let stopped = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), ms);
  };
  const failed = () => {
    failures++;
    schedule(retryDelayMs(failures));
  };

  async function ticket(): Promise<boolean> {
    const token = getToken();
    if (!token) return false;
    const raw = await send(options.ticketPath, { method: 'POST', body: {} });
    if (raw.status === 401 && (await refreshSession(token))) return ticket();
    return raw.status === 200;
  }

  async function connect() {
    if (stopped || !getToken()) return;
    try {
      if (!(await ticket())) return failed();
    } catch {
      return failed(); // the server is away: try again later
    }
    if (stopped) return;
    const opened = new EventSource(`${appConfig.apiBaseUrl}${path}`);
    source = opened;
    opened.onopen = () => {
      failures = 0;
      options.onOpen?.();
    };
    for (const name of options.events)
      opened.addEventListener(name, (event) =>
        options.onEvent({ event: name, data: (event as MessageEvent<string>).data }),
      );
    opened.onerror = () => {
      // CONNECTING: the browser tries again by itself. CLOSED: it was refused and gave up.
      if (opened.readyState !== EventSource.CLOSED) return;
      opened.close();
      if (source === opened) source = null;
      failed();
    };
  }

  void connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      source = null;
    },
  };
}
