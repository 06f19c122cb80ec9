import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../platform/columns.js';
import { authorKeys, userKey } from '../user/user.table.js';

export const userGroup = pgTable(
  'user_group',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    // At most one default group, whatever races: the database refuses a second one.
    uniqueIndex('user_group_one_default_uq')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    index('user_group_parent_idx').on(t.parentId),
    foreignKey({ name: 'user_group_parent_fk', columns: [t.parentId], foreignColumns: [t.id] }).onDelete('restrict'),
    ...authorKeys('user_group', t),
  ],
);

export const userGroupMember = pgTable(
  'user_group_member',
  { groupId: integer('group_id').notNull(), userId: integer('user_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('user_group_member_user_idx').on(t.userId),
    // A group with members is refused a delete (user-group service), even members of deleted users.
    foreignKey({ name: 'user_group_member_group_fk', columns: [t.groupId], foreignColumns: [userGroup.id] }).onDelete(
      'restrict',
    ),
    userKey('user_group_member_user_fk', t.userId),
  ],
);
