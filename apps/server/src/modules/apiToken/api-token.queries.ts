import { sql } from 'drizzle-orm';
import { noSessionId, type Actor } from '../../platform/actor.js';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { unauthorized } from '../../platform/errors.js';
import { actorColumns, actorOf, refuseUser, type UserRow } from '../auth/index.js';

type TokenActorRow = UserRow & { token_id: number; token_expires_at: Date; last_used_at: Date | null };

/**
 * The owner of a personal API token as the actor, or undefined when the token is unknown, revoked or
 * expired. An owner who is inactive, deleted or locked is refused with 401 (a token has no session to end).
 */
export async function loadActorByApiToken(
  q: Queryable,
  tokenHash: string,
): Promise<{ actor: Actor; lastUsedAt: Date | null } | undefined> {
  const [row] = await rowsOf<TokenActorRow>(
    q,
    sql`select ${actorColumns}, t.id as token_id, t.expires_at as token_expires_at, t.last_used_at
          from api_token t join app_user u on u.id = t.user_id
         where t.token_hash = ${tokenHash} and t.revoked_at is null and t.expires_at > now()`,
  );
  if (!row) return undefined;
  refuseUser(row, () => unauthorized());
  const actor = actorOf(row, noSessionId, Math.floor(new Date(row.token_expires_at).getTime() / 1000));
  return { actor: { ...actor, apiTokenId: row.token_id }, lastUsedAt: row.last_used_at };
}
