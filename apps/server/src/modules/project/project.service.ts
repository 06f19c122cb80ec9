import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { messages, msg } from '@casedesk/shared';
import type { Queryable, Tx } from '../../platform/db.js';
import { badRequest } from '../../platform/errors.js';
import { company } from '../company/index.js';
import { projectCompany } from './project.table.js';

export async function companiesOf(q: Queryable, projectId: number) {
  return q
    .select({ id: company.id, code: company.code, name: company.name })
    .from(projectCompany)
    .innerJoin(company, eq(company.id, projectCompany.companyId))
    .where(eq(projectCompany.projectId, projectId))
    .orderBy(asc(company.sort), asc(company.name));
}

/** The saved company links replace the old ones, in the project's own transaction. */
export async function replaceCompanies(tx: Tx, projectId: number, companyIds: number[]): Promise<void> {
  const unique = [...new Set(companyIds)];
  if (unique.length > 0) {
    const [found] = await tx.select({ n: count() }).from(company).where(inArray(company.id, unique));
    if ((found?.n ?? 0) !== unique.length)
      throw badRequest(msg(messages, 'fieldUnknownRecord', { field: 'companyIds', label: 'company' }), [
        { field: 'companyIds', message: msg(messages, 'unknownRecord', { label: 'company' }).text },
      ]);
  }
  await tx.delete(projectCompany).where(and(eq(projectCompany.projectId, projectId)));
  if (unique.length > 0) await tx.insert(projectCompany).values(unique.map((companyId) => ({ projectId, companyId })));
}
