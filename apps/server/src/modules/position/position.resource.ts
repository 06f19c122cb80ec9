import { positionCreateSchema, positionQuerySchema, positionSchema, positionUpdateSchema } from '@casedesk/shared';
import { referenceRefusal } from '../../platform/references.js';
import { defineResource } from '../../platform/resource.js';
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
    return referenceRefusal(tx, 'position', ids);
  },
  exportColumns: [
    { field: 'code' },
    { field: 'name', width: 30 },
    { field: 'description', width: 40 },
    { field: 'sort', width: 8 },
    { field: 'status', values: 'activeStatus' },
    { field: 'modifiedAt' },
  ],
});
