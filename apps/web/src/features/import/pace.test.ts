import { describe, expect, it } from 'vitest';
import type { ImportRun } from '@casedesk/shared';
import { formatSeconds, runPace } from './api';

const run = (over: Partial<ImportRun>): ImportRun => ({
  id: 1,
  importId: 1,
  fileId: '1',
  fileName: 'a.xlsx',
  dryRun: false,
  status: 'Running',
  total: 1000,
  processed: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  failed: 0,
  errorFileId: null,
  message: null,
  startedBy: 1,
  createdAt: '2026-11-26T03:00:00.000Z',
  startedAt: '2026-11-26T03:00:00.000Z',
  finishedAt: null,
  ...over,
});

describe('import run pace', () => {
  it('is unknown before the first rows', () => {
    expect(runPace(run({ processed: 0 }))).toEqual({ rate: null, left: null });
    expect(runPace(run({ processed: 10, startedAt: null }))).toEqual({ rate: null, left: null });
  });

  it('gives rows per second and the time left from the start and the rows done', () => {
    const now = Date.parse('2026-11-26T03:00:10.000Z');
    expect(runPace(run({ processed: 250 }), now)).toEqual({ rate: 25, left: 30 });
  });

  it('has no time left without a total, and measures a finished run to its end', () => {
    const now = Date.parse('2026-11-26T03:05:00.000Z');
    expect(runPace(run({ processed: 100, total: null }), now).left).toBeNull();
    const done = run({ processed: 1000, status: 'Succeeded', finishedAt: '2026-11-26T03:00:04.000Z' });
    expect(runPace(done, now)).toEqual({ rate: 250, left: 0 });
  });

  it('writes a time taken in the language’s units, not “42s” or “2:05”', () => {
    expect(formatSeconds(42.4)).toBe('42 sec');
    expect(formatSeconds(125)).toBe('2 min 5 sec');
  });
});
