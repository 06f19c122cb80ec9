import { getTableColumns, sql } from 'drizzle-orm';
import {
  requestTypeCreateSchema,
  requestTypeQuerySchema,
  requestTypeSchema,
  requestTypeUpdateSchema,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { category } from '../category/index.js';
import { project } from '../project/index.js';
import { workflow } from '../workflow/index.js';
import { checkRequestType } from './request-type.service.js';
import { requestType } from './request-type.table.js';

const schemas = {
  record: requestTypeSchema,
  create: requestTypeCreateSchema,
  update: requestTypeUpdateSchema,
  query: requestTypeQuerySchema,
};

/**
 * The request catalog's items: an administrator's resource (`requestType:*`). A type tickets were raised from is
 * not deleted (the ticket's key refuses, counted): set it inactive to take it out of the catalog.
 */
export const requestTypeResource = defineResource({
  name: 'RequestType',
  module: 'requestType',
  label: 'request type',
  table: requestType,
  schemas,
  // The category, projects and workflow by name, so the list and the editor never show an id or a code alone.
  columns: {
    ...getTableColumns(requestType),
    categoryName: sql<string | null>`(select c.category_description from ${category} c
      where c.id = ${requestType.categoryId})`,
    projects: sql<{ id: number; name: string }[]>`coalesce((select json_agg(json_build_object('id', p.id,
        'name', p.project_name) order by p.project_name)
      from ${project} p where p.id = any(${requestType.projectIds})), '[]'::json)`,
    workflowName: sql<string | null>`(select w.name from ${workflow} w where w.code = ${requestType.workflowCode})`,
  },
  keywordColumns: [sql`${requestType.name}::text`, sql`${requestType.description}::text`],
  sortable: {
    sort: requestType.sort,
    status: requestType.status,
    modifiedAt: requestType.modifiedAt,
  },
  defaultOrder: [{ field: 'sort', desc: false }],
  check: checkRequestType,
  exportColumns: [
    { field: 'name' },
    { field: 'categoryName' },
    { field: 'workflowName' },
    { field: 'sort' },
    { field: 'status', values: 'activeStatus' },
  ],
});
