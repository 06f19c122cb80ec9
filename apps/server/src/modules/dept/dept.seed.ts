import type { Tx } from '../../platform/db.js';
import { dept } from './dept.table.js';

/** Demo departments. */
export async function seedDemoDepts(tx: Tx): Promise<void> {
  await tx.insert(dept).values([
    { code: 'SD', name: 'Service Desk', sort: 1 },
    { code: 'OPS', name: 'Operations', sort: 2 },
    { code: 'FIN', name: 'Finance', sort: 3 },
    { code: 'HR', name: 'Human Resources', sort: 4 },
  ]);
}
