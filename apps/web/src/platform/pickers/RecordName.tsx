import type { Category, Company, Project, Vendor } from '@casedesk/shared';
import { useRecord } from './lookups';

/** How each record an id field names is shown: as its picker labels it (`code · name`). */
const records = {
  Project: { permission: 'project:view', label: (p: Project) => `${p.projectCode} · ${p.projectName}` },
  Company: { permission: 'company:view', label: (c: Company) => `${c.code} · ${c.name}` },
  Category: { permission: 'category:view', label: (c: Category) => `${c.categoryCode} · ${c.categoryDescription}` },
  Vendor: { permission: 'vendor:view', label: (v: Vendor) => `${v.vendorCode} · ${v.vendorName}` },
} as const;

export type NamedRecord = keyof typeof records;

/** The record an id field holds, by the record type's field name (`projectId` names a Project). */
export const recordOfField: Record<string, NamedRecord> = {
  projectId: 'Project',
  companyId: 'Company',
  categoryId: 'Category',
  vendorId: 'Vendor',
};

/** A record's name from its id (looked up once per id, only for those who may see it; else `#id`). */
export function RecordName({ record, id }: { record: NamedRecord; id: number }) {
  const { permission, label } = records[record];
  const query = useRecord<Project & Company & Category & Vendor>(record, permission, id);
  return <>{query.data ? (label as (item: unknown) => string)(query.data) : `#${id}`}</>;
}
