import type { Tx } from '../../platform/db.js';
import { codeMap } from '../../platform/seed.js';
import { company } from '../company/index.js';
import { project, projectCompany } from './project.table.js';

const projects = [
  {
    projectCode: 'ERP',
    projectName: 'ERP rollout',
    projectDescription: 'Finance and supply-chain ERP rollout and support',
    companies: ['NWT', 'FAB'],
  },
  {
    projectCode: 'WMS',
    projectName: 'Warehouse system',
    projectDescription: 'Warehouse management system operations',
    companies: ['CTS'],
  },
  {
    projectCode: 'CLOUD',
    projectName: '云平台运维',
    projectDescription: '云主机、网络与存储的日常运维',
    companies: ['HZY', 'TPE'],
  },
  {
    projectCode: 'DESK',
    projectName: 'Workplace IT',
    projectDescription: 'Laptops, accounts, printers and the office network',
    companies: ['NWT', 'CTS', 'HZY', 'TPE', 'FAB'],
  },
];

/** Demo projects and the companies they serve. */
export async function seedDemoProjects(tx: Tx): Promise<void> {
  const projectRows = await tx
    .insert(project)
    .values(projects.map(({ companies: _c, ...p }) => ({ ...p, activeAt: '2026-01-01' })))
    .returning({ id: project.id, code: project.projectCode });
  const companyIds = await codeMap(tx, company.id, company.code);
  const projectIds = new Map(projectRows.map((r) => [r.code, r.id]));
  await tx
    .insert(projectCompany)
    .values(
      projects.flatMap((p) =>
        p.companies.map((c) => ({ projectId: projectIds.get(p.projectCode)!, companyId: companyIds.get(c)! })),
      ),
    );
}
