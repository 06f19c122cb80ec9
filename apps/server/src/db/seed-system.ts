import { modules } from '../modules/index.js';
import { readSettings } from '../modules/setting/index.js';
import { seedDefaultJobs } from '../platform/jobs/seed.js';
import type { SystemSeedOptions } from '../platform/module.js';
import type { Db } from './database.js';

export { defaultAdminPassword } from '../modules/user/index.js';

/**
 * What every database needs, applied at each start and safe to repeat: each module's system seed in the
 * order of the module list (permission codes and system roles, the first menu tree, the first administrator),
 * then the default scheduled jobs of every manifest.
 */
export async function seedSystem(db: Db, options: SystemSeedOptions): Promise<void> {
  for (const module of modules) await module.seed?.system?.(db, options);
  const defaultJobs = modules.flatMap((module) => module.jobs?.defaults ?? []);
  await seedDefaultJobs(db, defaultJobs, (await readSettings(db)).basic.timeZone);
}
