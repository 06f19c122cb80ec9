import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './event-stream';

describe('the event stream’s retry pause', () => {
  it('starts at 2 s, doubles, and stays at a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([
      2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});
