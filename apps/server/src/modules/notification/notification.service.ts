import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  isNotificationTitleKey,
  notificationLanguages,
  renderNotificationTitle,
  type Notification,
  type NotificationLanguage,
  type NotificationLink,
  type NotificationTitleKey,
  type NotificationTitleValues,
  type NotificationType,
  type Page,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { preparedStatement, type Db, type Queryable, type Tx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { publishSql, publishToUser } from '../../platform/live.js';
import { likePattern } from '../../platform/resource.js';
import { appUser, userNameSql } from '../user/index.js';
import { notification } from './notification.table.js';

/** The NOTIFY channel of new and read notifications: payload `<userId>:new:<id>` or `<userId>:read`. */
export const notificationChannel = 'casedesk_notification';

export type NewNotification = {
  toUserId: number;
  fromUserId?: number | null;
  msType: NotificationType;
  title: { key: NotificationTitleKey; values: NotificationTitleValues };
  /** As written, or worded per language (a workflow step's name): the row keeps the recipient's. */
  content?: string | ((language: NotificationLanguage) => string);
  linkData?: NotificationLink | null;
};

/**
 * The recipient's check, the row (its title rendered in the recipient's language: English for an unknown one)
 * and its live push, in one statement: each was a round trip of its own, and a ticket save writes several.
 * "Already told in this transaction" is a row for the user and ticket at `now()`, the transaction's start time.
 */
const writeStatement = preparedStatement<{ id: number }>('notification_write', () => {
  const $ = (name: keyof WriteValues) => sql.placeholder(name);
  return sql`with recipient as (
        select ${appUser.id} as id, ${appUser.language} as language from ${appUser}
        where ${appUser.id} = ${$('toUserId')}::integer and ${appUser.status} = 'Active' and ${appUser.deletedAt} is null
          and (${$('unlessToldOfTicket')}::integer is null or not exists (
            select 1 from ${notification} n where n.to_user_id = ${appUser.id} and n.created_at = now()
              and n.link_data->>'entity' = 'Ticket' and (n.link_data->>'id')::int = ${$('unlessToldOfTicket')}::integer))),
      written as (
        insert into ${notification} (to_user_id, from_user_id, ms_type, title, title_key, title_values, content, link_data)
        select id, ${$('fromUserId')}::integer, ${$('msType')}::text,
          coalesce(${$('titles')}::jsonb ->> language, ${$('titles')}::jsonb ->> 'en'),
          ${$('titleKey')}::text, ${$('titleValues')}::jsonb,
          coalesce(${$('contents')}::jsonb ->> language, ${$('contents')}::jsonb ->> 'en'), ${$('linkData')}::jsonb
        from recipient
        returning id, to_user_id)
    select id, ${publishSql(notificationChannel, sql`to_user_id`, sql`'new:' || id`)} from written`;
});
type WriteValues = {
  toUserId: number;
  fromUserId: number | null;
  msType: NotificationType;
  titles: string;
  titleKey: NotificationTitleKey;
  titleValues: string;
  contents: string;
  linkData: string | null;
  unlessToldOfTicket: number | null;
};

/**
 * Writes one notification inside the caller's transaction and queues its live push (sent at commit, to every
 * instance). Nothing for a user that does not exist, is disabled or deleted, nor (`unlessToldOfTicket`) for
 * one this transaction already told about that ticket. Answers the new id.
 */
export async function writeNotification(
  tx: Tx,
  input: NewNotification,
  options: { unlessToldOfTicket?: number } = {},
): Promise<number | undefined> {
  const { key, values } = input.title;
  const titles = Object.fromEntries(
    notificationLanguages.map((language) => [language, renderNotificationTitle(key, values, language)]),
  );
  const { content = '' } = input;
  const contents = Object.fromEntries(
    notificationLanguages.map((language) => [
      language,
      (typeof content === 'string' ? content : content(language)).slice(0, 2000),
    ]),
  );
  const [row] = await writeStatement(tx, {
    toUserId: input.toUserId,
    fromUserId: input.fromUserId ?? null,
    msType: input.msType,
    titles: JSON.stringify(titles),
    titleKey: key,
    titleValues: JSON.stringify(values),
    contents: JSON.stringify(contents),
    linkData: input.linkData ? JSON.stringify(input.linkData) : null,
    unlessToldOfTicket: options.unlessToldOfTicket ?? null,
  } satisfies WriteValues);
  return row ? Number(row.id) : undefined; // bigint: text from the driver
}

const columns = {
  id: notification.id,
  title: notification.title,
  titleKey: notification.titleKey,
  titleValues: notification.titleValues,
  content: notification.content,
  msType: notification.msType,
  fromUserId: notification.fromUserId,
  fromName: userNameSql(notification.fromUserId),
  toUserId: notification.toUserId,
  isRead: notification.isRead,
  readAt: notification.readAt,
  linkData: notification.linkData,
  createdAt: notification.createdAt,
};
type Row = Omit<Notification, 'readAt' | 'createdAt'> & {
  readAt: Date | null;
  createdAt: Date;
};

/** The row as answered: the title re-rendered in the reader's language when its key is known. */
function present(row: Row, language: string): Notification {
  const { titleKey, titleValues } = row;
  return {
    ...row,
    title:
      titleKey && isNotificationTitleKey(titleKey)
        ? renderNotificationTitle(titleKey, titleValues ?? {}, language)
        : row.title,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function languageOf(q: Queryable, userId: number): Promise<string> {
  const [user] = await q.select({ language: appUser.language }).from(appUser).where(eq(appUser.id, userId));
  return user?.language ?? 'en';
}

export type NotificationQuery = {
  page: number;
  pageSize: number;
  keyword?: string | undefined;
  isRead?: boolean | undefined;
  msType?: NotificationType | undefined;
};

/** The caller's own notifications, newest first. */
export async function queryNotifications(db: Db, actor: Actor, query: NotificationQuery): Promise<Page<Notification>> {
  const conditions: SQL[] = [eq(notification.toUserId, actor.userId)];
  if (query.isRead !== undefined) conditions.push(eq(notification.isRead, query.isRead));
  if (query.msType) conditions.push(eq(notification.msType, query.msType));
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    conditions.push(or(ilike(notification.title, pattern), ilike(notification.content, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [total], language] = await Promise.all([
    db
      .select(columns)
      .from(notification)
      .where(where)
      .orderBy(desc(notification.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(notification).where(where),
    languageOf(db, actor.userId),
  ]);
  return { items: rows.map((row) => present(row, language)), total: total?.n ?? 0 };
}

/** One of the user's own notifications (the stream's push), or undefined. */
export async function findOwnNotification(db: Db, userId: number, id: number): Promise<Notification | undefined> {
  const [[row], language] = await Promise.all([
    db
      .select(columns)
      .from(notification)
      .where(and(eq(notification.id, id), eq(notification.toUserId, userId))),
    languageOf(db, userId),
  ]);
  return row && present(row, language);
}

export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notification)
    .where(and(eq(notification.toUserId, userId), eq(notification.isRead, false)));
  return row?.n ?? 0;
}

/**
 * Marks the caller's `ids` (all of them must be the caller's: another user's answers 404, and nothing is
 * marked), or every unread one with `all`. Answers the unread count left; the caller's other tabs hear it.
 */
export async function markRead(
  db: Db,
  actor: Actor,
  input: { ids?: number[] | undefined; all?: boolean | undefined },
): Promise<{ unread: number }> {
  return db.transaction(async (tx) => {
    const own = eq(notification.toUserId, actor.userId);
    let target: SQL;
    if (input.all) target = own;
    else {
      const ids = [...new Set(input.ids ?? [])];
      if (ids.length === 0) return { unread: await unreadCount(tx, actor.userId) };
      const [found] = await tx
        .select({ n: count() })
        .from(notification)
        .where(and(own, inArray(notification.id, ids)));
      if ((found?.n ?? 0) !== ids.length) throw notFound();
      target = and(own, inArray(notification.id, ids))!;
    }
    const marked = await tx
      .update(notification)
      .set({ isRead: true, readAt: sql`now()` })
      .where(and(target, eq(notification.isRead, false)))
      .returning({ id: notification.id });
    if (marked.length > 0) await publishToUser(tx, notificationChannel, actor.userId, 'read');
    return { unread: await unreadCount(tx, actor.userId) };
  });
}
