import { companyCreateSchema, companyQuerySchema, companySchema, companyUpdateSchema } from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { company } from './company.table.js';

export const companyResource = defineResource({
  name: 'Company',
  module: 'company',
  label: 'company',
  table: company,
  schemas: {
    record: companySchema,
    create: companyCreateSchema,
    update: companyUpdateSchema,
    query: companyQuerySchema,
  },
  keywordColumns: [company.code, company.name, company.shortName, company.email],
  defaultOrder: [
    { field: 'sort', desc: false },
    { field: 'name', desc: false },
  ],
  exportColumns: [
    { field: 'code' },
    { field: 'name', width: 30 },
    { field: 'shortName' },
    {
      field: 'businessUnit',
      dictionary: 'businessUnit',
    },
    { field: 'contact' },
    { field: 'phone' },
    { field: 'email', width: 30 },
    { field: 'address', width: 40 },
    { field: 'status', values: 'activeStatus' },
    { field: 'modifiedAt' },
  ],
});
