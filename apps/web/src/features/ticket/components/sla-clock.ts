import { useEffect, useState } from 'react';
import type { SlaState, SlaTarget as SlaTargetKind, TicketSla } from '@casedesk/shared';

type Sla = NonNullable<TicketSla>;

/** The badge colour of each state (antd preset colours): the list and the ticket page read the same. */
export const slaStateColors: Record<SlaState, string> = {
  ok: 'green',
  warning: 'gold',
  breached: 'red',
  paused: 'default',
  met: 'blue',
};

/**
 * The target a ticket's clock runs towards now: the first response while none was given, else the sooner of the
 * next update (a policy that asks for one) and the resolution.
 */
export type SlaTarget = { kind: SlaTargetKind; dueAt: string };

export function slaTarget(sla: Sla): SlaTarget | null {
  if (sla.firstResponseDueAt && !sla.firstResponseAt) return { kind: 'firstResponse', dueAt: sla.firstResponseDueAt };
  if (sla.resolvedAt) return null;
  const ahead: SlaTarget[] = [];
  if (sla.nextUpdateDueAt) ahead.push({ kind: 'nextUpdate', dueAt: sla.nextUpdateDueAt });
  if (sla.resolutionDueAt) ahead.push({ kind: 'resolution', dueAt: sla.resolutionDueAt });
  return ahead.sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt))[0] ?? null;
}

/**
 * What the countdown says: minutes left to the target, or minutes since it passed (`overdue`). Null when nothing
 * runs: the targets were met, the clock is paused (its due instants stand still), or no target is set.
 */
export function slaCountdown(sla: Sla, now: number): { target: SlaTarget; minutes: number; overdue: boolean } | null {
  if (sla.state === 'met' || sla.state === 'paused') return null;
  const target = slaTarget(sla);
  if (!target) return null;
  const minutes = (new Date(target.dueAt).getTime() - now) / 60_000;
  if (!Number.isFinite(minutes)) return null;
  return { target, minutes: Math.abs(minutes), overdue: minutes < 0 };
}

/** The time now, moved on every minute: a countdown ages while its screen stays open. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
