import { describe, expect, it } from 'vitest';
import { comingFriday, instantOfWallTime } from './preview-time';

describe('preview time', () => {
  it('reads a wall time on the calendar clock', () => {
    expect(instantOfWallTime('UTC', '2031-01-03', 17 * 60).toISOString()).toBe('2031-01-03T17:00:00.000Z');
    expect(instantOfWallTime('Asia/Shanghai', '2031-01-03', 17 * 60).toISOString()).toBe('2031-01-03T09:00:00.000Z');
    // Summer time in Berlin: UTC+2.
    expect(instantOfWallTime('Europe/Berlin', '2031-07-04', 17 * 60).toISOString()).toBe('2031-07-04T15:00:00.000Z');
  });

  it('finds the coming Friday in the zone', () => {
    expect(comingFriday('UTC', Date.parse('2031-01-01T12:00:00Z'))).toBe('2031-01-03');
    expect(comingFriday('UTC', Date.parse('2031-01-03T12:00:00Z'))).toBe('2031-01-03');
    // Saturday 02:00 in Shanghai is still Friday in UTC.
    expect(comingFriday('Asia/Shanghai', Date.parse('2031-01-03T18:00:00Z'))).toBe('2031-01-10');
  });
});
