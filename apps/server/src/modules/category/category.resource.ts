import { getTableColumns, sql } from 'drizzle-orm';
import {
  categoryCreateSchema,
  categoryDetailSchema,
  categoryQuerySchema,
  categorySchema,
  categoryUpdateSchema,
  type CategoryCreate,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { userNameSql } from '../../platform/user-directory.js';
import { checkAssignee, projectsOf, replaceProjects } from './category.service.js';
import { category, categoryProject } from './category.table.js';

export const categoryResource = defineResource({
  name: 'Category',
  module: 'category',
  label: 'category',
  table: category,
  schemas: {
    record: categorySchema,
    create: categoryCreateSchema,
    update: categoryUpdateSchema,
    query: categoryQuerySchema,
    detail: categoryDetailSchema,
  },
  columns: { ...getTableColumns(category), newTicketAssigneeName: userNameSql(category.newTicketAssignee) },
  keywordColumns: [category.categoryCode, category.categoryDescription],
  defaultOrder: [{ field: 'categoryCode', desc: false }],
  filters: (query) => [
    typeof query.projectId === 'number'
      ? sql`exists (select 1 from ${categoryProject} where ${categoryProject.categoryId} = ${category.id}
                      and ${categoryProject.projectId} = ${query.projectId})`
      : undefined,
  ],
  async loadDetail(q, record) {
    const projects = await projectsOf(q, record.id);
    return { projects, projectIds: projects.map((p) => p.id) };
  },
  async saveChildren(tx, id, input) {
    const { projectIds, newTicketAssignee } = input as Partial<CategoryCreate>;
    await checkAssignee(tx, newTicketAssignee, 'newTicketAssignee');
    if (projectIds !== undefined) await replaceProjects(tx, id, projectIds);
  },
  exportColumns: [
    { field: 'categoryCode' },
    { field: 'categoryDescription', width: 40 },
    { field: 'categoryStatus', values: 'activeStatus' },
    { field: 'newTicketAssigneeName', label: 'newTicketAssignee', width: 20 },
    { field: 'modifiedAt' },
  ],
});
