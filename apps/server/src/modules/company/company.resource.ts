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
    { header: 'Code', field: 'code' },
    { header: 'Name', field: 'name', width: 30 },
    { header: 'Short name', field: 'shortName' },
    { header: 'Business unit', field: 'businessUnit' },
    { header: 'Contact', field: 'contact' },
    { header: 'Phone', field: 'phone' },
    { header: 'E-mail', field: 'email', width: 30 },
    { header: 'Address', field: 'address', width: 40 },
    { header: 'Status', field: 'status' },
    { header: 'Modified', field: 'modifiedAt' },
  ],
});
