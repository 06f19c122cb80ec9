import { foreignKey, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../platform/columns.js';
import { industry } from '../industry/industry.table.js';
import { authorKeys } from '../user/user.table.js';

export const company = pgTable(
  'company',
  {
    ...recordColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name'),
    orgId: integer('org_id'),
    userType: text('user_type'),
    companyType: text('company_type'),
    postCode: text('post_code'),
    address: text('address'),
    legalPerson: text('legal_person'),
    scale: text('scale'),
    linkMan: text('link_man'),
    contact: text('contact'),
    phone: text('phone'),
    email: text('email'),
    fax: text('fax'),
    linkTel: text('link_tel'),
    logo: text('logo'),
    region: text('region'),
    source: text('source'),
    industryId: integer('industry_id'),
    businessUnit: text('business_unit'),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
  },
  (t) => [
    uniqueIndex('company_code_uq').on(t.code),
    index('company_name_idx').on(t.name),
    foreignKey({ name: 'company_industry_fk', columns: [t.industryId], foreignColumns: [industry.id] }).onDelete(
      'restrict',
    ),
    ...authorKeys('company', t),
  ],
);
