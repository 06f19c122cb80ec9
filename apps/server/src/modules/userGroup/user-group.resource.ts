import { and, count, eq, inArray, notInArray } from 'drizzle-orm';
import {
  userGroupCreateSchema,
  userGroupDetailSchema,
  userGroupMessages,
  userGroupQuerySchema,
  userGroupSchema,
  userGroupUpdateSchema,
  msg,
} from '@casedesk/shared';
import { referenceRefusal } from '../../platform/references.js';
import { defineResource } from '../../platform/resource.js';
import { userDirectory } from '../../platform/user-directory.js';
import { addGroup, updateGroup } from './user-group.service.js';
import { userGroup } from './user-group.table.js';

export const userGroupResource = defineResource({
  name: 'UserGroup',
  module: 'userGroup',
  label: 'user group',
  table: userGroup,
  schemas: {
    record: userGroupSchema,
    create: userGroupCreateSchema,
    update: userGroupUpdateSchema,
    query: userGroupQuerySchema,
    detail: userGroupDetailSchema,
  },
  keywordColumns: [userGroup.name, userGroup.description],
  defaultOrder: [
    { field: 'sort', desc: false },
    { field: 'name', desc: false },
  ],
  async referencedBy(tx, ids) {
    const [fallback] = await tx
      .select({ n: count() })
      .from(userGroup)
      .where(and(inArray(userGroup.id, ids), eq(userGroup.isDefault, true)));
    if (fallback && fallback.n > 0) return msg(userGroupMessages, 'defaultNotDeletable');
    const [children] = await tx
      .select({ n: count() })
      .from(userGroup)
      .where(and(inArray(userGroup.parentId, ids), notInArray(userGroup.id, ids)));
    if (children && children.n > 0) return msg(userGroupMessages, 'hasChildren', { count: children.n });
    // Members, deleted users too (restoring a user brings their groups back).
    return referenceRefusal(tx, 'userGroup', ids);
  },
  async loadDetail(q, record) {
    const members = await userDirectory().groupMembers(q, record.id);
    return { members, memberCount: members.length };
  },
  exportColumns: [
    { field: 'name', width: 30 },
    { field: 'parentId' },
    { field: 'description', width: 40 },
    { field: 'sort', width: 8 },
    { field: 'status', values: 'activeStatus', width: 10 },
    { field: 'isDefault', values: 'boolean', width: 10 },
    { field: 'modifiedAt' },
  ],
  // The default-group rule behind Add and Update.
  operations: { add: addGroup, update: updateGroup },
});
