import { randomBytes } from 'node:crypto';
import { category, categoryProject } from '../src/modules/category/category.table.js';
import { company } from '../src/modules/company/company.table.js';
import { delegate, delegateProject } from '../src/modules/delegate/delegate.table.js';
import { project, projectCompany } from '../src/modules/project/project.table.js';
import { createUser, signIn, type TestContext, type TestUser } from './helpers.js';

const code = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

export async function createCompany(ctx: TestContext, values: Partial<typeof company.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(company)
    .values({ code: code('CO'), name: 'Company', ...values })
    .returning({ id: company.id });
  return row!.id;
}

export async function createProject(ctx: TestContext, options: { companies?: number[] } = {}) {
  const [row] = await ctx.db
    .insert(project)
    .values({ projectCode: code('PRJ'), projectName: 'Project' })
    .returning({ id: project.id });
  if (options.companies?.length)
    await ctx.db
      .insert(projectCompany)
      .values(options.companies.map((companyId) => ({ projectId: row!.id, companyId })));
  return row!.id;
}

export async function createCategory(ctx: TestContext, options: { projects: number[]; assignee?: number | null }) {
  const [row] = await ctx.db
    .insert(category)
    .values({ categoryCode: code('CAT'), categoryDescription: 'Category', newTicketAssignee: options.assignee ?? null })
    .returning({ id: category.id });
  if (options.projects.length)
    await ctx.db
      .insert(categoryProject)
      .values(options.projects.map((projectId) => ({ categoryId: row!.id, projectId })));
  return row!.id;
}

export async function createDelegate(
  ctx: TestContext,
  values: {
    delegateBy: number;
    delegateTo: number;
    projects: number[];
    startDate: string;
    endDate?: string | null;
    enabled?: boolean;
  },
) {
  const { projects, ...rest } = values;
  const [row] = await ctx.db.insert(delegate).values(rest).returning({ id: delegate.id });
  await ctx.db.insert(delegateProject).values(projects.map((projectId) => ({ delegateId: row!.id, projectId })));
  return row!.id;
}

export const staffPermissions = ['ticket:view', 'ticket:create', 'ticket:edit', 'ticket:export', 'ticket:delete'];

export type Staff = TestUser & { token: string };

/** A signed-in user with the staff permissions (data scope: their projects). */
export async function staff(ctx: TestContext, projects: number[], permissions = staffPermissions): Promise<Staff> {
  const user = await createUser(ctx, { permissions, projects });
  return { ...user, token: (await signIn(ctx, user)).token };
}

/** A signed-in staff member who also holds `permissions` (a module's own codes on top of the ticket ones). */
export const staffWith = (ctx: TestContext, permissions: string[], projects: number[] = []): Promise<Staff> =>
  staff(ctx, projects, [...staffPermissions, ...permissions]);

export async function admin(ctx: TestContext): Promise<Staff> {
  const user = await createUser(ctx, { roles: ['admin'] });
  return { ...user, token: (await signIn(ctx, user)).token };
}

/** A project with a category whose default assignee is a staff member of it. */
export async function ticketWorld(ctx: TestContext) {
  const companyId = await createCompany(ctx);
  const projectId = await createProject(ctx, { companies: [companyId] });
  const agent = await staff(ctx, [projectId]);
  const categoryId = await createCategory(ctx, { projects: [projectId], assignee: agent.id });
  return { companyId, projectId, categoryId, agent };
}

export type TicketData = { id: number; caseNumber: string; rowVersion: number; status: string; [key: string]: unknown };

export async function addTicket(ctx: TestContext, token: string, body: Record<string, unknown>): Promise<TicketData> {
  const response = await ctx.call('POST', '/api/Ticket/Add', { token, body: { subject: 'Printer', ...body } });
  if (response.status !== 200) throw new Error(`ticket not created: ${response.raw}`);
  return response.body.data as TicketData;
}
