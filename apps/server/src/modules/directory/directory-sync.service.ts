import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  composeFullName,
  directoryMessages,
  msg,
  openTicketStatuses,
  type DirectorySyncResult,
  type Message,
} from '@casedesk/shared';
import { actorsOfUsers, type Actor } from '../../platform/actor.js';
import { writeAudit } from '../../platform/audit.js';
import { nextVersion } from '../../platform/columns.js';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { defineJobHandler } from '../../platform/jobs/job-handler.js';
import { jobRun, scheduleJob } from '../../platform/jobs/jobs.table.js';
import { languageFrom, translateText, type Language } from '../../platform/translator.js';
import { dept } from '../dept/index.js';
import { role } from '../role/index.js';
import { appSetting, readSettings } from '../setting/index.js';
import { addCommentIn, changeTicketIn, lockedTicketRecord, ticket } from '../ticket/index.js';
import { appUser, userRole } from '../user/index.js';
import { workflowAction, workflowTask } from '../workflow/index.js';
import { normalDn, readDirectory, type DirectoryRead } from './directory-ldap.js';
import { planSync, type Plan, type Snapshot, type UserSnap } from './directory-plan.js';
import { directoryGroup, directorySyncClass, storedAccess, writeLastSync } from './directory.service.js';

/** A synced user has no local password: this hash matches none (they sign in with the directory's). */
const noLocalPassword = '!directory';

/** A sync's answer with its messages still keyed (worded for the caller by `syncWords`). */
export type SyncOutcome = Omit<DirectorySyncResult, 'errors'> & { errors: { dn: string; message: Message }[] };

async function snapshotOf(q: Queryable, read: DirectoryRead): Promise<Snapshot> {
  const logins = [...new Set(read.people.map((p) => p.loginName?.toLowerCase()).filter((l): l is string => !!l))];
  const users = await q
    .select({
      id: appUser.id,
      loginName: appUser.loginName,
      fullName: appUser.fullName,
      email: appUser.email,
      mobile: appUser.mobile,
      deptId: appUser.deptId,
      status: appUser.status,
      directoryDn: appUser.directoryDn,
    })
    .from(appUser)
    .where(
      and(
        isNull(appUser.deletedAt),
        or(
          isNotNull(appUser.directoryDn),
          logins.length > 0 ? inArray(sql`lower(${appUser.loginName})`, logins) : sql`false`,
        ),
      ),
    );
  const depts = await q.select({ id: dept.id, name: dept.name, leaderId: dept.leaderId }).from(dept);
  const roles = await q.select({ id: role.id, code: role.code }).from(role);
  return { users: users as UserSnap[], depts, roleIds: new Map(roles.map((r) => [r.code, r.id])) };
}

const outcomeOf = (plan: Plan, dryRun: boolean): SyncOutcome => ({
  dryRun,
  created: plan.creates.length,
  updated: plan.updates.length,
  disabled: plan.disables.length,
  departments: plan.newDepts.length + plan.leaders.filter((l) => !plan.newDepts.includes(l.deptName)).length,
  changes: plan.changes,
  errors: plan.errors,
});

/** A code for a department the sync creates (codes are unique; the name need not be). */
async function freeDeptCode(tx: Tx, name: string): Promise<string> {
  const base = `DIR-${
    name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toUpperCase()
      .slice(0, 30) || 'DEPT'
  }`;
  const taken = new Set(
    (
      await tx
        .select({ code: dept.code })
        .from(dept)
        .where(sql`${dept.code} like ${`${base}%`}`)
    ).map((r) => r.code),
  );
  let code = base;
  for (let i = 2; taken.has(code); i++) code = `${base}-${i}`;
  return code;
}

/** The audit of a synced user: the fields as the answer shows them (the department by name, under `deptId`). */
const auditOf = (fields: Plan['changes'][number]['fields']): Record<string, { from: unknown; to: unknown }> =>
  Object.fromEntries(fields.map((f) => [f.field, { from: f.from, to: f.to }]));

/** Writes the plan: one transaction, every read of the directory done before it (PGlite has one connection). */
async function applyPlan(tx: Tx, db: Db, plan: Plan, actor: Actor | undefined, errors: Plan['errors']) {
  const actorId = actor?.userId ?? null;
  const { basic } = await readSettings(db, tx);
  const deptIds = new Map(
    (await tx.select({ id: dept.id, name: dept.name }).from(dept)).map((d) => [d.name.toLowerCase(), d.id]),
  );
  for (const name of plan.newDepts) {
    const [row] = await tx
      .insert(dept)
      .values({ name, code: await freeDeptCode(tx, name), createdBy: actorId, modifiedBy: actorId })
      .returning({ id: dept.id });
    deptIds.set(name.toLowerCase(), row!.id);
    await writeAudit(tx, {
      entity: 'Dept',
      entityId: row!.id,
      action: 'create',
      actorId,
      changes: { name: { from: null, to: name } },
    });
  }
  const deptOf = (name: string | null | undefined) => (name ? (deptIds.get(name.toLowerCase()) ?? null) : null);
  const userIds = new Map<string, number>();
  for (const c of plan.creates) {
    const fullName = c.set.fullName ?? null;
    const [row] = await tx
      .insert(appUser)
      .values({
        loginName: c.set.loginName!,
        passwordHash: noLocalPassword,
        realName: fullName,
        fullName: fullName === null ? null : composeFullName(fullName, null),
        email: c.set.email ?? null,
        mobile: c.set.mobile ?? null,
        deptId: deptOf(c.set.deptName),
        directoryDn: c.dn,
        language: basic.defaultLanguage,
        createdBy: actorId,
        modifiedBy: actorId,
      })
      .returning({ id: appUser.id });
    userIds.set(normalDn(c.dn), row!.id);
    await tx.insert(userRole).values(c.roleIds.map((roleId) => ({ userId: row!.id, roleId })));
    const changes = auditOf(c.fields);
    await writeAudit(tx, { entity: 'User', entityId: row!.id, action: 'create', actorId, changes });
  }
  for (const u of plan.updates) {
    const user = u.existing!;
    userIds.set(normalDn(u.dn), user.id);
    const { deptName, fullName, ...rest } = u.set;
    await tx
      .update(appUser)
      .set({
        ...rest,
        ...(fullName !== undefined
          ? { realName: fullName, lastName: null, fullName: fullName && composeFullName(fullName, null) }
          : {}),
        ...(deptName !== undefined ? { deptId: deptOf(deptName) } : {}),
        ...nextVersion(appUser, actor),
      })
      .where(eq(appUser.id, user.id));
    const changes = auditOf(u.fields);
    if (u.set.status) changes.status = { from: user.status, to: u.set.status };
    await writeAudit(tx, { entity: 'User', entityId: user.id, action: 'update', actorId, changes });
  }
  for (const l of plan.leaders) {
    const leaderId = l.userId ?? userIds.get(normalDn(l.dn));
    const deptId = deptOf(l.deptName);
    if (leaderId === undefined || deptId === null) continue;
    await tx
      .update(dept)
      .set({ leaderId, ...nextVersion(dept, actor) })
      .where(eq(dept.id, deptId));
    await writeAudit(tx, {
      entity: 'Dept',
      entityId: deptId,
      action: 'update',
      actorId,
      changes: { leaderId: { from: null, to: leaderId } },
    });
  }
  for (const user of plan.disables) {
    await tx
      .update(appUser)
      .set({ status: 'Inactive', ...nextVersion(appUser, actor) })
      .where(eq(appUser.id, user.id));
    await writeAudit(tx, {
      entity: 'User',
      entityId: user.id,
      action: 'update',
      actorId,
      changes: { status: { from: 'Active', to: 'Inactive' } },
    });
    await handOver(tx, db, user, actor, errors);
  }
}

/**
 * The open work of a user gone from the directory goes to their department's leader, with a word why: pending
 * approval tasks (a `transfer` in the instance's log) and open tickets assigned to them (a private comment).
 */
async function handOver(tx: Tx, db: Db, user: UserSnap, actor: Actor | undefined, errors: Plan['errors']) {
  const [gone] = await tx.select({ deptId: appUser.deptId }).from(appUser).where(eq(appUser.id, user.id));
  const [head] = gone?.deptId
    ? await tx.select({ leaderId: dept.leaderId }).from(dept).where(eq(dept.id, gone.deptId))
    : [];
  const [leader] = head?.leaderId
    ? await tx
        .select({ id: appUser.id, language: appUser.language })
        .from(appUser)
        .where(and(eq(appUser.id, head.leaderId), eq(appUser.status, 'Active')))
    : [];
  const tasks = await tx
    .select({
      id: workflowTask.id,
      instanceId: workflowTask.instanceId,
      nodeId: workflowTask.nodeId,
      nodeName: workflowTask.nodeName,
    })
    .from(workflowTask)
    .where(and(eq(workflowTask.assigneeId, user.id), eq(workflowTask.status, 'Pending')));
  const tickets = await tx
    .select({ id: ticket.id })
    .from(ticket)
    .where(and(eq(ticket.assignTo, user.id), inArray(ticket.status, [...openTicketStatuses])));
  if (tasks.length === 0 && tickets.length === 0) return;
  if (!leader || leader.id === user.id || !actor) {
    errors.push({
      dn: user.directoryDn ?? user.loginName,
      message: msg(directoryMessages, 'noLeader', { user: user.loginName }),
    });
    return;
  }
  const why = msg(directoryMessages, 'handedOver', { user: user.fullName ?? user.loginName });
  const note = translateText(languageFrom(leader.language) ?? 'en', why.text, why);
  for (const task of tasks) {
    await tx.update(workflowTask).set({ assigneeId: leader.id }).where(eq(workflowTask.id, task.id));
    await tx.insert(workflowAction).values({
      instanceId: task.instanceId,
      taskId: task.id,
      nodeId: task.nodeId,
      nodeName: task.nodeName,
      action: 'transfer',
      actorId: actor.userId,
      comment: note,
      detail: { from: user.id, to: leader.id },
    });
  }
  const settings = await readSettings(db, tx);
  for (const { id } of tickets)
    try {
      // A savepoint per ticket: one the ticket's rules refuse stays with the user, the others move.
      await tx.transaction(async (savepoint) => {
        const before = await lockedTicketRecord(savepoint, id);
        if (!before) return;
        await changeTicketIn(savepoint, actor, before, { assignTo: leader.id }, settings);
        await addCommentIn(savepoint, actor, { ticketId: id, comment: note, public: false });
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      errors.push({
        dn: user.directoryDn ?? user.loginName,
        message: msg(directoryMessages, 'noLeader', { user: user.loginName }),
      });
    }
}

/** Lock the settings row so that two syncs (the schedule and a click) run one after the other. */
async function lockSync(tx: Tx) {
  await tx.execute(sql`select id from ${appSetting} where ${appSetting.groupName} = ${directoryGroup} for update`);
}

/**
 * `Directory/Sync` and the `directory.sync` job: read the directory, work out the plan, write it (unless a dry
 * run) in one transaction, then record the run in the job log and as the last sync. A directory that cannot be
 * reached is a keyed 400 (recorded as a failed run) and nothing is changed.
 */
export async function runSync(
  db: Db,
  actor: Actor | undefined,
  dryRun: boolean,
  record: 'byHand' | 'scheduled',
): Promise<SyncOutcome> {
  const started = new Date();
  let outcome: SyncOutcome;
  try {
    const access = await storedAccess(db);
    const read = await readDirectory(access);
    const runAs = actor ?? (access.modifiedBy ? (await actorsOfUsers(db, [access.modifiedBy]))[0] : undefined);
    if (dryRun) outcome = outcomeOf(planSync(access, read, await snapshotOf(db, read)), true);
    else
      outcome = await db.transaction(async (tx) => {
        await lockSync(tx);
        const plan = planSync(access, read, await snapshotOf(tx, read));
        const errors = [...plan.errors];
        await applyPlan(tx, db, plan, runAs, errors);
        return { ...outcomeOf(plan, false), errors };
      });
  } catch (error) {
    const failure: Message =
      error instanceof AppError && error.messageRef
        ? { ...error.messageRef, text: error.message }
        : msg(directoryMessages, 'syncFailed', { reason: error instanceof Error ? error.message : String(error) });
    await recordRun(db, { started, dryRun, ok: false, summary: failure }, record);
    throw error;
  }
  await recordRun(db, { started, dryRun, ok: true, summary: summaryOf(outcome) }, record);
  return outcome;
}

const summaryOf = (o: SyncOutcome) =>
  msg(directoryMessages, 'syncSummary', {
    created: o.created,
    updated: o.updated,
    disabled: o.disabled,
    departments: o.departments,
    errors: o.errors.length,
  });

/** The run's line in the job log (a scheduled run's is the scheduler's own) and the settings page's last sync. */
async function recordRun(
  db: Db,
  run: { started: Date; dryRun: boolean; ok: boolean; summary: Message },
  record: 'byHand' | 'scheduled',
) {
  await writeLastSync(db, { at: run.started.toISOString(), dryRun: run.dryRun, ok: run.ok, summary: run.summary });
  // The job log keeps English, as every job's message (its screen shows the run's status in the reader's words).
  const summary = run.dryRun ? `Dry run: ${run.summary.text}` : run.summary.text;
  if (record === 'scheduled') return;
  const [job] = await db
    .select({ id: scheduleJob.id })
    .from(scheduleJob)
    .where(eq(scheduleJob.className, directorySyncClass));
  if (!job) return;
  const finished = new Date();
  await db
    .insert(jobRun)
    .values({
      jobId: job.id,
      fireTime: run.started,
      trigger: 'RunNow',
      status: run.ok ? 'Succeeded' : 'Failed',
      message: summary,
      startedAt: run.started,
      finishedAt: finished,
      durationMs: finished.getTime() - run.started.getTime(),
    })
    .onConflictDoNothing();
}

/** The outcome for a reader: the skipped people's reasons in their language. */
export const syncWords = (outcome: SyncOutcome, language: Language): DirectorySyncResult => ({
  ...outcome,
  errors: outcome.errors.map((e) => ({ dn: e.dn, message: translateText(language, e.message.text, e.message) })),
});

/** The scheduled sync (cron from Settings → Directory); off while sync is off. */
export const directorySyncHandler = defineJobHandler({
  className: directorySyncClass,
  title: { en: 'Directory sync', 'zh-cn': '目录同步', 'zh-tw': '目錄同步' },
  params: z.object({}).strict(),
  async run(ctx) {
    const [row] = await ctx.db
      .select({ value: appSetting.value })
      .from(appSetting)
      .where(eq(appSetting.groupName, directoryGroup));
    if (!(row?.value as { enabled?: boolean } | undefined)?.enabled)
      return { message: msg(directoryMessages, 'syncOff').text };
    return { message: summaryOf(await runSync(ctx.db, undefined, false, 'scheduled')).text };
  },
});
