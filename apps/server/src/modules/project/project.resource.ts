import { sql } from 'drizzle-orm';
import {
  type ProjectCreate,
  projectCreateSchema,
  projectDetailSchema,
  projectQuerySchema,
  projectSchema,
  projectUpdateSchema,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { companiesOf, replaceCompanies } from './project.service.js';
import { project, projectCompany } from './project.table.js';

export const projectResource = defineResource({
  name: 'Project',
  module: 'project',
  label: 'project',
  table: project,
  schemas: {
    record: projectSchema,
    create: projectCreateSchema,
    update: projectUpdateSchema,
    query: projectQuerySchema,
    detail: projectDetailSchema,
  },
  keywordColumns: [project.projectCode, project.projectName, project.projectDescription],
  defaultOrder: [{ field: 'projectCode', desc: false }],
  filters: (query) => [
    typeof query.companyId === 'number'
      ? sql`exists (select 1 from ${projectCompany} where ${projectCompany.projectId} = ${project.id}
                      and ${projectCompany.companyId} = ${query.companyId})`
      : undefined,
  ],
  async loadDetail(q, record) {
    const companies = await companiesOf(q, record.id);
    return { companies, companyIds: companies.map((c) => c.id) };
  },
  async saveChildren(tx, id, input) {
    const { companyIds } = input as Partial<ProjectCreate>;
    if (companyIds !== undefined) await replaceCompanies(tx, id, companyIds);
  },
  exportColumns: [
    { field: 'projectCode' },
    { field: 'projectName', width: 30 },
    { field: 'projectDescription', width: 40 },
    { field: 'projectStatus', values: 'activeStatus' },
    { field: 'activeAt' },
    { field: 'inActiveAt' },
    {
      field: 'businessUnit',
      dictionary: 'businessUnit',
    },
    { field: 'modifiedAt' },
  ],
});
