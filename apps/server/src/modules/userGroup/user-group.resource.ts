import { and, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  userGroupCreateSchema,
  userGroupDetailSchema,
  userGroupMessages,
  userGroupQuerySchema,
  userGroupSchema,
  userGroupUpdateSchema,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { addGroup, updateGroup } from './user-group.service.js';
import { appUser } from '../user/index.js';
import { membersOf } from './user-group.queries.js';
import { userGroup, userGroupMember } from './user-group.table.js';

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
    if (fallback && fallback.n > 0) return userGroupMessages.defaultNotDeletable;
    const [children] = await tx
      .select({ n: count() })
      .from(userGroup)
      .where(and(inArray(userGroup.parentId, ids), notInArray(userGroup.id, ids)));
    if (children && children.n > 0) return userGroupMessages.hasChildren(children.n);
    // Deleted users count too: restoring a user brings their groups back.
    const [members] = await tx
      .select({
        n: count(),
        deleted: sql<number>`count(*) filter (where ${appUser.deletedAt} is not null)::int`,
      })
      .from(userGroupMember)
      .innerJoin(appUser, eq(appUser.id, userGroupMember.userId))
      .where(inArray(userGroupMember.groupId, ids));
    if (members && members.n > 0) return userGroupMessages.hasMembers(members.n, members.deleted);
    return undefined;
  },
  async loadDetail(q, record) {
    const members = await membersOf(q, record.id);
    return { members, memberCount: members.length };
  },
  exportColumns: [
    { header: 'Name', field: 'name', width: 30 },
    { header: 'Parent', field: 'parentId' },
    { header: 'Description', field: 'description', width: 40 },
    { header: 'Sort', field: 'sort', width: 8 },
    { header: 'Status', field: 'status', width: 10 },
    { header: 'Default', field: 'isDefault', width: 10 },
    { header: 'Modified', field: 'modifiedAt' },
  ],
  // The default-group rule behind Add and Update.
  operations: { add: addGroup, update: updateGroup },
});
