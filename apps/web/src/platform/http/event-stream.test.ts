import { describe, expect, it } from 'vitest';
import { parseEventStream } from './event-stream';

describe('parseEventStream', () => {
  it('reads named events, skips heartbeat comments and keeps an unfinished event for the next chunk', () => {
    const first = parseEventStream('retry: 5000\n\n: ping\n\nevent: unread\ndata: {"unread":2}\n\nevent: notif');
    expect(first.events).toEqual([{ event: 'unread', data: '{"unread":2}' }]);
    expect(first.retryMs).toBe(5000);
    expect(first.rest).toBe('event: notif');
    const second = parseEventStream(`${first.rest}ication\ndata: {"id":7}\n\n`);
    expect(second.events).toEqual([{ event: 'notification', data: '{"id":7}' }]);
    expect(second.rest).toBe('');
  });

  it('joins multi-line data, accepts CRLF and defaults the event name to message', () => {
    const parsed = parseEventStream('data: a\r\ndata: b\r\n\r\n');
    expect(parsed.events).toEqual([{ event: 'message', data: 'a\nb' }]);
    expect(parsed.retryMs).toBeUndefined();
  });
});
