import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  apiTokenPrefix,
  msg,
  settingMessages,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
  type ApiTokenWithOwner,
} from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { nextVersion } from '../../platform/columns.js';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { writeAudit } from '../../platform/audit.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { readSettings } from '../setting/index.js';
import { loadActorByApiToken } from './api-token.queries.js';
import { apiToken } from './api-token.table.js';
import { appUser } from '../user/index.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** How often `lastUsedAt` is written at most: a busy integration must not turn every read into a write. */
const lastUsedGranularityMs = 60_000;

export const isPersonalToken = (bearer: string) => bearer.startsWith(apiTokenPrefix);

const listColumns = {
  id: apiToken.id,
  userId: apiToken.userId,
  name: apiToken.name,
  prefix: apiToken.prefix,
  expiresAt: apiToken.expiresAt,
  lastUsedAt: apiToken.lastUsedAt,
  revokedAt: apiToken.revokedAt,
  createdAt: apiToken.createdAt,
};
type ListRow = Pick<typeof apiToken.$inferSelect, keyof typeof listColumns>;

const show = (row: ListRow): ApiToken => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  prefix: row.prefix,
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

async function requireTokensOn(db: Db) {
  if (!(await readSettings(db)).token.personalTokens) throw badRequest(msg(settingMessages, 'personalTokensOff'));
}

/** Creates a token for the caller; the plain value is answered this once and only its hash is kept. */
export async function createApiToken(db: Db, actor: Actor, input: ApiTokenCreate): Promise<ApiTokenCreated> {
  if (actor.apiTokenId !== undefined) throw new AppError('FORBIDDEN', msg(settingMessages, 'tokenCannotCreateToken'));
  await requireTokensOn(db);
  const token = `${apiTokenPrefix}${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + input.expiresInDays * 86_400_000);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiToken)
      .values({
        userId: actor.userId,
        name: input.name,
        prefix: token.slice(0, apiTokenPrefix.length + 6),
        tokenHash: sha256(token),
        expiresAt,
        createdBy: actor.userId,
        modifiedBy: actor.userId,
      })
      .returning(listColumns);
    if (!created) throw new Error('insert returned nothing');
    await writeAudit(tx, { entity: 'ApiToken', entityId: created.id, action: 'create', actorId: actor.userId });
    return created;
  });
  return { ...show(row), token };
}

export async function myApiTokens(db: Db, actor: Actor): Promise<ApiToken[]> {
  const rows = await db
    .select(listColumns)
    .from(apiToken)
    .where(eq(apiToken.userId, actor.userId))
    .orderBy(desc(apiToken.id));
  return rows.map(show);
}

/** Every user's tokens, newest first (Settings → Token, for administrators). */
export async function allApiTokens(db: Db): Promise<ApiTokenWithOwner[]> {
  const rows = await db
    .select({ ...listColumns, ownerLoginName: appUser.loginName })
    .from(apiToken)
    .innerJoin(appUser, eq(appUser.id, apiToken.userId))
    .orderBy(desc(apiToken.id))
    .limit(1000);
  return rows.map((row) => ({ ...show(row), ownerLoginName: row.ownerLoginName }));
}

/** Revokes one's own token; an administrator with `settings:edit` may revoke anyone's. Others' answer 404. */
export async function revokeApiToken(db: Db, actor: Actor, id: number): Promise<ApiToken> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select(listColumns).from(apiToken).where(eq(apiToken.id, id)).for('update');
    if (!found || (found.userId !== actor.userId && !hasPermission(actor, 'settings:edit'))) throw notFound();
    if (found.revokedAt) return show(found);
    const [row] = await tx
      .update(apiToken)
      .set({
        revokedAt: sql`now()`,
        ...nextVersion(apiToken, actor),
      })
      .where(eq(apiToken.id, id))
      .returning(listColumns);
    if (!row) throw notFound();
    await writeAudit(tx, {
      entity: 'ApiToken',
      entityId: id,
      action: 'update',
      actorId: actor.userId,
      changes: { revokedAt: { from: null, to: row.revokedAt?.toISOString() ?? null } },
    });
    return show(row);
  });
}

/**
 * The actor a `Bearer cdk_…` header stands for, or undefined (the caller answers 401): unknown,
 * revoked or expired token, or personal tokens turned off. Inactive, locked or deleted owners throw 401.
 */
export async function authenticateApiToken(db: Db, bearer: string): Promise<Actor | undefined> {
  if (!(await readSettings(db)).token.personalTokens) return undefined;
  const found = await loadActorByApiToken(db, sha256(bearer));
  if (!found) return undefined;
  const last = found.lastUsedAt ? new Date(found.lastUsedAt).getTime() : 0;
  if (Date.now() - last >= lastUsedGranularityMs) {
    const id = found.actor.apiTokenId!;
    await db
      .update(apiToken)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiToken.id, id),
          or(isNull(apiToken.lastUsedAt), lt(apiToken.lastUsedAt, sql`now() - interval '1 minute'`)),
        ),
      );
  }
  return found.actor;
}
