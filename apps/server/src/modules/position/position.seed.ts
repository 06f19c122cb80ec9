import type { Tx } from '../../platform/db.js';
import { position } from './position.table.js';

/** Demo positions. */
export async function seedDemoPositions(tx: Tx): Promise<void> {
  await tx.insert(position).values([
    { code: 'AGENT', name: 'Service desk agent', sort: 1 },
    { code: 'ENG', name: 'Engineer', sort: 2 },
    { code: 'LEAD', name: 'Team lead', sort: 3 },
  ]);
}
