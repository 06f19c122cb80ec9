import { modules } from '../modules/index.js';
import type { SystemSeedOptions } from '../platform/module.js';
import type { Db } from './database.js';

export { defaultAdminPassword } from '../modules/user/index.js';

/**
 * What every database needs, applied at each start and safe to repeat: each module's system seed in the
 * order of the module list (permission codes and system roles, the first menu tree, the first administrator).
 */
export async function seedSystem(db: Db, options: SystemSeedOptions): Promise<void> {
  for (const module of modules) await module.seed?.system?.(db, options);
}
