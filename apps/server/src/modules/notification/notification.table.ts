import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { notificationTypes, type NotificationLink, type NotificationTitleValues } from '@casedesk/shared';
import { timestamptz } from '../../platform/columns.js';
import { appUser, userKey } from '../user/user.table.js';

/** An in-app notification for one user (spec section 3); written in the transaction of what caused it. */
export const notification = pgTable(
  'notification',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id'),
    msType: text('ms_type', { enum: notificationTypes }).notNull(),
    /** Rendered in the recipient's language when written: the fallback when the key is unknown. */
    title: text('title').notNull(),
    /** The key of `notificationTitles` and its values: the title is re-rendered in the reader's language. */
    titleKey: text('title_key'),
    titleValues: jsonb('title_values').$type<NotificationTitleValues>(),
    content: text('content').notNull().default(''),
    linkData: jsonb('link_data').$type<NotificationLink>(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamptz('read_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notification_user_idx').on(t.toUserId, t.id),
    // The bell's count: a user's unread ones.
    index('notification_unread_idx')
      .on(t.toUserId)
      .where(sql`not ${t.isRead}`),
    userKey('notification_from_user_fk', t.fromUserId),
  ],
);
