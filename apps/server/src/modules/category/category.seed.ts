import type { Tx } from '../../platform/db.js';
import { codeMap } from '../../platform/seed.js';
import { project } from '../project/index.js';
import { appUser } from '../user/index.js';
import { category, categoryProject } from './category.table.js';

const categories = [
  { categoryCode: 'ACCESS', categoryDescription: 'Accounts and access', projects: ['DESK', 'ERP'], assignee: 'alice' },
  {
    categoryCode: 'HARDWARE',
    categoryDescription: 'Laptops, printers and devices',
    projects: ['DESK'],
    assignee: 'bob',
  },
  {
    categoryCode: 'NETWORK',
    categoryDescription: 'Network and VPN',
    projects: ['DESK', 'CLOUD'],
    assignee: 'chen.wei',
  },
  { categoryCode: 'ERP-FIN', categoryDescription: 'ERP finance module', projects: ['ERP'], assignee: 'alice' },
  { categoryCode: 'WMS-OPS', categoryDescription: 'Warehouse operations', projects: ['WMS'], assignee: 'bob' },
  { categoryCode: 'CLOUD-OPS', categoryDescription: '云资源与监控告警', projects: ['CLOUD'], assignee: 'lin.mei' },
  {
    categoryCode: 'OTHER',
    categoryDescription: 'Other requests (no default assignee)',
    projects: ['DESK'],
    assignee: null,
  },
];

/** Demo categories, their projects and default assignees (demo users). */
export async function seedDemoCategories(tx: Tx): Promise<void> {
  const userIds = await codeMap(tx, appUser.id, appUser.loginName);
  const projectIds = await codeMap(tx, project.id, project.projectCode);
  const categoryRows = await tx
    .insert(category)
    .values(
      categories.map((c) => ({
        categoryCode: c.categoryCode,
        categoryDescription: c.categoryDescription,
        newTicketAssignee: c.assignee ? userIds.get(c.assignee)! : null,
      })),
    )
    .returning({ id: category.id, code: category.categoryCode });
  const categoryIds = new Map(categoryRows.map((r) => [r.code, r.id]));
  await tx
    .insert(categoryProject)
    .values(
      categories.flatMap((c) =>
        c.projects.map((code) => ({ categoryId: categoryIds.get(c.categoryCode)!, projectId: projectIds.get(code)! })),
      ),
    );
}
