import { count, inArray } from 'drizzle-orm';
import { positionCreateSchema, positionQuerySchema, positionSchema, positionUpdateSchema } from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { appUser } from '../user/index.js';
import { position } from './position.table.js';

export const positionResource = defineResource({
  name: 'Position',
  module: 'position',
  label: 'position',
  table: position,
  schemas: {
    record: positionSchema,
    create: positionCreateSchema,
    update: positionUpdateSchema,
    query: positionQuerySchema,
  },
  keywordColumns: [position.name, position.code, position.description],
  defaultOrder: [
    { field: 'sort', desc: false },
    { field: 'name', desc: false },
  ],
  async referencedBy(tx, ids) {
    const [users] = await tx.select({ n: count() }).from(appUser).where(inArray(appUser.positionId, ids));
    if (users && users.n > 0) return `The position is held by ${users.n} user(s); change their position first.`;
    return undefined;
  },
  exportColumns: [
    { header: 'Code', field: 'code' },
    { header: 'Name', field: 'name', width: 30 },
    { header: 'Description', field: 'description', width: 40 },
    { header: 'Sort', field: 'sort', width: 8 },
    { header: 'Status', field: 'status' },
    { header: 'Modified', field: 'modifiedAt' },
  ],
});
