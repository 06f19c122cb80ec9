import { hasPermission } from '../../platform/access.js';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SlaEscalation } from '@casedesk/shared';
import { actorsOfUsers } from '../../platform/actor.js';
import type { Db, Tx } from '../../platform/db.js';
import { emitDomainEvent, type SlaEvent } from '../../platform/events.js';
import { defineJobHandler, type DefaultJob } from '../../platform/jobs/job-handler.js';
import { readSettings } from '../setting/index.js';
import { nextCheckAfter, openTargets, slaPolicy, type Clock } from '../sla/index.js';
import { userGroup, userGroupMember } from '../userGroup/index.js';
import { escalateAssignee } from './ticket-change.service.js';
import { clockColumns } from './ticket-sla.service.js';
import { visibleSql } from './ticket.policy.js';
import { ticket } from './ticket.table.js';

/*
 * The service-level job (contract 19): tells each warning and each breach of a ticket's clock once, across
 * processes. `sla_next_check_at` is the earliest instant not yet told; a run claims the tickets whose instant has
 * come (`for update skip locked`, so two processes never tell the same one), tells what lies between it and now,
 * and moves it past now. A breach hands the ticket to the policy's escalation assignee.
 */

export type SlaCheckOptions = { now?: Date; batch?: number; signal?: AbortSignal };
export type SlaCheckCounts = { tickets: number; warnings: number; breaches: number; escalated: number };

type Told = Pick<SlaEvent, 'type' | 'target' | 'dueAt'>;

/** What a clock has to tell between its next check and `now`: a breach, else a warning whose due is still ahead. */
export function dueTellings(clock: Clock, now: Date): Told[] {
  const from = clock.slaNextCheckAt?.getTime() ?? 0;
  const at = now.getTime();
  const told: Told[] = [];
  if (clock.slaPausedSince) return told;
  for (const { target, warnAt, dueAt } of openTargets(clock)) {
    const due = dueAt.getTime();
    const warn = warnAt.getTime();
    if (due >= from && due <= at) told.push({ type: 'sla.breached', target, dueAt });
    else if (warn >= from && warn <= at && due > at) told.push({ type: 'sla.warning', target, dueAt });
  }
  return told;
}

/**
 * Who hears of a ticket's clock: its assignee(s) and the policy's escalation users and active groups' members,
 * once each, only those active and allowed to see the ticket (the ticket's own visibility rule).
 */
async function recipientsOf(tx: Tx, ticketId: number, assignees: (number | null)[], escalation: SlaEscalation | null) {
  const ids = new Set<number>(assignees.filter((id): id is number => id !== null));
  for (const id of escalation?.notifyUserIds ?? []) ids.add(id);
  const groupIds = escalation?.notifyGroupIds ?? [];
  if (groupIds.length > 0) {
    const members = await tx
      .select({ userId: userGroupMember.userId })
      .from(userGroupMember)
      .innerJoin(userGroup, eq(userGroup.id, userGroupMember.groupId))
      .where(and(inArray(userGroupMember.groupId, groupIds), eq(userGroup.status, 'Active')));
    for (const { userId } of members) ids.add(userId);
  }
  const actors = await actorsOfUsers(tx, [...ids]);
  const seeing: number[] = [];
  // Only people who may read tickets at all (the bell and the mail carry its subject), and see this one.
  for (const actor of actors.filter((a) => hasPermission(a, 'ticket:view'))) {
    const [row] = await tx
      .select({ id: ticket.id })
      .from(ticket)
      .where(and(eq(ticket.id, ticketId), visibleSql(actor)));
    if (row) seeing.push(actor.userId);
  }
  return seeing.sort((a, b) => a - b);
}

/** One short transaction: claims up to `batch` tickets whose instant has come, tells and moves them. */
async function checkBatch(tx: Tx, now: Date, batch: number, timeZone: string, counts: SlaCheckCounts) {
  const rows = await tx
    .select({
      ...clockColumns,
      id: ticket.id,
      assignTo: ticket.assignTo,
      escalation: sql<SlaEscalation | null>`(select p.escalation from ${slaPolicy} p where p.id = ${ticket.slaPolicyId})`,
    })
    .from(ticket)
    .where(lte(ticket.slaNextCheckAt, now))
    .orderBy(asc(ticket.slaNextCheckAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const after = new Date(now.getTime() + 1);
  for (const row of rows) {
    const told = dueTellings(row, now);
    // Moved past now before anything else: an escalation's own clock move then counts from here.
    await tx
      .update(ticket)
      .set({ slaNextCheckAt: row.slaPausedSince ? null : nextCheckAfter(row, after.getTime()) })
      .where(eq(ticket.id, row.id));
    if (told.length === 0) continue;
    const assignees = [row.assignTo];
    const breach = told.find((t) => t.type === 'sla.breached');
    const assignToId = row.escalation?.assignToId ?? null;
    if (breach && assignToId !== null && assignToId !== row.assignTo) {
      if (await escalateAssignee(tx, row.id, assignToId, breach.target, now)) {
        counts.escalated += 1;
        assignees.push(assignToId);
        // The reassignment moved the clock: what it has left to tell starts after now.
        const [moved] = await tx.select(clockColumns).from(ticket).where(eq(ticket.id, row.id));
        if (moved?.slaNextCheckAt)
          await tx
            .update(ticket)
            .set({ slaNextCheckAt: nextCheckAfter(moved, after.getTime()) })
            .where(eq(ticket.id, row.id));
      }
    }
    const recipientIds = await recipientsOf(tx, row.id, assignees, row.escalation);
    for (const t of told) {
      await emitDomainEvent(tx, { ...t, ticketId: row.id, recipientIds, timeZone, actorId: null });
      if (t.type === 'sla.breached') counts.breaches += 1;
      else counts.warnings += 1;
    }
  }
  counts.tickets += rows.length;
  return rows.length;
}

/** Tells every warning and breach due by `now`, in transactions of `batch` tickets, until none is left. */
export async function checkSlaClocks(db: Db, options: SlaCheckOptions = {}): Promise<SlaCheckCounts> {
  const now = options.now ?? new Date();
  const batch = options.batch ?? 200;
  const { timeZone } = (await readSettings(db)).basic;
  const counts: SlaCheckCounts = { tickets: 0, warnings: 0, breaches: 0, escalated: 0 };
  while (!options.signal?.aborted) {
    const claimed = await db.transaction((tx) => checkBatch(tx, now, batch, timeZone, counts));
    if (claimed < batch) break;
  }
  return counts;
}

export const slaCheckHandler = defineJobHandler({
  className: 'sla.check',
  title: { en: 'Service level warnings', 'zh-cn': '服务级别提醒', 'zh-tw': '服務級別提醒' },
  params: z.object({ batch: z.number().int().min(1).max(5000).default(200) }).strict(),
  // Whatever a crashed run told is committed and moved on; the next minute tells the rest.
  onInterrupted: 'fail',
  async run(ctx, params) {
    const c = await checkSlaClocks(ctx.db, { now: new Date(), batch: params.batch, signal: ctx.signal });
    return {
      message: `${c.tickets} ticket(s) checked: ${c.warnings} warning(s), ${c.breaches} breach(es), ${c.escalated} reassigned`,
    };
  },
});

export const slaCheckDefault: DefaultJob = {
  name: 'Service level warnings',
  jobGroup: 'ticket',
  className: slaCheckHandler.className,
  cron: '0 * * * * ?',
  isStart: true,
  remark: 'Tells the assignee and the escalation list of each service-level warning and breach, once each.',
};
