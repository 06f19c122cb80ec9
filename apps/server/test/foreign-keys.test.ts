import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { ticketMessages } from '@casedesk/shared';
import { migrationsFolder, pgliteExtensions, rowsOf } from '../src/db/database.js';
import { project } from '../src/modules/project/project.table.js';
import { ticket } from '../src/modules/ticket/ticket.table.js';
import { foreignKeyViolationOf } from '../src/platform/db-errors.js';
import { useTestApp } from './helpers.js';
import { eventually } from './platform-helpers.js';
import { admin, createCategory, createCompany, createProject, staff, ticketWorld } from './ticket-factories.js';

const ctx = useTestApp();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const nowhere = 1_999_999_999;

/** Tickets whose project is gone: what a delete racing a create must never leave behind. */
async function ticketsOnNoProject(): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from ticket t where not exists (select 1 from project p where p.id = t.project_id)`,
  );
  return row!.n;
}

const ticketRow = (values: Partial<typeof ticket.$inferInsert>) => ({
  caseNumber: `FK-${Math.random().toString(36).slice(2)}`,
  subject: 'Keyed',
  status: 'New' as const,
  priority: 'Low' as const,
  ticketFrom: 'Web' as const,
  projectId: nowhere,
  ...values,
});

/** The violation a statement ran into, or undefined when it went through. */
async function violationOf(work: Promise<unknown>) {
  try {
    await work;
    return undefined;
  } catch (error) {
    return foreignKeyViolationOf(error);
  }
}

describe('foreign keys', () => {
  it('refuses a ticket row naming a missing project, category, company or user, naming the column', async () => {
    const w = await ticketWorld(ctx);
    for (const [values, constraint, column] of [
      [{}, 'ticket_project_fk', 'project_id'],
      [{ projectId: w.projectId, categoryId: nowhere }, 'ticket_category_fk', 'category_id'],
      [{ projectId: w.projectId, companyId: nowhere }, 'ticket_company_fk', 'company_id'],
      [{ projectId: w.projectId, assignTo: nowhere }, 'ticket_assign_to_fk', 'assign_to'],
      [{ projectId: w.projectId, createdBy: nowhere }, 'ticket_created_by_fk', 'created_by'],
    ] as const)
      expect(await violationOf(ctx.db.insert(ticket).values(ticketRow(values)))).toMatchObject({
        kind: 'missing',
        constraint,
        column,
      });
    // The same row with real references goes in.
    expect(await violationOf(ctx.db.insert(ticket).values(ticketRow({ projectId: w.projectId })))).toBeUndefined();
  });

  it('refuses a batch delete with a project tickets use, counting them, and deletes none of the batch', async () => {
    const boss = await admin(ctx);
    const free = await createProject(ctx);
    const used = await createProject(ctx);
    await ctx.db.insert(ticket).values([ticketRow({ projectId: used }), ticketRow({ projectId: used })]);
    const refused = await ctx.call('POST', '/api/Project/Delete', { token: boss.token, body: [free, used] });
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.resultMsg).toBe(ticketMessages.inUse('project', 2));
    const left = await ctx.db
      .select({ id: project.id })
      .from(project)
      .where(sql`${project.id} in (${free}, ${used})`);
    expect(left).toHaveLength(2);
  });

  it('refuses to delete a project users are assigned to, counting them (the link rows are not deleted with it)', async () => {
    const boss = await admin(ctx);
    const projectId = await createProject(ctx);
    await staff(ctx, [projectId]);
    await staff(ctx, [projectId]);
    const refused = await ctx.call('POST', `/api/Project/Delete/${projectId}`, { token: boss.token });
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.resultMsg).toBe('This project is assigned to 2 user(s) and cannot be deleted.');
  });

  it('answers 400 naming the field when a saved record names a user that does not exist', async () => {
    const boss = await admin(ctx);
    const refused = await ctx.call('POST', '/api/Dept/Add', {
      token: boss.token,
      body: { name: 'Keyed', code: `FK-${Date.now()}`, leaderId: nowhere },
    });
    expect(refused.status, refused.raw).toBe(400);
    expect(refused.body.resultMsg).toBe('leaderId: The user does not exist.');
    expect(refused.body.data).toEqual({ errors: [{ field: 'leaderId', message: 'The user does not exist.' }] });
  });

  it('never leaves a ticket on no project when its create and the project delete run at once', async () => {
    const boss = await admin(ctx);
    for (let round = 0; round < 4; round++) {
      const projectId = await createProject(ctx);
      const categoryId = await createCategory(ctx, { projects: [projectId], assignee: boss.id });
      const [created, deleted] = await Promise.all([
        ctx.call('POST', '/api/Ticket/Add', { token: boss.token, body: { subject: 'Race', projectId, categoryId } }),
        ctx.call('POST', `/api/Project/Delete/${projectId}`, { token: boss.token }),
      ]);
      // One of them wins; the other is refused with a 4xx, never a 500.
      if (created.status === 200) expect(deleted.status, deleted.raw).toBe(409);
      else {
        expect(deleted.status, deleted.raw).toBe(200);
        expect(created.status, created.raw).toBeGreaterThanOrEqual(400);
        expect(created.status, created.raw).toBeLessThan(500);
      }
    }
    expect(await ticketsOnNoProject()).toBe(0);
  });

  // A count before the delete cannot see a ticket not yet committed; the key waits for it and then refuses.
  it.runIf(onPostgres)('refuses a project delete once a ticket still being written on it commits', async () => {
    const boss = await admin(ctx);
    const companyId = await createCompany(ctx);
    const projectId = await createProject(ctx, { companies: [companyId] });
    let deleted: Awaited<ReturnType<typeof ctx.call>> | undefined;
    await ctx.db.transaction(async (tx) => {
      await tx.insert(ticket).values(ticketRow({ projectId, companyId }));
      const deleting = ctx.call('POST', `/api/Project/Delete/${projectId}`, { token: boss.token });
      await eventually(async () => {
        const [row] = await rowsOf<{ n: number }>(
          ctx.db,
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query ilike 'delete from "project"%'`,
        );
        return row!.n > 0;
      }, 'the project delete to wait for the ticket');
      void deleting.then((response) => (deleted = response));
    });
    const answer = await eventually(async () => deleted, 'the project delete to answer');
    expect(answer.status, answer.raw).toBe(409);
    expect(answer.body.resultMsg).toBe(ticketMessages.inUse('project', 1));
    expect(await ticketsOnNoProject()).toBe(0);
  });
});

describe('migration 0009 on a database with rows pointing at nothing', () => {
  /** A database migrated up to 0008, with `orphans` written into it, then migrated to the end. */
  async function upgrade(orphans: string): Promise<{ client: PGlite; error?: Error }> {
    const before = mkdtempSync(join(tmpdir(), 'casedesk-0008-'));
    try {
      cpSync(migrationsFolder, before, { recursive: true });
      const journalFile = join(before, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
      journal.entries = journal.entries.filter((entry) => entry.idx <= 8);
      writeFileSync(journalFile, JSON.stringify(journal));
      const client = await PGlite.create({ extensions: pgliteExtensions });
      await migrate(drizzle(client), { migrationsFolder: before });
      await client.exec(orphans);
      try {
        await migrate(drizzle(client), { migrationsFolder });
        return { client };
      } catch (error) {
        return { client, error: error as Error };
      }
    } finally {
      rmSync(before, { recursive: true, force: true });
    }
  }

  it('clears optional references and deletes link rows that point at nothing, then adds the keys', async () => {
    const { client, error } = await upgrade(`
      insert into role (name, code) values ('R', 'r');
      insert into app_user (login_name, password_hash, dept_id, created_by) values ('orphan', 'x', 777, 778);
      insert into user_role (user_id, role_id) select id, 779 from app_user where login_name = 'orphan';
      insert into user_role (user_id, role_id) select id, (select id from role where code = 'r') from app_user where login_name = 'orphan';
      insert into menu (path, name, title, parent_id) values ('/x', 'X', 'X', 780);`);
    try {
      expect(error).toBeUndefined();
      const user = await client.query<{ dept_id: number | null; created_by: number | null }>(
        `select dept_id, created_by from app_user where login_name = 'orphan'`,
      );
      expect(user.rows).toEqual([{ dept_id: null, created_by: null }]);
      const roles = await client.query<{ n: number }>(`select count(*)::int as n from user_role`);
      expect(roles.rows[0]!.n).toBe(1);
      const menus = await client.query(`select parent_id from menu where path = '/x'`);
      expect(menus.rows).toEqual([{ parent_id: null }]);
      await expect(client.query(`update app_user set dept_id = 777`)).rejects.toThrow(/app_user_dept_fk/);
    } finally {
      await client.close();
    }
  });

  it('stops, naming the rows, when a required reference points at nothing, and changes nothing', async () => {
    const { client, error } = await upgrade(`
      insert into app_user (login_name, password_hash, dept_id) values ('kept', 'x', 777);
      insert into ticket (case_number, subject, status, priority, project_id, ticket_from)
        values ('OLD-1', 'Old', 'New', 'Low', 901, 'Web'), ('OLD-2', 'Old', 'New', 'Low', 902, 'Web');`);
    try {
      expect(String(error?.cause ?? error)).toContain(
        'ticket.project_id: 2 row(s) point at no project (missing project.id: 901, 902)',
      );
      // Rolled back: the optional reference was not cleared either.
      const user = await client.query(`select dept_id from app_user where login_name = 'kept'`);
      expect(user.rows).toEqual([{ dept_id: 777 }]);
    } finally {
      await client.close();
    }
  });
});
