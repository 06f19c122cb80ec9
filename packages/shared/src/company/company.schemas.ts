import { z } from 'zod';
import { messages } from '../platform/messages.js';
import { activeStatusSchema, auditFieldsSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';

const text = (max: number) => z.string().trim().max(max).nullable().default(null);

const companyFields = z.object({
  code: z.string().trim().min(1).max(50),
  name: z.string().trim().min(1).max(200),
  shortName: text(100),
  orgId: z.number().int().positive().nullable().default(null),
  userType: text(50),
  companyType: text(50),
  postCode: text(20),
  address: text(500),
  legalPerson: text(100),
  scale: text(50),
  linkMan: text(100),
  contact: text(100),
  phone: text(50),
  email: z.email({ error: messages.invalidEmail }).max(200).nullable().default(null),
  fax: text(50),
  linkTel: text(50),
  logo: text(500),
  region: text(100),
  source: text(100),
  industryId: z.number().int().positive().nullable().default(null),
  businessUnit: text(100),
  description: text(2000),
  sort: z.number().int().min(0).max(1_000_000).default(0),
  status: activeStatusSchema.default('Active'),
});
export const companyCreateSchema = companyFields.strict();
export const companyUpdateSchema = companyFields.extend(updateKeySchema.shape).strict();
export const companySchema = companyFields.extend(auditFieldsSchema.shape);
export const companyQuerySchema = queryBaseSchema.extend({
  status: activeStatusSchema.optional(),
  businessUnit: z.string().trim().max(100).optional(),
  industryId: z.coerce.number().int().positive().optional(),
});
export type Company = z.infer<typeof companySchema>;
export type CompanyCreate = z.infer<typeof companyCreateSchema>;
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;
