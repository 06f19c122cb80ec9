import type { TestContext } from './helpers.js';

export type StreamEvent = { event: string; data: unknown };

/** A real HTTP stream read with fetch: with the API headers, or with the StreamTicket cookie alone as EventSource sends it. */
export async function openStream(c: TestContext, baseUrl: string, token: string, options: { cookie?: string } = {}) {
  const controller = new AbortController();
  const headers: Record<string, string> = options.cookie
    ? { cookie: options.cookie, accept: 'text/event-stream' } // as EventSource sends it: no other header
    : { authorization: `Bearer ${token}`, 'auth-token': c.newAuthToken(), accept: 'text/event-stream' };
  const response = await fetch(`${baseUrl}/api/Notification/Stream`, { headers, signal: controller.signal });
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  let comments = 0;
  let retry: number | undefined;
  const reading = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments++;
          else if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data += line.slice(6);
          else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
        }
        if (data) events.push({ event, data: JSON.parse(data) as unknown });
        waiters.splice(0).forEach((wake) => wake());
      }
    }
  })().catch(() => undefined);
  return {
    response,
    events,
    retry: () => retry,
    comments: () => comments,
    /** Waits (bounded only by the test's timeout) for an event that `match` accepts. */
    async next(match: (e: StreamEvent) => boolean): Promise<StreamEvent> {
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
