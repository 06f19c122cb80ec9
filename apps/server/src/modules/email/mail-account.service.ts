import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  emailMessages,
  messages,
  type MailAccountCreate,
  type MailAccountTestResult,
  type MailAccountUpdate,
  msg,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { diff, writeAudit } from '../../platform/audit.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import { conflict, fieldRefusal, notFound } from '../../platform/errors.js';
import { versionedUpdate } from '../../platform/resource.js';
import { decryptPassword, encryptPassword } from './mail-crypto.js';
import { testIncoming, testSmtp } from './mail-connection.js';
import { mailAccount } from './email.table.js';

export type MailAccountRow = typeof mailAccount.$inferSelect;

/** An account as the API shows it: the password never, only whether one is stored. */
export function accountAnswer(row: MailAccountRow) {
  const { passwordEncrypted, nextFetchAt: _nextFetchAt, ...shown } = row;
  return { ...shown, hasPassword: passwordEncrypted !== '' };
}
export type MailAccountAnswer = ReturnType<typeof accountAnswer>;

/** What the audit log keeps of a row: never the (encrypted) password, only that it changed. */
const audited = (row: MailAccountRow) => ({ ...accountAnswer(row), password: row.passwordEncrypted ? 'changed' : '' });

const sameName = () => conflict(msg(emailMessages, 'accountNameTaken'));

/** The other default loses the flag (a new version: an editor holding the old one must reload). */
async function clearOtherDefaults(tx: Tx, id: number) {
  await tx
    .update(mailAccount)
    .set({ isDefault: false, rowVersion: sql`${mailAccount.rowVersion} + 1`, modifiedAt: new Date() })
    .where(and(eq(mailAccount.isDefault, true), ne(mailAccount.id, id)));
}

/**
 * The default follows the active accounts: with no active default left (the first account added, the default
 * disabled or un-ticked), the first active account by name takes it, so one account set up always sends.
 * (A deleted default leaves none flagged; the sender then falls back to the same first active account.)
 */
async function keepADefault(tx: Tx) {
  const [current] = await tx
    .select({ id: mailAccount.id })
    .from(mailAccount)
    .where(and(eq(mailAccount.isDefault, true), eq(mailAccount.status, 'Active')));
  if (current) return;
  const [next] = await tx
    .select({ id: mailAccount.id })
    .from(mailAccount)
    .where(eq(mailAccount.status, 'Active'))
    .orderBy(asc(mailAccount.name), asc(mailAccount.id))
    .limit(1);
  if (!next) return;
  await clearOtherDefaults(tx, next.id);
  await tx
    .update(mailAccount)
    .set({ isDefault: true, rowVersion: sql`${mailAccount.rowVersion} + 1`, modifiedAt: new Date() })
    .where(eq(mailAccount.id, next.id));
}

export async function addMailAccount(db: Db, actor: Actor, input: MailAccountCreate): Promise<MailAccountAnswer> {
  const { password, ...fields } = input;
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(mailAccount)
        .values({
          ...fields,
          passwordEncrypted: encryptPassword(password),
          // The defaults named in one place: the account is not the default until it is saved as one.
          isDefault: false,
          createdBy: actor.userId,
          modifiedBy: actor.userId,
        })
        .returning();
      if (!inserted) throw new Error('insert returned nothing');
      if (fields.isDefault) {
        // At most one default: the new one takes the flag (the partial unique index backs this up).
        await clearOtherDefaults(tx, inserted.id);
        await tx.update(mailAccount).set({ isDefault: true }).where(eq(mailAccount.id, inserted.id));
      }
      await keepADefault(tx);
      const [saved] = (await tx.select().from(mailAccount).where(eq(mailAccount.id, inserted.id))) as [MailAccountRow];
      await writeAudit(tx, { entity: 'MailAccount', entityId: saved.id, action: 'create', actorId: actor.userId });
      return saved;
    });
    return accountAnswer(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw sameName();
    throw error;
  }
}

export async function updateMailAccount(db: Db, actor: Actor, input: MailAccountUpdate): Promise<MailAccountAnswer> {
  const { id, rowVersion, password, ...fields } = input;
  try {
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(mailAccount).where(eq(mailAccount.id, id));
      if (!before) throw notFound();
      if (fields.isDefault) await clearOtherDefaults(tx, id);
      const versioned = versionedUpdate(mailAccount, id, rowVersion, actor);
      const [updated] = await tx
        .update(mailAccount)
        .set({
          ...fields,
          // Left out: the stored password stays.
          ...(password === undefined ? {} : { passwordEncrypted: encryptPassword(password) }),
          ...versioned.set,
        })
        .where(versioned.where)
        .returning();
      if (!updated) throw conflict(msg(messages, 'staleRowVersion'));
      await keepADefault(tx);
      const changes = diff(audited(before), audited(updated));
      if (password !== undefined) changes.password = { from: '***', to: '***' };
      await writeAudit(tx, { entity: 'MailAccount', entityId: id, action: 'update', actorId: actor.userId, changes });
      return updated;
    });
    return accountAnswer(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw sameName();
    throw error;
  }
}

export async function findAccount(q: Queryable, id: number): Promise<MailAccountRow> {
  const [row] = await q.select().from(mailAccount).where(eq(mailAccount.id, id));
  if (!row) throw notFound();
  return row;
}

/** Both connections of a stored account, each with what failed in words. */
export async function testMailAccount(db: Db, id: number): Promise<MailAccountTestResult> {
  const account = await findAccount(db, id);
  let password: string;
  try {
    password = decryptPassword(account.passwordEncrypted);
  } catch {
    throw fieldRefusal('password', msg(emailMessages, 'passwordRequired'));
  }
  const [smtp, incoming] = await Promise.all([testSmtp(account, password), testIncoming(account, password)]);
  return { smtp, incoming };
}

/** Whether an outgoing mail can be sent at all: an active account exists (the default or the sender's fallback). */
export async function outboxState(db: Db): Promise<{ accountReady: boolean }> {
  const [active] = await db
    .select({ id: mailAccount.id })
    .from(mailAccount)
    .where(eq(mailAccount.status, 'Active'))
    .limit(1);
  return { accountReady: active !== undefined };
}
