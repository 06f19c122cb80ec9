import { eq, sql } from 'drizzle-orm';
import { composeFullName } from '@casedesk/shared';
import type { Db, Tx } from '../../platform/db.js';
import type { DemoSeedContext, SystemSeedOptions } from '../../platform/module.js';
import { hashPassword } from '../../platform/passwords.js';
import { codeMap } from '../../platform/seed.js';
import { dept } from '../dept/index.js';
import { position } from '../position/index.js';
import { project } from '../project/index.js';
import { role } from '../role/index.js';
import { appUser, userProject, userRole } from './user.table.js';

export const defaultAdminPassword = 'Admin@12345';

/** The first administrator, on a database without users; asked to change the default password. */
export async function seedAdmin(db: Db, options: SystemSeedOptions): Promise<void> {
  // Hash outside the transaction: the embedded database has a single connection.
  const [{ users } = { users: 0 }] = await db.select({ users: sql<number>`count(*)::int` }).from(appUser);
  if (users > 0) return;
  const adminHash = await hashPassword(options.adminPassword ?? defaultAdminPassword);
  await db.transaction(async (tx) => {
    const [adminRole] = await tx.select({ id: role.id }).from(role).where(eq(role.code, 'admin'));
    if (!adminRole) return;
    const [admin] = await tx
      .insert(appUser)
      .values({
        loginName: 'admin',
        passwordHash: adminHash,
        realName: 'System',
        lastName: 'Administrator',
        fullName: 'System Administrator',
        userType: 'Staff',
        privateTicket: true,
        needToChangePwd: options.adminPassword === undefined,
      })
      .onConflictDoNothing()
      .returning({ id: appUser.id });
    if (admin) await tx.insert(userRole).values({ userId: admin.id, roleId: adminRole.id });
  });
}

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

/** Demo users with their roles, projects, departments and positions. */
export async function seedDemoUsers(tx: Tx, ctx: DemoSeedContext): Promise<void> {
  const depts = await codeMap(tx, dept.id, dept.code);
  const positions = await codeMap(tx, position.id, position.code);
  const roles = await codeMap(tx, role.id, role.code);
  const projects = await codeMap(tx, project.id, project.projectCode);
  const users = await tx
    .insert(appUser)
    .values(
      people.map((p) => ({
        loginName: p.loginName,
        passwordHash: ctx.passwordHash,
        realName: p.realName,
        lastName: p.lastName,
        fullName: composeFullName(p.realName, p.lastName),
        email: `${p.loginName}@casedesk.example`,
        language: p.language ?? 'en',
        userType: 'Staff',
        deptId: depts.get(p.dept)!,
        positionId: positions.get(p.position)!,
        privateTicket: p.role === 'admin',
      })),
    )
    .returning({ id: appUser.id, code: appUser.loginName });
  const userIds = new Map(users.map((u) => [u.code, u.id]));
  await tx
    .insert(userRole)
    .values(people.map((p) => ({ userId: userIds.get(p.loginName)!, roleId: roles.get(p.role)! })));
  await tx
    .insert(userProject)
    .values(
      people.flatMap((p) =>
        p.projects.map((code) => ({ userId: userIds.get(p.loginName)!, projectId: projects.get(code)! })),
      ),
    );
}
