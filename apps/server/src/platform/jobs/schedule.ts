import { nextFireTimes } from '@casedesk/shared';
import type { ScheduleJobRow } from './jobs.table.js';

/** What the next fire time depends on. */
export type Trigger = Pick<
  ScheduleJobRow,
  'triggerType' | 'cron' | 'intervalSecond' | 'beginTime' | 'endTime' | 'cycleRunTimes' | 'runTimes'
>;

/**
 * The first fire time strictly after `after`, or null when the job has no more (its end time passed, its
 * cycle count is used up, or its cron never fires again). Fires missed while the server was down are not
 * listed one by one: the caller runs the missed fire once and asks for the next one after now.
 *
 * An interval trigger counts from `anchor` (the fire time that just ran; the begin time or the start
 * otherwise), so its fires stay on one grid however late a tick comes.
 */
export function nextFireTime(
  trigger: Trigger,
  after: Date,
  timeZone: string,
  anchor?: Date | null,
  /** Answers already worked out for this `after` and zone (one claim: many jobs share a cron). */
  memo?: Map<string, Date | null>,
): Date | null {
  if (trigger.cycleRunTimes > 0 && trigger.runTimes >= trigger.cycleRunTimes) return null;
  let next: Date | null;
  if (trigger.triggerType === 'Cron') {
    if (!trigger.cron) return null;
    const key = `${trigger.cron}|${trigger.beginTime?.getTime() ?? ''}`;
    if (memo?.has(key)) next = memo.get(key)!;
    else {
      [next = null] = nextFireTimes(trigger.cron, 1, { timeZone, from: after, begin: trigger.beginTime });
      memo?.set(key, next);
    }
  } else {
    const step = (trigger.intervalSecond ?? 0) * 1000;
    if (step <= 0) return null;
    const begin = trigger.beginTime;
    if (begin && begin > after) next = begin;
    else {
      const base = (anchor ?? begin ?? after).getTime();
      const steps = Math.max(1, Math.floor((after.getTime() - base) / step) + 1);
      next = new Date(base + steps * step);
    }
  }
  if (next && trigger.endTime && next > trigger.endTime) return null;
  return next;
}
