import { getToken } from '../auth-store';
import { appConfig } from '../config';
import { createAuthToken } from './auth-token';
import { refreshSession } from './client';

export type StreamEvent = { event: string; data: string };

/** Splits a Server-Sent Events text into events; answers the events and the unfinished rest. */
export function parseEventStream(text: string): { events: StreamEvent[]; rest: string; retryMs?: number } {
  const events: StreamEvent[] = [];
  let retryMs: number | undefined;
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue; // a heartbeat comment
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest, ...(retryMs === undefined ? {} : { retryMs }) };
}

export type EventStreamOptions = {
  onEvent: (event: StreamEvent) => void;
  /** Each time the stream is (re)opened: the caller re-reads what it may have missed. */
  onOpen?: () => void;
};

/**
 * Reads a Server-Sent Events call with `fetch`, not `EventSource`: fetch can send the Authorization and
 * Auth-Token headers (EventSource cannot, and a token in the query string would end up in logs). Reconnects
 * when the stream ends or fails, after the server's `retry:` or a growing pause; a 401 refreshes the
 * session first. Stops for good when the answer says no session, or when `stop()` is called.
 */
export function openEventStream(path: string, options: EventStreamOptions): { stop: () => void } {
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = 5000;
  let failures = 0;

  const connect = async () => {
    if (stopped) return;
    const token = getToken();
    if (!token) return; // signed out: nothing to listen to
    controller = new AbortController();
    try {
      const response = await fetch(`${appConfig.apiBaseUrl}${path}`, {
        headers: {
          Accept: 'text/event-stream',
          AccessUrl: window.location.href,
          'Auth-Token': await createAuthToken(),
          Authorization: `Bearer ${token}`,
        },
        credentials: 'same-origin',
        signal: controller.signal,
        cache: 'no-store',
      });
      if (response.status === 401) {
        if (await refreshSession(token)) return schedule(0);
        return; // the session is over; the http client has said so
      }
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      failures = 0;
      options.onOpen?.();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const parsed = parseEventStream(buffer + value);
        buffer = parsed.rest;
        if (parsed.retryMs !== undefined) retryMs = parsed.retryMs;
        for (const event of parsed.events) options.onEvent(event);
      }
      // The server ended the stream (its token expired, or it restarts): open a new one.
      schedule(1000);
    } catch {
      if (stopped) return;
      failures++;
      schedule(Math.min(retryMs * 2 ** Math.min(failures - 1, 4), 60_000));
    }
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), ms);
  };

  void connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
    },
  };
}
