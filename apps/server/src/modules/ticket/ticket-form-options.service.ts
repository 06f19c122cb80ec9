import { sql } from 'drizzle-orm';
import type { TicketFormOptions } from '@casedesk/shared';
import { rowsOf, type Db } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { category, categoryProject } from '../category/index.js';
import { company } from '../company/index.js';
import { project, projectCompany } from '../project/index.js';
import { appUser, userDisplayNameSql } from '../user/index.js';
import { ticketFieldDefinitions } from './ticket-custom.service.js';

/** The pickers of the ticket form and list filters, within what the caller may use (see the schema). */
export async function formOptions(db: Db, actor: Actor): Promise<TicketFormOptions> {
  const ownProjects =
    actor.dataScope === 'all'
      ? sql`true`
      : actor.projects.length > 0
        ? sql`p.id in (${sql.join(
            actor.projects.map((p) => sql`${p}`),
            sql`, `,
          )})`
        : sql`false`;
  const projects = await rowsOf<TicketFormOptions['projects'][number]>(
    db,
    sql`select p.id, p.project_code as code, p.project_name as name, p.business_unit as "businessUnit",
               coalesce((select array_agg(pc.company_id order by pc.company_id) from ${projectCompany} pc
                         where pc.project_id = p.id), '{}') as "companyIds"
          from ${project} p where p.project_status = 'Active' and ${ownProjects}
         order by p.project_name limit 1000`,
  );
  const projectIds = projects.map((p) => p.id);
  const categories =
    projectIds.length === 0
      ? []
      : await rowsOf<TicketFormOptions['categories'][number]>(
          db,
          sql`select c.id, c.category_code as code, c.category_description as name,
                     array_agg(cp.project_id order by cp.project_id) as "projectIds",
                     c.new_ticket_assignee as "newTicketAssignee"
                from ${category} c join ${categoryProject} cp on cp.category_id = c.id
               where c.category_status = 'Active' and cp.project_id in (${sql.join(
                 projectIds.map((p) => sql`${p}`),
                 sql`, `,
               )})
               group by c.id order by c.category_description limit 2000`,
        );
  const companies = await rowsOf<TicketFormOptions['companies'][number]>(
    db,
    sql`select id, code, name from ${company} where status = 'Active' order by name limit 2000`,
  );
  const users = await rowsOf<TicketFormOptions['users'][number]>(
    db,
    sql`select id, login_name as "loginName", ${userDisplayNameSql} as name from ${appUser}
         where status = 'Active' and deleted_at is null order by ${userDisplayNameSql} limit 5000`,
  );
  const ints = (values: unknown[]) => values.map(Number);
  return {
    projects: projects.map((p) => ({ ...p, id: Number(p.id), companyIds: ints(p.companyIds) })),
    categories: categories.map((c) => ({
      ...c,
      id: Number(c.id),
      projectIds: ints(c.projectIds),
      newTicketAssignee: c.newTicketAssignee === null ? null : Number(c.newTicketAssignee),
    })),
    companies: companies.map((c) => ({ ...c, id: Number(c.id) })),
    users: users.map((u) => ({ ...u, id: Number(u.id) })),
    customFields: await ticketFieldDefinitions(db),
  };
}
