import { date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../platform/columns.js';
import { company } from '../company/company.table.js';
import { authorKeys } from '../user/user.table.js';

export const project = pgTable(
  'project',
  {
    ...recordColumns(),
    projectCode: text('project_code').notNull(),
    projectName: text('project_name').notNull(),
    projectDescription: text('project_description'),
    projectStatus: text('project_status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    activeAt: date('active_at'),
    inActiveAt: date('in_active_at'),
    businessUnit: text('business_unit'),
  },
  (t) => [uniqueIndex('project_code_uq').on(t.projectCode), ...authorKeys('project', t)],
);

export const projectCompany = pgTable(
  'project_company',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.companyId] }), index('project_company_company_idx').on(t.companyId)],
);
