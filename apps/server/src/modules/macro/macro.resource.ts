import { getTableColumns } from 'drizzle-orm';
import {
  macroCreateSchema,
  macroMessages,
  macroQuerySchema,
  macroSchema,
  macroUpdateSchema,
  msg,
  type Macro,
} from '@casedesk/shared';
import { AppError } from '../../platform/errors.js';
import { defineResource } from '../../platform/resource.js';
import { userNameSql } from '../../platform/user-directory.js';
import { mayManage, macroScope, mayShare } from './macro.policy.js';
import { checkMacro } from './macro.service.js';
import { macro } from './macro.table.js';

const schemas = { record: macroSchema, create: macroCreateSchema, update: macroUpdateSchema, query: macroQuerySchema };
type MacroRow = Omit<Macro, 'createdAt' | 'modifiedAt'> & { createdAt: Date; modifiedAt: Date };

const refuseSharing = () => new AppError('FORBIDDEN', msg(macroMessages, 'sharedNeedsManage'));

/**
 * Macros: the kit's reads under `macroScope`, its writes behind `mayManage`; Add and Update judge sharing and the
 * steps' references with the caller in hand (a project is one the caller may use), so they are the module's.
 */
export const macroResource = defineResource<typeof macro, typeof schemas, MacroRow>({
  name: 'Macro',
  module: 'macro',
  label: 'macro',
  table: macro,
  schemas,
  // Every call is every agent's (their private macros); managing shared ones is the policy's `macro:*` check.
  access: { create: 'macro:view', edit: 'macro:view', delete: 'macro:view', batchDelete: 'macro:view' },
  columns: { ...getTableColumns(macro), ownerName: userNameSql(macro.ownerId) },
  keywordColumns: [macro.name],
  sortable: { name: macro.name, shared: macro.shared, modifiedAt: macro.modifiedAt },
  defaultOrder: [{ field: 'name', desc: false }],
  scope: macroScope,
  policy: {
    can: (actor, action, row) => mayManage(actor, action === 'delete' ? 'delete' : 'edit', row),
    refusal: msg(macroMessages, 'notYours'),
  },
  rowOf: (row, actor) => {
    const shown = row as unknown as MacroRow;
    return { ...shown, canManage: mayManage(actor, 'edit', shown) };
  },
  operations: {
    async add(db, actor, input): Promise<MacroRow> {
      if (input.shared && !mayShare(actor, true)) throw refuseSharing();
      await db.transaction((tx) => checkMacro(tx, actor, input));
      return macroResource.generic.add(db, actor, { ...input, ownerId: actor.userId } as typeof input);
    },
    async update(db, actor, input): Promise<MacroRow> {
      if (input.shared && !mayShare(actor, false)) throw refuseSharing();
      await db.transaction((tx) => checkMacro(tx, actor, input));
      return macroResource.generic.update(db, actor, input);
    },
  },
  exportColumns: [{ field: 'name', width: 30 }, { field: 'shared' }, { field: 'ownerName' }, { field: 'modifiedAt' }],
});
