import { sql } from 'drizzle-orm';
import { category, categoryProject } from '../modules/category/category.table.js';
import { company } from '../modules/company/company.table.js';
import { dept } from '../modules/dept/dept.table.js';
import { dictionary, dictionaryItem } from '../modules/dictionary/dictionary.table.js';
import { position } from '../modules/position/position.table.js';
import { project, projectCompany } from '../modules/project/project.table.js';
import { role } from '../modules/role/role.table.js';
import { appUser, userProject, userRole } from '../modules/user/user.table.js';
import { hashPassword } from '../platform/passwords.js';
import type { Db } from './database.js';
import { seedDemoTickets } from './seed-demo-tickets.js';

export const demoPassword = 'Demo@12345';

const companies = [
  {
    code: 'NWT',
    name: 'Northwind Traders',
    shortName: 'Northwind',
    email: 'it@northwind.example',
    phone: '+1 206 555 0100',
    address: '1 Harbor Way, Seattle',
    businessUnit: 'Retail',
  },
  {
    code: 'CTS',
    name: 'Contoso Logistics',
    shortName: 'Contoso',
    email: 'helpdesk@contoso.example',
    phone: '+44 20 7946 0000',
    address: '12 Canary Wharf, London',
    businessUnit: 'Logistics',
  },
  {
    code: 'HZY',
    name: '杭州云启科技有限公司',
    shortName: '云启科技',
    email: 'support@yunqi.example',
    phone: '+86 571 8888 0000',
    address: '杭州市西湖区文三路 90 号',
    businessUnit: 'Technology',
  },
  {
    code: 'TPE',
    name: '臺北晨光貿易股份有限公司',
    shortName: '晨光貿易',
    email: 'service@chenguang.example',
    phone: '+886 2 2700 0000',
    address: '臺北市信義區松仁路 100 號',
    businessUnit: 'Trading',
  },
  {
    code: 'FAB',
    name: 'Fabrikam Manufacturing',
    shortName: 'Fabrikam',
    email: 'ops@fabrikam.example',
    phone: '+49 89 1234 5670',
    address: 'Industriestraße 5, München',
    businessUnit: 'Manufacturing',
  },
];

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

const people = [
  {
    loginName: 'alice',
    realName: 'Alice',
    lastName: 'Walker',
    role: 'common',
    projects: ['ERP', 'DESK'],
    dept: 'SD',
    position: 'AGENT',
  },
  {
    loginName: 'bob',
    realName: 'Bob',
    lastName: 'Martin',
    role: 'common',
    projects: ['WMS', 'DESK'],
    dept: 'SD',
    position: 'AGENT',
  },
  {
    loginName: 'chen.wei',
    realName: '伟',
    lastName: '陈',
    role: 'common',
    projects: ['CLOUD', 'DESK'],
    dept: 'OPS',
    position: 'ENG',
    language: 'zh-cn',
  },
  {
    loginName: 'lin.mei',
    realName: '美',
    lastName: '林',
    role: 'common',
    projects: ['CLOUD'],
    dept: 'OPS',
    position: 'ENG',
    language: 'zh-tw',
  },
  {
    loginName: 'maria',
    realName: 'Maria',
    lastName: 'Garcia',
    role: 'admin',
    projects: ['ERP', 'WMS', 'CLOUD', 'DESK'],
    dept: 'SD',
    position: 'LEAD',
  },
];

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

/**
 * Demo data for the quick start, so that a new user sees a living system. Runs once: only on a
 * database whose company table is empty. Demo users sign in with `Demo@12345`.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(company);
  if (n > 0) return false;
  const passwordHash = await hashPassword(demoPassword);

  await db.transaction(async (tx) => {
    const depts = await tx
      .insert(dept)
      .values([
        { code: 'SD', name: 'Service Desk', sort: 1 },
        { code: 'OPS', name: 'Operations', sort: 2 },
        { code: 'FIN', name: 'Finance', sort: 3 },
        { code: 'HR', name: 'Human Resources', sort: 4 },
      ])
      .returning({ id: dept.id, code: dept.code });
    const positions = await tx
      .insert(position)
      .values([
        { code: 'AGENT', name: 'Service desk agent', sort: 1 },
        { code: 'ENG', name: 'Engineer', sort: 2 },
        { code: 'LEAD', name: 'Team lead', sort: 3 },
      ])
      .returning({ id: position.id, code: position.code });
    const companyRows = await tx
      .insert(company)
      .values(companies.map((c, i) => ({ ...c, sort: i, status: 'Active' as const })))
      .returning({ id: company.id, code: company.code });
    const projectRows = await tx
      .insert(project)
      .values(projects.map(({ companies: _c, ...p }) => ({ ...p, activeAt: '2026-01-01' })))
      .returning({ id: project.id, code: project.projectCode });
    const idOf = (rows: { id: number; code: string }[], code: string) => rows.find((r) => r.code === code)!.id;
    await tx
      .insert(projectCompany)
      .values(
        projects.flatMap((p) =>
          p.companies.map((c) => ({ projectId: idOf(projectRows, p.projectCode), companyId: idOf(companyRows, c) })),
        ),
      );

    const roles = await tx.select({ id: role.id, code: role.code }).from(role);
    const users = await tx
      .insert(appUser)
      .values(
        people.map((p) => ({
          loginName: p.loginName,
          passwordHash,
          realName: p.realName,
          lastName: p.lastName,
          fullName: `${p.realName} ${p.lastName}`,
          email: `${p.loginName}@casedesk.example`,
          language: p.language ?? 'en',
          userType: 'Staff',
          deptId: idOf(depts, p.dept),
          positionId: idOf(positions, p.position),
          privateTicket: p.role === 'admin',
        })),
      )
      .returning({ id: appUser.id, code: appUser.loginName });
    await tx
      .insert(userRole)
      .values(people.map((p) => ({ userId: idOf(users, p.loginName), roleId: idOf(roles, p.role) })));
    await tx
      .insert(userProject)
      .values(
        people.flatMap((p) =>
          p.projects.map((code) => ({ userId: idOf(users, p.loginName), projectId: idOf(projectRows, code) })),
        ),
      );

    const categoryRows = await tx
      .insert(category)
      .values(
        categories.map((c) => ({
          categoryCode: c.categoryCode,
          categoryDescription: c.categoryDescription,
          newTicketAssignee: c.assignee ? idOf(users, c.assignee) : null,
        })),
      )
      .returning({ id: category.id, code: category.categoryCode });
    await tx.insert(categoryProject).values(
      categories.flatMap((c) =>
        c.projects.map((code) => ({
          categoryId: idOf(categoryRows, c.categoryCode),
          projectId: idOf(projectRows, code),
        })),
      ),
    );

    const [ticketType] = await tx
      .insert(dictionary)
      .values({ code: 'ticketType', name: 'Ticket type', category: 'ticket', sort: 1 })
      .returning({ id: dictionary.id });
    await tx.insert(dictionaryItem).values(
      ['Incident', 'Service request', 'Change', 'Problem'].map((name, i) => ({
        dictionaryId: ticketType!.id,
        key: name.toLowerCase().replace(/ /g, '-'),
        name,
        value: name.replace(/ /g, ''),
        sort: i,
      })),
    );
    const [businessUnit] = await tx
      .insert(dictionary)
      .values({ code: 'businessUnit', name: 'Business unit', category: 'organisation', sort: 2 })
      .returning({ id: dictionary.id });
    await tx.insert(dictionaryItem).values(
      ['Retail', 'Logistics', 'Technology', 'Trading', 'Manufacturing'].map((name, i) => ({
        dictionaryId: businessUnit!.id,
        key: name.toLowerCase(),
        name,
        value: name,
        sort: i,
      })),
    );
  });
  // Tickets after the reference data, in short transactions of their own.
  await seedDemoTickets(db);
  return true;
}
