import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { statusEffects, type TicketAction, type TicketDetail, type TicketPage } from '@casedesk/shared';
import { useTestApp } from '../../../test/helpers.js';
import { rowsOf } from '../../db/database.js';
import {
  addTicket,
  createDelegate,
  createProject,
  staff,
  staffPermissions,
  ticketWorld,
  type Staff,
} from '../../../test/ticket-factories.js';
import type { Actor, DataScope } from '../../platform/actor.js';
import { canSee, involvedOnlySql, wholesaleSql } from './ticket.policy.js';
import { ticketRecordColumns } from './ticket.queries.js';
import { ticketVisible } from './ticket.service.js';
import { ticket } from './ticket.table.js';

const ctx = useTestApp();
const all: TicketAction[] = ['view', 'edit', 'comment', 'changeStatus', 'delete', 'merge', 'split'];

/** The actions a user gets for a ticket on its list row and on its details (they must agree). */
async function actionsOf(who: Staff, id: number) {
  const list = await ctx.call('POST', '/api/Ticket/Query', { token: who.token, body: { pageSize: 200 } });
  expect(list.status, list.raw).toBe(200);
  const row = (list.body.data as TicketPage).items.find((i) => i.id === id);
  const detail = await ctx.call('GET', `/api/Ticket/Detail/${id}`, { token: who.token });
  if (!row) {
    expect(detail.status).toBe(404);
    return null;
  }
  expect(detail.status, detail.raw).toBe(200);
  expect((detail.body.data as TicketDetail).actions).toEqual(row.actions);
  return row.actions;
}

describe('actions[] on list rows and details', () => {
  it('follow the permissions and the status: view only, the assignee, a deleter, a cancelled ticket', async () => {
    const w = await ticketWorld(ctx);
    const reader = await staff(ctx, [w.projectId], ['ticket:view']);
    const deleter = await staff(ctx, [w.projectId], ['ticket:view', 'ticket:delete']);
    const editor = await staff(ctx, [w.projectId], ['ticket:view', 'ticket:edit']);
    const t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    expect(t.assignTo).toBe(w.agent.id);

    expect(await actionsOf(w.agent, t.id)).toEqual(all);
    expect(await actionsOf(reader, t.id)).toEqual(['view']);
    expect(await actionsOf(deleter, t.id)).toEqual(['view', 'delete']);
    expect(await actionsOf(editor, t.id)).toEqual(['view', 'edit', 'comment', 'changeStatus', 'merge', 'split']);

    const cancel = await ctx.call('POST', '/api/Ticket/Update', {
      token: w.agent.token,
      body: { id: t.id, rowVersion: t.rowVersion, status: 'Cancelled' },
    });
    expect(cancel.status, cancel.raw).toBe(200);
    // Cancelled is final: no edit, no status change, no merge or split; comments and deletion stay.
    expect(await actionsOf(w.agent, t.id)).toEqual(['view', 'comment', 'delete']);
    expect(await actionsOf(reader, t.id)).toEqual(['view']);
  });

  it("give a private ticket's grantee and delegate what their permissions allow, and others nothing", async () => {
    const w = await ticketWorld(ctx);
    const grantedReader = await staff(ctx, [], ['ticket:view']);
    const grantedEditor = await staff(ctx, [w.projectId]);
    const deputy = await staff(ctx, [], ['ticket:view', 'ticket:edit']);
    const colleague = await staff(ctx, [w.projectId]);
    await createDelegate(ctx, {
      delegateBy: w.agent.id,
      delegateTo: deputy.id,
      projects: [w.projectId],
      startDate: new Date().toISOString().slice(0, 10),
    });
    const t = await addTicket(ctx, w.agent.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      privateTicket: true,
      grantAccess: [grantedReader.id, grantedEditor.id],
    });
    expect(t.delegateTo).toBe(deputy.id);

    expect(await actionsOf(grantedReader, t.id)).toEqual(['view']);
    expect(await actionsOf(grantedEditor, t.id)).toEqual(all);
    expect(await actionsOf(deputy, t.id)).toEqual(['view', 'edit', 'comment', 'changeStatus', 'merge', 'split']);
    expect(await actionsOf(colleague, t.id)).toBeNull();
  });
});

describe('the private-ticket rule', () => {
  const actor = (userId: number, dataScope: DataScope, projects: number[], permissions: string[]): Actor => ({
    userId,
    loginName: `u${userId}`,
    sessionId: 'test',
    tokenExp: 0,
    permissions: new Set(permissions),
    roles: [],
    projects,
    privateTicket: false,
    needToChangePwd: false,
    dataScope,
  });

  it('is the same in SQL (the list scope and the dashboard split) and in the shared rule, for every scope and kind of involvement', async () => {
    const w = await ticketWorld(ctx);
    const other = await createProject(ctx);
    const [creator, granted, deputy] = [await staff(ctx, []), await staff(ctx, []), await staff(ctx, [])];
    const stranger = await staff(ctx, []);
    const base = { projectId: w.projectId, categoryId: w.categoryId };
    const made = [
      await addTicket(ctx, w.agent.token, base),
      await addTicket(ctx, w.agent.token, { ...base, privateTicket: true }),
      await addTicket(ctx, w.agent.token, { ...base, privateTicket: true, grantAccess: [granted.id] }),
      await addTicket(ctx, w.agent.token, { ...base, grantAccess: [granted.id] }),
    ];
    // Tickets made by others, in another project, and with a delegate, written directly: the rule is what is tested.
    await ctx.db.execute(
      sql`update ticket set created_by = ${creator.id}, project_id = ${other}, delegate_to = ${deputy.id}
           where id = ${made[1]!.id}`,
    );
    await ctx.db.execute(sql`update ticket set project_id = ${other} where id in (${made[2]!.id}, ${made[3]!.id})`);
    const rows = await ctx.db
      .select(ticketRecordColumns)
      .from(ticket)
      .where(
        sql`${ticket.id} in (${sql.join(
          made.map((m) => sql`${m.id}`),
          sql`, `,
        )})`,
      );
    expect(rows).toHaveLength(made.length);

    let checked = 0;
    for (const user of [w.agent, creator, granted, deputy, stranger])
      for (const scope of ['all', 'projects', 'own'] as const)
        for (const projects of [[], [w.projectId], [other]])
          for (const permissions of [staffPermissions, [...staffPermissions, 'ticket:private']]) {
            const who = actor(user.id, scope, projects, permissions);
            for (const row of rows) {
              const bySql = await ticketVisible(ctx.db, who, row.id);
              expect(canSee(who, row), `${user.loginName} ${scope} ${projects} ${permissions.length} #${row.id}`).toBe(
                bySql,
              );
              checked += bySql ? 1 : 0;
              // The dashboard's split of the same rule: wholesale or only through involvement, never both.
              const [parts] = await rowsOf<{ wholesale: boolean; involvedOnly: boolean }>(
                ctx.db,
                sql`select coalesce(${wholesaleSql(who) ?? sql`false`}, false) as wholesale,
                           coalesce(${involvedOnlySql(who) ?? sql`false`}, false) as "involvedOnly"
                      from ${ticket} where ${ticket.id} = ${row.id}`,
              );
              expect([parts!.wholesale || parts!.involvedOnly, parts!.wholesale && parts!.involvedOnly]).toEqual([
                bySql,
                false,
              ]);
            }
          }
    // Both answers occur, so the comparison is not of two constant falses.
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThan(5 * 3 * 3 * 2 * rows.length);
  });

  it('has the status side effects: solvedBy and closeDate set on resolve and close, cleared on reopen', () => {
    const now = new Date('2026-01-02T03:04:05Z');
    expect(statusEffects({ status: 'InProgress', solvedBy: null }, 'Resolved', 7, now)).toEqual({
      solvedBy: 7,
      closeDate: null,
    });
    expect(statusEffects({ status: 'Resolved', solvedBy: 7 }, 'Closed', 8, now)).toEqual({
      solvedBy: 7,
      closeDate: now,
    });
    expect(statusEffects({ status: 'Pending', solvedBy: null }, 'Closed', 8, now)).toEqual({
      solvedBy: 8,
      closeDate: now,
    });
    expect(statusEffects({ status: 'New', solvedBy: null }, 'Cancelled', 8, now)).toEqual({ closeDate: now });
    expect(statusEffects({ status: 'Closed', solvedBy: 7 }, 'InProgress', 8, now)).toEqual({
      solvedBy: null,
      closeDate: null,
    });
    expect(statusEffects({ status: 'New', solvedBy: null }, 'Assigned', 8, now)).toEqual({});
    expect(statusEffects({ status: 'Resolved', solvedBy: 7 }, 'Resolved', 8, now)).toEqual({});
  });
});
