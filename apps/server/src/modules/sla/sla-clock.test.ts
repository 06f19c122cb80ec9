import { describe, expect, it } from 'vitest';
import type { TicketStatus } from '@casedesk/shared';
import { clockAfter, openTargets, stoppedClock, type Clock, type ClockPolicy } from './sla-clock.js';

// Around the clock in UTC: working minutes are wall-clock minutes.
const calendar = {
  timeZone: 'UTC',
  workingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '00:00', to: '24:00' })),
  closedDays: new Set<string>(),
};
const policy: ClockPolicy = {
  id: 1,
  name: 'Updates every two hours',
  seedCode: null,
  firstResponseMinutes: 60,
  nextUpdateMinutes: 120,
  resolutionMinutes: 24 * 60,
  warnBeforeMinutes: 30,
  pauseStatuses: ['Pending'],
  pauseDuringApproval: false,
  calendar,
};
const open = new Date('2031-03-03T08:00:00Z');
const at = (minutes: number) => new Date(open.getTime() + minutes * 60_000);
const minutesOf = (date: Date | null) => (date ? (date.getTime() - open.getTime()) / 60_000 : null);

/** The clock after each step, as the ticket module moves it. */
function run(steps: { at: number; status: TicketStatus; reply?: boolean }[], counted = policy): Clock {
  let clock = stoppedClock;
  for (const step of steps)
    clock = clockAfter(clock, {
      now: at(step.at),
      openDate: open,
      status: step.status,
      approvalRunning: false,
      publicReply: step.reply,
      policy: counted,
    }).clock;
  return clock;
}

describe('the next-update target', () => {
  it('waits for the first response, then asks for a public update within its target of the last one', () => {
    const opened = run([{ at: 0, status: 'New' }]);
    expect(opened.slaNextUpdateDueAt).toBeNull();
    expect(openTargets(opened).map((t) => t.target)).toEqual(['firstResponse', 'resolution']);

    const answered = run([
      { at: 0, status: 'New' },
      { at: 20, status: 'InProgress', reply: true },
    ]);
    expect(minutesOf(answered.slaNextUpdateDueAt)).toBe(140);
    expect(minutesOf(answered.slaNextUpdateWarnAt)).toBe(110);
    expect(openTargets(answered).map((t) => t.target)).toEqual(['nextUpdate', 'resolution']);

    const updated = run([
      { at: 0, status: 'New' },
      { at: 20, status: 'InProgress', reply: true },
      { at: 90, status: 'InProgress', reply: true },
    ]);
    expect(minutesOf(updated.slaNextUpdateDueAt)).toBe(210);
    expect(updated.slaUpdateBreaches).toBe(0);
  });

  it('stands still while the clock is paused and moves on by the pause', () => {
    const clock = run([
      { at: 0, status: 'New' },
      { at: 20, status: 'InProgress', reply: true },
      { at: 100, status: 'Pending' },
      { at: 160, status: 'InProgress' },
    ]);
    expect(clock.slaPausedMinutes).toBe(60);
    expect(minutesOf(clock.slaNextUpdateDueAt)).toBe(200);
    // A reply while paused: the next update is due its target after the pause ends.
    const repliedWhilePaused = run([
      { at: 0, status: 'New' },
      { at: 20, status: 'InProgress', reply: true },
      { at: 100, status: 'Pending' },
      { at: 110, status: 'Pending', reply: true },
      { at: 170, status: 'InProgress' },
    ]);
    expect(minutesOf(repliedWhilePaused.slaNextUpdateDueAt)).toBe(290);
    expect(repliedWhilePaused.slaUpdateBreaches).toBe(0);
  });

  it('counts an update given after its due as a breach that stays, and asks for none once resolved', () => {
    const late = run([
      { at: 0, status: 'New' },
      { at: 20, status: 'InProgress', reply: true },
      { at: 200, status: 'InProgress', reply: true },
    ]);
    expect(late.slaUpdateBreaches).toBe(1);
    expect(minutesOf(late.slaNextUpdateDueAt)).toBe(320);
    const resolved = clockAfter(late, {
      now: at(250),
      openDate: open,
      status: 'Resolved',
      approvalRunning: false,
      policy,
    }).clock;
    expect(resolved.slaNextUpdateDueAt).toBeNull();
    expect(resolved.slaUpdateBreaches).toBe(1);
    expect(openTargets(resolved)).toEqual([]);
  });

  it('is not asked for by a policy without a next-update target', () => {
    const clock = run(
      [
        { at: 0, status: 'New' },
        { at: 20, status: 'InProgress', reply: true },
        { at: 500, status: 'InProgress', reply: true },
      ],
      { ...policy, nextUpdateMinutes: null },
    );
    expect(clock.slaNextUpdateDueAt).toBeNull();
    expect(clock.slaUpdateBreaches).toBe(0);
    expect(openTargets(clock).map((t) => t.target)).toEqual(['resolution']);
  });
});
