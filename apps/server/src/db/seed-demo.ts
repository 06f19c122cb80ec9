import { sql } from 'drizzle-orm';
import { company } from '../modules/company/index.js';
import { seedDemoOpenItems } from '../modules/openItem/index.js';
import { modules } from '../modules/index.js';
import { hashPassword } from '../platform/passwords.js';
import type { Db } from './database.js';
import { seedDemoTickets } from './seed-demo-tickets.js';

export const demoPassword = 'Demo@12345';

/**
 * Demo data for the quick start, so that a new user sees a living system: each module's demo seed, in the
 * order of the module list, in one transaction. Runs once: only on a database whose company table is
 * empty. Demo users sign in with `Demo@12345`.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(company);
  if (n > 0) return false;
  const passwordHash = await hashPassword(demoPassword);
  await db.transaction(async (tx) => {
    for (const module of modules) await module.seed?.demo?.(tx, { passwordHash });
  });
  // Tickets after the reference data, in short transactions of their own.
  await seedDemoTickets(db);
  await seedDemoOpenItems(db);
  return true;
}
