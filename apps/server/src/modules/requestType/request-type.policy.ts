import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../platform/actor.js';
import { categoryProject } from '../category/index.js';
import { project } from '../project/index.js';
import { requestType } from './request-type.table.js';

/**
 * The projects a request type is offered to the actor in: active projects the actor may raise tickets in (the
 * ticket's rule: every project with data scope "all", else their own), among the type's projects (none: all),
 * where the type's category may be used (a category linked to projects only in those).
 */
export function offeredProjectsSql(actor: Actor): SQL {
  const type = requestType;
  const mine =
    actor.dataScope === 'all'
      ? sql`true`
      : actor.projects.length === 0
        ? sql`false`
        : sql`p.id in (${sql.join(
            actor.projects.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  return sql`coalesce((select json_agg(json_build_object('id', p.id, 'name', p.project_name) order by p.project_name, p.id)
    from ${project} p
    where p.project_status = 'Active' and ${mine}
      and (cardinality(${type.projectIds}) = 0 or p.id = any(${type.projectIds}))
      and (not exists (select 1 from ${categoryProject} l where l.category_id = ${type.categoryId})
        or exists (select 1 from ${categoryProject} l where l.category_id = ${type.categoryId} and l.project_id = p.id))
    ), '[]'::json)`;
}

/** Whether the actor may raise requests from the catalog at all (tickets are what a request makes). */
export const mayRequest = (actor: Actor) => actor.permissions.has('ticket:create');
